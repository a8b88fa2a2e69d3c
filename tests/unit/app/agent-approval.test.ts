import { describe, expect, it } from 'vitest';
import type { AgentTool } from '../../../src/agent/tool-catalog';
import { describeApproval } from '../../../src/app/agent-approval';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { ManualClock } from '../../../src/base/clock';
import { createMemoryStore } from '../../../src/store/memory-store';
import { runPythonTool } from '../../../src/tools/python/run-python-tool';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';

const tool = runPythonTool as unknown as AgentTool;

async function workspaceFiles() {
  const store = createMemoryStore();
  const catalog = new WorkspaceCatalog(store, new ManualClock(0));
  const workspaces = createWorkspaceService(catalog, store.settings, store.changes);
  await workspaces.start();
  return workspaces.files()!;
}

const request = (args: Record<string, unknown>) => ({
  callId: 'c1',
  toolName: 'run_python',
  kind: 'code' as const,
  args,
  signal: new AbortController().signal,
});

describe('the approval card of run_python', () => {
  it('a run by path shows the code of the file as it is now', async () => {
    const files = await workspaceFiles();
    await files.write('tools/clean.py', 'import shutil\nshutil.rmtree("build")\n');
    const card = await describeApproval(request({ path: 'tools/clean.py' }), tool, { files });
    expect(card).toMatchObject({
      title: 'Run tools/clean.py',
      view: {
        kind: 'code',
        language: 'python',
        path: 'tools/clean.py',
        code: 'import shutil\nshutil.rmtree("build")\n',
      },
    });
    expect(card.problem).toBeUndefined();
  });

  it('a path that is not there says so instead of an empty box', async () => {
    const files = await workspaceFiles();
    const card = await describeApproval(request({ path: 'missing.py' }), tool, { files });
    expect(card).toMatchObject({ view: { kind: 'code', code: '' } });
    expect(card.problem).toBe('missing.py is not in the workspace or is not a text file.');
  });

  it('code given inline is shown as it is', async () => {
    const card = await describeApproval(request({ code: 'print(1)' }), tool, undefined);
    expect(card).toMatchObject({ title: 'Run Python', view: { kind: 'code', code: 'print(1)' } });
  });
});
