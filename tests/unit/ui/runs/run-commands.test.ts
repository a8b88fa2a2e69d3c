import { createSignal } from 'solid-js';
import { describe, expect, it, vi } from 'vitest';
import { runCommands } from '../../../../src/ui/runs/run-commands';

function setup(open?: string) {
  const [busy, setBusy] = createSignal(false);
  const [active, setActive] = createSignal(open);
  const runs = {
    busy,
    runFile: vi.fn(async () => undefined),
    runSelection: vi.fn(async () => undefined),
    stop: vi.fn(),
    restart: vi.fn(async () => {}),
    clear: vi.fn(),
  };
  const list = runCommands({ runs, activePython: active, copy: vi.fn() });
  const byId = (id: string) => list.find((command) => command.id === id)!;
  return { runs, setBusy, setActive, byId };
}

describe('runCommands', () => {
  it('Run is off without a Python file open, and while a program runs', () => {
    const { byId, setActive, setBusy } = setup();
    const run = byId('python.run');
    expect(run.disabledReason?.()).toBe('Open a Python file (.py) to run it.');
    setActive('main.py');
    expect(run.disabledReason?.()).toBeUndefined();
    setBusy(true);
    expect(run.disabledReason?.()).toBe('A program is running; stop it first.');
    expect(byId('python.runSelection').disabledReason?.()).toBe(
      'A program is running; stop it first.',
    );
  });

  it('Stop is on only while a program runs', () => {
    const { byId, setBusy } = setup('main.py');
    expect(byId('python.stop').disabledReason?.()).toBe('No program is running.');
    setBusy(true);
    expect(byId('python.stop').disabledReason?.()).toBeUndefined();
  });

  it('calls the run service as the buttons do, and shows Run’s shortcut', () => {
    const { byId, runs } = setup('main.py');
    void byId('python.run').run();
    expect(runs.runFile).toHaveBeenCalledWith();
    byId('python.stop').run();
    expect(runs.stop).toHaveBeenCalledOnce();
    expect(byId('python.run').keys).toEqual({ key: 'Enter', mod: true });
  });
});
