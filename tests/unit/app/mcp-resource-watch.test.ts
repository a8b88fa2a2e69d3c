import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  RootsListChangedNotificationSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { createSignal } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { createMcpComposer, type McpAttachment } from '../../../src/app/mcp-composer';
import { createMcpServerStore } from '../../../src/app/mcp-server-store';
import { createMcpService } from '../../../src/app/mcp-service';
import { systemClock } from '../../../src/base/clock';
import { createMemoryStore } from '../../../src/store/memory-store';
import { startInProcessServer } from '../mcp/in-process-server';
import { waitUntil } from '../support/wait-until';

/**
 * What the composer follows on a server while the person writes: an attached resource the
 * server reports changes of, its lists changing, and the workspace (roots) changing.
 */

/** A server whose status page changes on demand, that reports it to subscribers. */
function statusServer(state: { version: number; subscribed: string[]; rootsAsked: number }) {
  return () => {
    const server = new McpServer(
      { name: 'status', version: '1.0.0' },
      { capabilities: { resources: { subscribe: true, listChanged: true } } },
    );
    server.registerResource('status', 'status://now', {}, (uri) => ({
      contents: [{ uri: uri.href, text: `version ${state.version}` }],
    }));
    server.server.setRequestHandler(SubscribeRequestSchema, (request) => {
      state.subscribed.push(request.params.uri);
      return {};
    });
    server.server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
      state.subscribed = state.subscribed.filter((uri) => uri !== request.params.uri);
      return {};
    });
    server.server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
      state.rootsAsked += 1;
    });
    return server;
  };
}

async function setup(workspaceName?: () => string | undefined) {
  const state = { version: 1, subscribed: [] as string[], rootsAsked: 0 };
  const server = startInProcessServer(statusServer(state));
  const mcp = createMcpService({
    store: createMcpServerStore(createMemoryStore().settings),
    fetch: server.fetch,
    clock: systemClock,
    ...(workspaceName ? { workspaceName } : {}),
  });
  const id = await mcp.add({ name: 'status', url: server.url, headers: {} });
  return { state, server, mcp, id, composer: createMcpComposer(mcp) };
}

describe('what the composer follows on MCP servers', () => {
  it('reads an attached resource again when the server says it changed, until let go', async () => {
    const { state, server, mcp, id, composer } = await setup();
    const attachment = await composer.attach(id, 'status://now', 'status');
    expect(attachment.text).toBe('version 1');
    const seen: McpAttachment[] = [];
    const stop = composer.watch(attachment, (fresh) => seen.push(fresh));
    await waitUntil(() => expect(state.subscribed).toEqual(['status://now']));
    await waitUntil(() => expect(server.requests).toContain('GET'));

    state.version = 2;
    await (server.servers[0] as McpServer).server.sendResourceUpdated({ uri: 'status://now' });
    await waitUntil(() => expect(seen.at(-1)?.text).toBe('version 2'));
    expect(seen.at(-1)?.updatedAt).toEqual(expect.any(Number));

    stop();
    await waitUntil(() => expect(state.subscribed).toEqual([]));
    await mcp.close();
  });

  it('tells when a listed server’s resources or prompts changed', async () => {
    const { server, mcp, composer } = await setup();
    let changes = 0;
    composer.onListsChanged(() => (changes += 1));
    const [offer] = await composer.offers();
    expect(offer!.resources.map((r) => r.name)).toEqual(['status']);
    await waitUntil(() => expect(server.requests).toContain('GET'));

    (server.servers[0] as McpServer).registerResource('log', 'status://log', {}, (uri) => ({
      contents: [{ uri: uri.href, text: 'log' }],
    }));
    await waitUntil(() => expect(changes).toBeGreaterThan(0));
    const [fresh] = await composer.offers();
    expect(fresh!.resources.map((r) => r.name)).toEqual(['status', 'log']);
    await mcp.close();
  });

  it('tells connected servers when another workspace is opened', async () => {
    const [workspace, setWorkspace] = createSignal<string | undefined>('Welcome');
    const { state, server, mcp, id } = await setup(workspace);
    await mcp.connect(id);
    await waitUntil(() => expect(server.requests).toContain('GET'));
    // Opening a workspace passes through none: told once, for the one opened.
    setWorkspace(undefined);
    setWorkspace('Other');
    await waitUntil(() => expect(state.rootsAsked).toBe(1));
    await mcp.connect(id);
    expect(server.requests.filter((r) => r === 'POST notifications/roots/list_changed')).toEqual([
      'POST notifications/roots/list_changed',
    ]);
    await mcp.close();
  });
});
