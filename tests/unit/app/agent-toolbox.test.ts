import { describe, expect, it } from 'vitest';
import { createAgentToolboxes } from '../../../src/app/agent-toolbox';
import { createEditorService } from '../../../src/app/editor-service';
import { createNoticeService } from '../../../src/app/notice-service';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { ManualClock } from '../../../src/base/clock';
import type { ToolResult } from '../../../src/tools/tool';
import { createMemoryStore } from '../../../src/store/memory-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';

async function toolboxes(allowPrivateNetwork: () => boolean) {
  const store = createMemoryStore();
  const clock = new ManualClock(Date.UTC(2026, 11, 3));
  const workspaces = createWorkspaceService(
    new WorkspaceCatalog(store, clock),
    store.settings,
    store.changes,
  );
  await workspaces.start();
  const notices = createNoticeService(clock);
  const editor = createEditorService({ workspaces, settings: store.settings, notices, clock });
  return createAgentToolboxes({
    workspaces,
    editor,
    clock,
    web: {
      fetch: () => Promise.reject(new TypeError('no network in this test')),
      parseHtml: () => {
        throw new Error('not used');
      },
    },
    allowPrivateNetwork,
  });
}

/** Runs fetch_url as a run of session s1 would, with the context of a run starting now. */
async function fetchAs(boxes: Awaited<ReturnType<typeof toolboxes>>, url: string) {
  const context = (await boxes.toolbox('s1')).context;
  const tool = boxes.tool('fetch_url')!;
  const execute = tool.execute as (args: unknown, ctx: unknown) => Promise<ToolResult>;
  return execute({ url }, { ...context, signal: new AbortController().signal, update: () => {} });
}

describe('agent toolboxes', () => {
  it("fetch_url reaches private networks only while Settings → Agent allows it, read at each run's start", async () => {
    let allowed = false;
    const boxes = await toolboxes(() => allowed);
    const refused = await fetchAs(boxes, 'http://192.168.1.1/');
    expect(refused.isError).toBe(true);
    expect(refused.content).toMatch(/private|local/i);

    allowed = true;
    const tried = await fetchAs(boxes, 'http://192.168.1.1/');
    // Allowed now: the request is made (and fails only because this test has no network).
    expect(tried.content).not.toMatch(/private network|loopback/i);
    expect(boxes.catalog().find((t) => t.name === 'fetch_url')?.approval).toBe('network');
  });
});
