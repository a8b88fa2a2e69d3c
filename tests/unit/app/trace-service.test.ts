import { describe, expect, it } from 'vitest';
import { createAppLog } from '../../../src/app/app-log';
import { captureConsole } from '../../../src/app/app-log-console';
import { startChat } from '../../fakes/start-chat';
import { createEditorService } from '../../../src/app/editor-service';
import { createNoticeService } from '../../../src/app/notice-service';
import { createMemorySessionLocks } from '../../../src/app/session-locks';
import { createTraceService } from '../../../src/app/trace-service';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { ManualClock } from '../../../src/base/clock';
import { makeScriptedChatClient, type ScriptStep } from '../../../src/llm';
import type { CoveStore } from '../../../src/store/cove-store';
import { createMemoryLogStore } from '../../../src/store/memory-log-store';
import { createMemoryStore } from '../../../src/store/memory-store';
import type { ModelStepRecord, ToolStepRecord } from '../../../src/store/run-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { fakeProviderService } from '../../fakes/provider-service';
import { waitUntil } from '../support/wait-until';

/** The chat service with traces and the app log wired as services.ts does. */
async function open(
  store: CoveStore,
  steps: ScriptStep[],
  locks = createMemorySessionLocks(),
  { started = true } = {},
) {
  const clock = new ManualClock(Date.UTC(2026, 11, 3));
  const log = createAppLog({ store: store.logs, clock });
  const notices = createNoticeService(clock, (error, context) =>
    log.report('error', 'app', error, context),
  );
  const catalog = new WorkspaceCatalog(store, clock);
  const workspaces = createWorkspaceService(catalog, store.settings, store.changes);
  await workspaces.start();
  const editor = createEditorService({ workspaces, settings: store.settings, notices, clock });
  const traces = createTraceService({
    runs: store.runs,
    clock,
    locks,
    log,
    describe: () => ({
      model: 'p1/m1',
      price: { inputPerMillion: 1, outputPerMillion: 2 },
      sessionTitle: 'Title',
    }),
  });
  const chat = startChat({
    store,
    workspaces,
    editor,
    providers: fakeProviderService(),
    client: makeScriptedChatClient(steps, { clock }),
    clock,
    locks,
    notices,
    observe: (event) => traces.observe(event),
    onApprovalDecision: (sessionId, callId, decision, waitMs) =>
      traces.noteDecision(sessionId, callId, decision, waitMs),
  });
  await chat.start();
  // As main.tsx does once the shell is up: the persister loads then.
  if (started) await traces.start();
  return { chat, traces, log, clock, workspaces, store };
}

describe('traces of agent runs in the app', () => {
  it('records a run with its model and tool steps, the approval and the wait, and exports it', async () => {
    const store = createMemoryStore();
    const app = await open(store, [
      {
        toolCalls: [
          { id: 'c1', name: 'write_file', arguments: { path: 'a.py', content: 'x=1\n' } },
        ],
        usage: { inputTokens: 1000, outputTokens: 100 },
      },
      { text: 'Wrote a.py.', usage: { inputTokens: 1200, outputTokens: 20 } },
    ]);
    app.chat.newSession('agent');
    const sending = app.chat.send('Write a.py');
    await waitUntil(() => expect(app.chat.agent.approval()).toBeDefined());
    await app.clock.advance(3_000);
    app.chat.agent.decide({ kind: 'approve' });
    await sending;

    const [run] = await store.runs.list();
    expect(run).toMatchObject({
      model: 'p1/m1',
      sessionTitle: 'Title',
      status: 'done',
      steps: 3,
      turns: 2,
      usage: { inputTokens: 2200, outputTokens: 120, totalTokens: 2320 },
    });
    expect(run!.usage.cost).toBeCloseTo((2200 * 1 + 120 * 2) / 1e6);
    const trace = (await app.traces.trace(run!.id))!;
    expect(trace.steps.map((s) => s.kind)).toEqual(['model', 'tool', 'model']);
    const tool = trace.steps[1] as ToolStepRecord;
    expect(tool).toMatchObject({
      toolName: 'write_file',
      args: { path: 'a.py', content: 'x=1\n' },
      outcome: 'ok',
      approval: { decision: 'approved', waitMs: 3_000 },
    });
    expect((trace.steps[2] as ModelStepRecord).text).toBe('Wrote a.py.');
    const exported = JSON.parse(app.traces.exportJson(trace)) as typeof trace & { kind: string };
    expect(exported.kind).toBe('cove-run-trace');
    expect(exported.steps).toHaveLength(3);
  });

  // Invariant 8: an API key goes only to its own origin, in the auth header.
  it('a failed model call is in the trace and in the app log, with the key redacted', async () => {
    const store = createMemoryStore();
    const key = 'sk-live-0123456789abcdefghij';
    const app = await open(store, [
      {
        error: {
          kind: 'auth',
          message: `Incorrect API key provided: ${key}`,
          hint: 'Check the key.',
          detail: `Authorization: Bearer ${key}`,
        },
      },
    ]);
    app.chat.newSession('agent');
    await app.chat.send('Hi');
    const [run] = await store.runs.list();
    expect(run).toMatchObject({ status: 'error', error: { code: 'llm' } });
    await app.log.flush();
    const logged = await store.logs.list();
    const provider = logged.find((entry) => entry.source === 'provider');
    expect(provider).toMatchObject({ level: 'error' });
    expect(provider!.message).toContain('Incorrect API key provided');
    expect(JSON.stringify(logged)).not.toContain(key);
    expect(JSON.stringify(await store.runs.get(run!.id))).not.toContain(key);
  });

  it('an agent run that ends before the persister loaded is recorded all the same', async () => {
    const store = createMemoryStore();
    const app = await open(store, [{ text: 'Hello.' }], undefined, { started: false });
    app.chat.newSession('agent');
    await app.chat.send('Hi');
    await waitUntil(async () =>
      expect(await store.runs.list()).toMatchObject([{ status: 'done', turns: 1 }]),
    );
  });

  it('a run left running by a closed tab is marked interrupted at the next start', async () => {
    const store = createMemoryStore();
    await store.sessions.put({
      id: 'left',
      workspaceId: 'w1',
      title: 'Left running',
      mode: 'agent',
      leafId: null,
      createdAt: 0,
      updatedAt: 0,
      starred: false,
    });
    await store.runs.save(
      {
        id: 'old',
        sessionId: 'left',
        model: 'p1/m1',
        status: 'running',
        startedAt: 1,
        steps: 0,
        turns: 0,
        usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
      },
      [],
    );
    const app = await open(store, []);
    await app.traces.start();
    expect((await store.runs.get('old'))?.run.status).toBe('interrupted');
    expect(app.log.entries().map((e) => e.message)).toContain(
      '1 agent run was interrupted (the tab closed mid-run)',
    );
  });
});

describe('app log', () => {
  it('redacts keys and authorization headers in messages and details', async () => {
    const store = createMemoryLogStore();
    const log = createAppLog({
      store,
      clock: new ManualClock(0),
      knownSecrets: () => ['my-own-secret-value'],
    });
    log.error('mcp', 'POST failed with Authorization: Bearer abc.def.ghi', 'x-api-key: zzz999');
    log.report('warn', 'provider', new Error('key my-own-secret-value refused'), 'Test');
    await log.flush();
    const stored = await store.list();
    expect(stored.map((e) => e.message)).toEqual([
      'POST failed with Authorization: Bearer [redacted]',
      'Test: key [redacted] refused',
    ]);
    expect(stored[0]!.detail).toBe('x-api-key: [redacted]');
    expect(JSON.stringify(stored)).not.toMatch(/abc\.def|zzz999|my-own-secret/);
  });

  it('keeps the newest entries past its capacity, in the store and on screen', async () => {
    const store = createMemoryLogStore(3);
    const log = createAppLog({ store, clock: new ManualClock(0), capacity: 3 });
    for (let i = 1; i <= 5; i++) log.warn('app', `w${i}`);
    await log.flush();
    expect(log.entries().map((e) => e.message)).toEqual(['w3', 'w4', 'w5']);
    expect((await store.list()).map((e) => e.message)).toEqual(['w3', 'w4', 'w5']);
    await log.clear();
    expect(log.entries()).toEqual([]);
    expect(await store.list()).toEqual([]);
  });

  it('takes console errors and warnings, still printing them', async () => {
    const printed: unknown[][] = [];
    const fakeConsole = {
      error: (...args: unknown[]) => void printed.push(['error', ...args]),
      warn: (...args: unknown[]) => void printed.push(['warn', ...args]),
    };
    const log = createAppLog({ store: createMemoryLogStore(), clock: new ManualClock(0) });
    const capture = captureConsole(fakeConsole, log);
    fakeConsole.error('A listener threw:', new Error('boom'));
    fakeConsole.warn('careful', { n: 1 });
    expect(printed).toHaveLength(2);
    expect(log.entries().map((e) => [e.level, e.source, e.message])).toEqual([
      ['error', 'console', 'A listener threw: boom'],
      ['warn', 'console', 'careful {"n":1}'],
    ]);
    expect(log.entries()[0]!.detail).toContain('Error: boom');
    capture.restore();
    fakeConsole.error('after');
    expect(log.entries()).toHaveLength(2);
  });

  it('notices that show an error also log it', async () => {
    const log = createAppLog({ store: createMemoryLogStore(), clock: new ManualClock(0) });
    const notices = createNoticeService(new ManualClock(0), (error, context) =>
      log.report('error', 'app', error, context),
    );
    notices.error(new Error('disk full'), 'Could not save the file');
    notices.show({ kind: 'error', text: 'No model is set up yet.' });
    notices.show({ kind: 'info', text: 'Saved.' });
    expect(log.entries().map((e) => [e.level, e.source, e.message])).toEqual([
      ['error', 'app', 'Could not save the file: disk full'],
      ['error', 'app', 'No model is set up yet.'],
    ]);
  });
});
