import { describe, expect, it } from 'vitest';
import { INPUT_ECHO_END, INPUT_ECHO_START } from '../../../src/runtime/input-echo';
import { RunCollector } from '../../../src/runtime/run-collector';
import type { RunEvent } from '../../../src/runtime/python-runtime';

describe('RunCollector', () => {
  it('keeps output in order, merges one stream’s pieces and re-emits public events', () => {
    const events: RunEvent[] = [];
    const collector = new RunCollector('r1', (e) => events.push(e));
    collector.accept({ runId: 'r1', seq: 0, type: 'packages', names: ['numpy'] });
    collector.accept({ runId: 'r1', seq: 1, type: 'started', startedAt: 42 });
    collector.accept({
      runId: 'r1',
      seq: 2,
      type: 'output',
      chunks: [
        { stream: 'stdout', text: 'a' },
        { stream: 'stderr', text: 'b' },
      ],
    });
    collector.accept({
      runId: 'r1',
      seq: 3,
      type: 'output',
      chunks: [{ stream: 'stderr', text: 'c' }],
    });
    collector.accept({
      runId: 'other',
      seq: 4,
      type: 'output',
      chunks: [{ stream: 'stdout', text: 'x' }],
    });
    collector.accept({ runId: 'r1', seq: 5, type: 'output-truncated', limitChars: 10 });
    collector.accept({
      runId: 'r1',
      seq: 6,
      type: 'figure',
      mimeType: 'image/png',
      bytes: new Uint8Array([1]),
    });
    collector.accept({ runId: 'r1', seq: 7, type: 'ended', duration: 12 });
    expect(collector.output).toEqual([
      { stream: 'stdout', text: 'a' },
      { stream: 'stderr', text: 'bc' },
    ]);
    expect(collector.stdout).toBe('a');
    expect(collector.stderr).toBe('bc');
    expect(collector.startedAt).toBe(42);
    expect(collector.truncated).toBe(true);
    expect(collector.figures).toHaveLength(1);
    expect(collector.endedDuration).toBe(12);
    expect(events.map((e) => e.type)).toEqual([
      'preparing',
      'started',
      'output',
      'output',
      'output',
      'output-truncated',
      'figure',
    ]);
  });

  it('until(seq) waits for late events', async () => {
    const collector = new RunCollector('r', () => {});
    let done = false;
    const waiting = collector.until(1).then(() => {
      done = true;
    });
    collector.accept({ runId: 'r', seq: 0, type: 'started', startedAt: 0 });
    await Promise.resolve();
    expect(done).toBe(false);
    collector.accept({ runId: 'r', seq: 1, type: 'ended', duration: 0 });
    await waiting;
    expect(done).toBe(true);
    await collector.until(-1);
  });

  it('cuts the echo of what input() read out of stdout and flags it as input', () => {
    const events: RunEvent[] = [];
    const collector = new RunCollector('r1', (e) => events.push(e));
    const echo = (line: string) => `${INPUT_ECHO_START}${line}${INPUT_ECHO_END}`;
    collector.accept({
      runId: 'r1',
      seq: 0,
      type: 'output',
      chunks: [{ stream: 'stdout', text: `Name? ${echo('Ada\n')}Age? ` }],
    });
    // An echo in a batch of its own, then output right after it.
    collector.accept({
      runId: 'r1',
      seq: 1,
      type: 'output',
      chunks: [{ stream: 'stdout', text: `${echo('36\n')}Ada is 36\n` }],
    });
    expect(collector.output).toEqual([
      { stream: 'stdout', text: 'Name? ' },
      { stream: 'stdout', text: 'Ada\n', input: true },
      { stream: 'stdout', text: 'Age? ' },
      { stream: 'stdout', text: '36\n', input: true },
      { stream: 'stdout', text: 'Ada is 36\n' },
    ]);
    expect(collector.stdout).toBe('Name? Age? Ada is 36\n');
    expect(events).toContainEqual({ type: 'output', stream: 'stdout', text: 'Ada\n', input: true });
    expect(events.map((e) => (e.type === 'output' ? e.text : e.type)).join('')).not.toContain(
      '\u001b',
    );
  });
});
