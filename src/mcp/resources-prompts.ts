import type { GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpConnection, McpRequestOptions, McpServerReport } from './mcp-connection';

/**
 * Resources and prompts of a server, as plain functions for the UI: browse resources and
 * attach one to a message; use a prompt as a slash command with its arguments. Failures
 * throw CoveError (src/mcp/mcp-errors.ts).
 */

/** resources/list, all pages. */
export async function listResources(
  connection: McpConnection,
  signal?: AbortSignal,
): Promise<McpServerReport['resources']> {
  const all: McpServerReport['resources'] = [];
  let cursor: string | undefined;
  do {
    const page = await connection.request(
      (client, sdk) => client.listResources(cursor ? { cursor } : undefined, sdk),
      { signal },
    );
    all.push(...page.resources);
    cursor = page.nextCursor;
  } while (cursor && all.length < 10_000);
  return all;
}

/** prompts/list, all pages. */
export async function listPrompts(
  connection: McpConnection,
  signal?: AbortSignal,
): Promise<McpServerReport['prompts']> {
  const all: McpServerReport['prompts'] = [];
  let cursor: string | undefined;
  do {
    const page = await connection.request(
      (client, sdk) => client.listPrompts(cursor ? { cursor } : undefined, sdk),
      { signal },
    );
    all.push(...page.prompts);
    cursor = page.nextCursor;
  } while (cursor && all.length < 10_000);
  return all;
}

/** One resource's contents as text, for attaching to a message. */
export interface ResourceText {
  uri: string;
  mimeType?: string;
  /** The text, or a note saying the contents are binary. */
  text: string;
  /** Base64 data of binary contents, when there were any. */
  blob?: string;
}

/** resources/read: every content item of the resource. */
export async function readResource(
  connection: McpConnection,
  uri: string,
  options: McpRequestOptions = {},
): Promise<ResourceText[]> {
  const result: ReadResourceResult = await connection.request(
    (client, sdk) => client.readResource({ uri }, sdk),
    options,
  );
  return result.contents.map((item) => {
    if ('text' in item && typeof item.text === 'string') {
      return { uri: item.uri, mimeType: item.mimeType, text: item.text };
    }
    const blob = 'blob' in item && typeof item.blob === 'string' ? item.blob : '';
    return {
      uri: item.uri,
      mimeType: item.mimeType,
      text: `[Binary contents, about ${Math.floor((blob.length * 3) / 4)} bytes.]`,
      blob,
    };
  });
}

/**
 * resources/subscribe: the server sends resources/updated when `uri` changes (seen through
 * {@link McpConnection.onServerChange}). False when the server does not offer subscriptions.
 */
export async function subscribeResource(
  connection: McpConnection,
  uri: string,
  options: McpRequestOptions = {},
): Promise<boolean> {
  await connection.connect(options.signal);
  if (!connection.capabilities?.resources?.subscribe) return false;
  await connection.request((client, sdk) => client.subscribeResource({ uri }, sdk), options);
  return true;
}

/** resources/unsubscribe; never throws (the server forgets it with the session anyway). */
export async function unsubscribeResource(connection: McpConnection, uri: string): Promise<void> {
  if (!connection.capabilities?.resources?.subscribe) return;
  await connection
    .request((client, sdk) => client.unsubscribeResource({ uri }, sdk))
    .catch(() => undefined);
}

/** A prompt's messages, flattened to role and text for the composer. */
export interface PromptMessageText {
  role: 'user' | 'assistant';
  text: string;
}

/** prompts/get with the user's arguments; non-text parts become a note with their URI. */
export async function getPrompt(
  connection: McpConnection,
  name: string,
  args: Record<string, string> = {},
  options: McpRequestOptions = {},
): Promise<{ description?: string; messages: PromptMessageText[] }> {
  const result: GetPromptResult = await connection.request(
    (client, sdk) => client.getPrompt({ name, arguments: args }, sdk),
    options,
  );
  return {
    description: result.description,
    messages: result.messages.map((message) => ({
      role: message.role,
      text: promptContentText(message.content),
    })),
  };
}

function promptContentText(content: GetPromptResult['messages'][number]['content']): string {
  switch (content.type) {
    case 'text':
      return content.text;
    case 'resource':
      return 'text' in content.resource && typeof content.resource.text === 'string'
        ? `Resource ${content.resource.uri}:\n${content.resource.text}`
        : `[Binary resource ${content.resource.uri}]`;
    case 'resource_link':
      return `Resource link: ${content.uri}`;
    default:
      return `[${content.type} content]`;
  }
}
