/**
 * A server's request for a completion (MCP sampling), handed to whoever asks the person
 * (the app): the person sees the system prompt and the messages, may edit or refuse them,
 * and sees the reply before it goes back. Cove sends text; other content (an image, audio)
 * is named in the text, never dropped unsaid.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  McpError,
  type CreateMessageResult,
} from '@modelcontextprotocol/sdk/types.js';

/** One message of the conversation the server wants completed, as text. */
export interface SamplingMessage {
  role: 'user' | 'assistant';
  text: string;
}

export interface SamplingRequest {
  serverId: string;
  serverName: string;
  systemPrompt: string;
  messages: SamplingMessage[];
  /** The server's limit on the reply, in tokens. */
  maxTokens: number;
  temperature?: number;
  /** Aborted when the call that asked ended. */
  signal: AbortSignal;
}

export type SamplingAnswer =
  | { action: 'reply'; text: string; model: string; stopReason: 'endTurn' | 'maxTokens' }
  | { action: 'refuse' };

export type SamplingHandler = (request: SamplingRequest) => Promise<SamplingAnswer>;

/** JSON-RPC error the spec suggests for a refused sampling request. */
const USER_REJECTED = -1;

/** The text of one content part, or a note naming what it was. */
function partText(part: unknown): string {
  const content = part as { type?: string; text?: string; mimeType?: string };
  if (content.type === 'text' && typeof content.text === 'string') return content.text;
  return `[${content.type ?? 'content'}${content.mimeType ? ` (${content.mimeType})` : ''} left out: Cove sends text only]`;
}

/** Answers `client`'s sampling requests through `ask` (see answerElicitations for `waiting`). */
export function answerSampling(
  client: Client,
  server: { id: string; name: string },
  ask: SamplingHandler,
  waiting: (isWaiting: boolean) => void,
): void {
  client.setRequestHandler(
    CreateMessageRequestSchema,
    async (request, extra): Promise<CreateMessageResult> => {
      const params = request.params;
      const messages = params.messages.map((message) => ({
        role: message.role,
        text: (Array.isArray(message.content) ? message.content : [message.content])
          .map(partText)
          .join('\n'),
      }));
      waiting(true);
      try {
        const answer = await ask({
          serverId: server.id,
          serverName: server.name,
          systemPrompt: params.systemPrompt ?? '',
          messages,
          maxTokens: params.maxTokens,
          ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
          signal: extra.signal,
        });
        if (answer.action === 'refuse')
          throw new McpError(USER_REJECTED, 'The person refused this sampling request.');
        return {
          role: 'assistant',
          content: { type: 'text', text: answer.text },
          model: answer.model,
          stopReason: answer.stopReason,
        };
      } finally {
        waiting(false);
      }
    },
  );
}
