import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agent/agent-events';
import {
  createRunTracePersister,
  TRACE_PERSIST_MS,
} from '../../../src/agent/run-recorder-persister';
import { createMemorySessionLocks } from '../../../src/agent/session-locks';
import { ManualClock } from '../../../src/base/clock';
import { createMemoryRunStore } from '../../../src/store/memory-run-store';
import type { RunRecord, RunStepRecord, RunStore } from '../../../src/store/run-store';
import { makeGate } from '../../fakes/gate';
import { calls, fakeTool, startRun } from './support/agent-kit';

/** A run store that counts its writes. */
function countingStore(): RunStore & { saves: { run: RunRecord; steps: RunStepRecord[] }[] } {
  const inner = createMemoryRunStore();
  const saves: { run: RunRecord; steps: RunStepRecord[] }[] = [];
  return {
    ...inner,
    saves,
    async save(run, steps) {
      saves.push({ run, steps: [...steps] });
      return inner.save(run, steps);
    },
  };
}

const engineEvent = (event: AgentEvent) => ({
  type: 'agent_event' as const,
  sessionId: 's1',
  event,
});

describe('run trace persister', () => {
  it('writes the run at its start, at most once a second while it runs, and in full at its end', async () => {
    const clock = new ManualClock(1_000);
    const run = startRun([calls(['read_file', { path: 'a' }]), { text: 'ok' }], {
      tools: [fakeTool('read_file')],
      clock,
    });
    await run.done;
    const runs = countingStore();
    const persister = createRunTracePersister({
      runs,
      clock,
      locks: createMemorySessionLocks(),
      newId: () => 'run-1',
      describe: () => ({ model: 'p/m', sessionTitle: 'T' }),
      onError: (error) => {
        throw error;
      },
    });
    const events = run.events;
    const endAt = events.findIndex((e) => e.type === 'run_end');
    for (const event of events.slice(0, endAt)) persister.handle(engineEvent(event));
    await Promise.resolve();
    // Only the start was written; the rest waits for the timer.
    expect(runs.saves).toHaveLength(1);
    expect(runs.saves[0]!.run).toMatchObject({ id: 'run-1', status: 'running', model: 'p/m' });
    await clock.advance(TRACE_PERSIST_MS);
    await persister.flush();
    expect(runs.saves).toHaveLength(2);
    expect(runs.saves[1]!.steps.map((s) => s.kind)).toEqual(['model', 'tool', 'model']);
    await persister.handle(engineEvent(events[endAt]!));
    const trace = await runs.get('run-1');
    expect(trace?.run).toMatchObject({ status: 'done', steps: 3, sessionTitle: 'T' });
    expect(trace?.steps).toHaveLength(3);
    expect(persister.active().size).toBe(0);
  });

  it('marks runs left running as interrupted, except those whose session another tab holds', async () => {
    const clock = new ManualClock(5_000);
    const runs = createMemoryRunStore();
    const base = {
      model: 'm',
      status: 'running' as const,
      startedAt: 1,
      steps: 0,
      turns: 0,
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    };
    await runs.save({ ...base, id: 'orphan', sessionId: 'a' }, []);
    await runs.save({ ...base, id: 'elsewhere', sessionId: 'b' }, []);
    const locks = createMemorySessionLocks();
    const held = makeGate();
    const holding = locks.tryWith('b', () => held.wait());
    await held.reached;
    const persister = createRunTracePersister({
      runs,
      clock,
      locks,
      newId: () => 'x',
      describe: () => ({ model: 'm' }),
      onError: () => undefined,
    });
    expect(await persister.recover()).toEqual(['orphan']);
    expect((await runs.get('orphan'))?.run).toMatchObject({
      status: 'interrupted',
      finishedAt: 5_000,
    });
    expect((await runs.get('elsewhere'))?.run.status).toBe('running');
    held.open();
    await holding;
  });
});
