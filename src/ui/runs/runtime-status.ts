import type { BootStep } from '../../runtime/python-protocol';
import type { RuntimeStatus } from '../../runtime/python-runtime';

/** What each step of Python's start is doing, as the status line says it. */
const BOOT_STEP_TEXT: Record<BootStep, string> = {
  'loading-files': 'loading its files',
  'starting-interpreter': 'starting the interpreter',
  'restoring-snapshot': 'restoring the saved interpreter',
  'saving-snapshot': 'saving the interpreter for a faster next start',
  'setting-up': 'setting up the workspace',
  'warming-up': 'warming up',
};

/** The output panel's status line for the runtime's phase. */
export function runtimeStatusText(status: RuntimeStatus): string {
  switch (status.phase) {
    case 'stopped':
      return 'Python is not started';
    case 'starting':
      return status.bootStep
        ? `Python is starting: ${BOOT_STEP_TEXT[status.bootStep]}…`
        : 'Python is starting…';
    case 'ready':
      return 'Python is ready';
    case 'running':
      return 'Python is running';
    case 'stopping':
      return 'Stopping…';
    case 'failed':
      return `Python could not start: ${status.error ?? 'unknown error'}`;
  }
}

/** The same in a word or two, for a narrow output panel (the full text is its tooltip). */
export function runtimeStatusShort(status: RuntimeStatus): string {
  switch (status.phase) {
    case 'stopped':
      return 'Not started';
    case 'starting':
      return 'Starting…';
    case 'ready':
      return 'Ready';
    case 'running':
      return 'Running';
    case 'stopping':
      return 'Stopping…';
    case 'failed':
      return 'Failed to start';
  }
}

/**
 * How long Python has been starting, in whole seconds ("12 s"), or '' under a second: a
 * slow start (tens of seconds on a busy machine) visibly moves instead of looking stuck.
 */
export function startingElapsedText(startingForMs: number): string {
  const seconds = Math.floor(startingForMs / 1000);
  return seconds >= 1 ? `${seconds} s` : '';
}

/**
 * The status line's tooltip: the line itself, and while Python starts, that a run waits for
 * it, which is what the runtime does (a run asked for during the boot is queued behind it).
 */
export function runtimeStatusTitle(status: RuntimeStatus): string {
  return status.phase === 'starting'
    ? 'Python is starting. A run you start now begins as soon as it is ready.'
    : runtimeStatusText(status);
}

/**
 * What the Run button's tooltip says: why it is disabled (no Python file open) or what
 * pressing it does now (wait for the start, try the start again).
 */
export function runButtonTitle(status: RuntimeStatus, file: string | undefined): string {
  if (!file) return 'Open a Python file (.py) to run it';
  if (status.phase === 'starting')
    return `Python is starting… ${file} runs as soon as it is ready (Ctrl/Cmd+Enter)`;
  if (status.phase === 'failed') return `Python could not start; Run tries to start it again`;
  return `Run ${file} (Ctrl/Cmd+Enter)`;
}
