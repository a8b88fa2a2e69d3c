import { describe, expect, it } from 'vitest';
import { InterruptSource } from '../../../src/runtime/interrupt-source';
import { POKE_SIGNAL, SIGINT } from '../../../src/runtime/python-protocol';

/** How Pyodide 314 consumes its interrupt buffer (_Py_CheckEmscriptenSignals_Helper). */
function pyodideReads(buffer: { 0: number }): number {
  const result = buffer[0];
  buffer[0] = 0;
  return result;
}

describe('InterruptSource', () => {
  it('passes on what the page writes into the shared buffer, once, while executing', () => {
    const shared = new Int32Array(new SharedArrayBuffer(4));
    const source = new InterruptSource(shared, () => 0);
    source.armDeadline(1000);
    expect(pyodideReads(source)).toBe(0);
    Atomics.store(shared, 0, POKE_SIGNAL);
    expect(pyodideReads(source)).toBe(POKE_SIGNAL);
    expect(pyodideReads(source)).toBe(0);
    Atomics.store(shared, 0, SIGINT);
    expect(pyodideReads(source)).toBe(SIGINT);
    expect(Atomics.load(shared, 0)).toBe(0);
  });

  it('raises SIGINT once past its deadline, without shared memory', () => {
    let now = 100;
    const source = new InterruptSource(undefined, () => now);
    source.armDeadline(50);
    now = 149;
    expect(pyodideReads(source)).toBe(0);
    expect(source.timedOut).toBe(false);
    now = 150;
    expect(pyodideReads(source)).toBe(SIGINT);
    expect(pyodideReads(source)).toBe(0);
    expect(source.timedOut).toBe(true);
    source.armDeadline(10);
    expect(source.timedOut).toBe(false);
  });

  it('holds signals back while shielded and lets them through when execution starts', () => {
    let now = 0;
    const shared = new Int32Array(new SharedArrayBuffer(4));
    const source = new InterruptSource(shared, () => now);
    Atomics.store(shared, 0, SIGINT);
    expect(pyodideReads(source)).toBe(0);
    expect(Atomics.load(shared, 0)).toBe(SIGINT);
    source.armDeadline(10);
    expect(pyodideReads(source)).toBe(SIGINT);
    source.shield();
    now = 50;
    Atomics.store(shared, 0, SIGINT);
    expect(pyodideReads(source)).toBe(0);
    source.disarm();
    expect(Atomics.load(shared, 0)).toBe(0);
    expect(pyodideReads(source)).toBe(0);
  });

  it('raises SIGINT once when the heap passes the memory ceiling, and says so', () => {
    let heap = 100;
    const source = new InterruptSource(undefined, () => 0, { bytes: () => heap, limit: 1000 });
    source.armDeadline(10_000);
    expect(pyodideReads(source)).toBe(0);
    heap = 1000;
    expect(pyodideReads(source)).toBe(0);
    heap = 1001;
    expect(pyodideReads(source)).toBe(SIGINT);
    // Once per run: the handler that deals with it may allocate more.
    expect(pyodideReads(source)).toBe(0);
    expect(source.exceededMemory).toBe(true);
    expect(source.timedOut).toBe(false);
    source.shield();
    source.armDeadline(10_000);
    expect(source.exceededMemory).toBe(false);
  });
});
