/** The English of a Python run's result (see ./en-ui.ts): the output panel's and a code block's. */
import type { Formats } from './formats';

export const enRunResultUi = {
  finished: (duration: string) => `Finished in ${duration}.`,
  syntaxError: 'Not run: the code has a syntax error.',
  failedWith: (duration: string, type: string) => `Failed after ${duration} with ${type}.`,
  exited: (code: string, duration: string) => `Exited with code ${code} after ${duration}.`,
  failed: 'Failed.',
  timeout: (duration: string) => `Stopped: it ran past its time limit (${duration}).`,
  killed: (duration: string) => `Stopped after ${duration}.`,
  crashed: 'Python crashed and was restarted; your files are safe. Run again.',
  outputCut: (f: Formats, dropped: number) =>
    `Output was cut at 1 MB (${f.plural(dropped, { one: '# more byte', other: '# more bytes' })} not shown).`,
  fileLine: (file: string, line: string) => `${file}, line ${line}`,
  column: (column: string) => `, column ${column}`,
  traceback: 'Traceback',
  inFunction: 'in',
  figure: (n: string) => `Figure ${n}`,
  wrote: (files: string) => `Wrote ${files}. `,
  deleted: (files: string) => `Deleted ${files}.`,
  debug: 'Debug with AI',
  busy: 'Python is busy with another run; stop it or wait.',
  codeOutput: 'Output of this code',
  running: 'Running…',
  couldNotRun: 'The code could not be run.',
};
