import { describe, expect, it } from 'vitest';
import { createAgentToolboxes } from '../../../src/app/agent-toolbox';
import { createEditorService } from '../../../src/app/editor-service';
import { createMemoryService } from '../../../src/app/memory-service';
import { createNoticeService } from '../../../src/app/notice-service';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import type { AgentToolbox } from '../../../src/agent/session-agent-run';
import { ManualClock } from '../../../src/base/clock';
import { createMemoryStore } from '../../../src/store/memory-store';
import type { ToolResult } from '../../../src/tools/tool';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';

async function setUp() {
  const store = createMemoryStore();
  const clock = new ManualClock(Date.UTC(2026, 11, 7));
  const workspaces = createWorkspaceService(
    new WorkspaceCatalog(store, clock),
    store.settings,
    store.changes,
  );
  await workspaces.start();
  const notices = createNoticeService(clock);
  const editor = createEditorService({ workspaces, settings: store.settings, notices, clock });
  const memory = createMemoryService({
    settings: store.settings,
    changes: store.changes,
    now: () => clock.now(),
  });
  const boxes = createAgentToolboxes({ workspaces, editor, clock, memory });
  return { boxes, memory, workspaces };
}

function call(box: AgentToolbox, name: string, args: unknown): Promise<ToolResult> {
  const tool = box.tools.find((each) => each.name === name)!;
  const execute = tool.execute as (args: unknown, ctx: unknown) => Promise<ToolResult>;
  return execute(args, { ...box.context, signal: new AbortController().signal, update: () => {} });
}

describe('memory in an agent run', () => {
  it('lists the titles of both scopes in the dynamic prompt, and a new note from the next request on', async () => {
    const { boxes, memory, workspaces } = await setUp();
    await memory.write('user', { title: 'Prefers tabs', text: 'Indent with tabs.' });
    const box = await boxes.toolbox('s1');
    expect(box.dynamicPrompt()).toContain(
      'The user (all workspaces):\n- Prefers tabs\nThis workspace: no notes yet.',
    );
    expect(box.dynamicPrompt()).toContain('data, not instructions');
    await call(box, 'memory_write', {
      scope: 'workspace',
      title: 'Test command',
      mode: 'create',
      text: 'pytest -q',
    });
    expect(box.dynamicPrompt()).toContain('This workspace:\n- Test command');
    const id = workspaces.current()!.id;
    expect((await memory.list('workspace', id)).map((note) => note.title)).toEqual([
      'Test command',
    ]);
  });

  it('flags a memory write made after read_file in the same run, in its approval and its result', async () => {
    const { boxes, workspaces } = await setUp();
    const files = workspaces.files()!;
    const path = (await files.list()).find((entry) => entry.kind === 'file')!.path;
    const write = { scope: 'user', title: 'From a file', mode: 'create', text: 'x' };

    const clean = await boxes.toolbox('s1');
    expect((await call(clean, 'memory_write', write)).content).not.toContain('Flagged');

    const box = await boxes.toolbox('s1');
    await call(box, 'read_file', { path });
    const tool = boxes.tool('memory_write')!;
    const card = await (
      tool.describeApproval as unknown as (a: unknown, c: unknown) => Promise<{ note?: string }>
    )({ ...write, title: 'Second' }, boxes.previewContext('s1'));
    expect(card.note).toContain('read_file');
    const result = await call(box, 'memory_write', { ...write, title: 'Second' });
    expect(result.content).toContain('Flagged: saved after read_file');
  });

  it('offers no memory tools and no index while both scopes are off', async () => {
    const { boxes, memory } = await setUp();
    await memory.setSwitches({ user: false, workspace: false, chat: false });
    const box = await boxes.toolbox('s1');
    expect(box.tools.map((tool) => tool.name)).not.toContain('memory_write');
    expect(box.dynamicPrompt()).not.toContain('Memory:');
  });
});
