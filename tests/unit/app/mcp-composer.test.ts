import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userMessageText } from '../../../src/agent/message-attachments';
import { createMcpComposer, resourceAttachment } from '../../../src/app/mcp-composer';
import { createMcpServerStore } from '../../../src/app/mcp-server-store';
import { createMcpService } from '../../../src/app/mcp-service';
import { systemClock } from '../../../src/base/clock';
import { CoveError } from '../../../src/base/errors';
import { createMemoryStore } from '../../../src/store/memory-store';
import { startInProcessServer } from '../mcp/in-process-server';

/** The composer's MCP offers over an SDK server run in-process: resources and prompts. */

function docsServer(): McpServer {
  const server = new McpServer({ name: 'docs', version: '1.0.0' });
  server.registerResource('notes.md', 'docs://notes.md', { mimeType: 'text/markdown' }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/markdown', text: '# Notes\nShip on Friday.' }],
  }));
  server.registerResource(
    'chapter',
    new ResourceTemplate('docs://book/{chapter}{?lang}', { list: undefined }),
    { title: 'Chapter', description: 'One chapter of the book' },
    (uri, { chapter, lang }) => ({
      contents: [{ uri: uri.href, text: `Chapter ${String(chapter)} (${String(lang ?? 'en')})` }],
    }),
  );
  server.registerPrompt(
    'summarize',
    { description: 'Summarize a topic', argsSchema: { topic: z.string() } },
    ({ topic }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize ${topic}.` } }],
    }),
  );
  return server;
}

async function setup() {
  const server = startInProcessServer(docsServer);
  const mcp = createMcpService({
    store: createMcpServerStore(createMemoryStore().settings),
    fetch: server.fetch,
    clock: systemClock,
  });
  await mcp.add({ name: 'docs', url: server.url, headers: {} });
  return { mcp, composer: createMcpComposer(mcp) };
}

describe('MCP in the composer', () => {
  it('lists resources and prompts, and attaches a resource’s text to the message', async () => {
    const { mcp, composer } = await setup();
    const [offer] = await composer.offers();
    expect(offer!.resources.map((r) => r.name)).toEqual(['notes.md']);
    expect(offer!.prompts.map((p) => p.name)).toEqual(['summarize']);
    const attachment = await composer.attach(offer!.serverId, 'docs://notes.md', 'notes.md');
    expect(resourceAttachment(attachment).name).toBe('docs: notes.md');
    const message = userMessageText('When do we ship?', [resourceAttachment(attachment)]);
    expect(message).toBe(
      '<resource server="docs" uri="docs://notes.md">\n# Notes\nShip on Friday.\n</resource>\n\nWhen do we ship?',
    );
    await mcp.close();
  });

  it('lists resource templates with their variables and attaches the resource the values name', async () => {
    const { mcp, composer } = await setup();
    const [offer] = await composer.offers();
    const [template] = offer!.templates;
    expect(template).toMatchObject({
      name: 'chapter',
      title: 'Chapter',
      variables: [
        { name: 'chapter', required: true },
        { name: 'lang', required: false },
      ],
    });
    const attachment = await composer.attachTemplate(offer!.serverId, template!, {
      chapter: '3',
      lang: 'fr',
    });
    expect(attachment).toMatchObject({
      label: 'Chapter (3, fr)',
      uri: 'docs://book/3?lang=fr',
      text: 'Chapter 3 (fr)',
    });
    const missing = await composer
      .attachTemplate(offer!.serverId, template!, { lang: 'fr' })
      .catch((e: unknown) => e);
    expect((missing as CoveError).userText).toMatch(/Chapter needs chapter/);
    await mcp.close();
  });

  it('expands a prompt command into its messages, and says what is missing', async () => {
    const { mcp, composer } = await setup();
    expect(await composer.expand('/docs:summarize topic=MCP')).toBe('Summarize MCP.');
    expect(await composer.expand('/other:summarize x')).toBeUndefined();
    expect(await composer.expand('just text')).toBeUndefined();
    const missing = await composer.expand('/docs:summarize').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(CoveError);
    expect((missing as CoveError).userText).toMatch(/needs topic.*\/docs:summarize topic=/);
    const unknown = await composer.expand('/docs:nope').catch((e: unknown) => e);
    expect((unknown as CoveError).userText).toMatch(/no prompt “nope”.*summarize/);
    await mcp.close();
  });
});
