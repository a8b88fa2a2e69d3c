import { expect, it } from 'vitest';
import type { RuntimeStatus } from '../../../src/runtime/python-runtime';
import {
  runButtonTitle,
  runtimeStatusText,
  runtimeStatusTitle,
  startingElapsedText,
} from '../../../src/ui/runs/runtime-status';

const status = (phase: RuntimeStatus['phase'], error?: string): RuntimeStatus => ({
  phase,
  canInterrupt: false,
  spareReady: false,
  ...(error ? { error } : {}),
});

it('says that a run waits while Python starts, and counts the seconds', () => {
  expect(runtimeStatusText(status('starting'))).toBe('Python is starting…');
  expect(runtimeStatusTitle(status('starting'))).toMatch(/begins as soon as it is ready/);
  expect(startingElapsedText(400)).toBe('');
  expect(startingElapsedText(12_900)).toBe('12 s');
  expect(runtimeStatusText(status('ready'))).toBe('Python is ready');
  expect(runtimeStatusText(status('failed', 'no wasm'))).toBe('Python could not start: no wasm');
});

it('gives the Run button the reason it is disabled or what it will do', () => {
  expect(runButtonTitle(status('ready'), undefined)).toBe('Open a Python file (.py) to run it');
  expect(runButtonTitle(status('starting'), 'main.py')).toMatch(
    /^Python is starting… main\.py runs as soon as it is ready/,
  );
  expect(runButtonTitle(status('ready'), 'main.py')).toBe('Run main.py (Ctrl/Cmd+Enter)');
});

it('while Python starts, the status line says which step of the start it is in', () => {
  const starting = (bootStep: RuntimeStatus['bootStep']): RuntimeStatus => ({
    ...status('starting'),
    ...(bootStep ? { bootStep } : {}),
  });
  expect(runtimeStatusText(starting('loading-files'))).toBe(
    'Python is starting: loading its files…',
  );
  expect(runtimeStatusText(starting('restoring-snapshot'))).toBe(
    'Python is starting: restoring the saved interpreter…',
  );
  expect(runtimeStatusText(starting('setting-up'))).toBe(
    'Python is starting: setting up the workspace…',
  );
});
