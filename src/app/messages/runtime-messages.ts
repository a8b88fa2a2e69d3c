/**
 * The English of the Python runtime's and Ruff's errors (src/runtime/runtime-errors.ts),
 * from their params. `bad-path` is the workspace's code (./workspace-messages.ts). A `detail`
 * param is English from elsewhere (another error's text, the browser's, Ruff's) and is
 * shown as it is.
 */
import type { RuntimeErrorCode } from '../../runtime/runtime-errors';
import type { WorkspaceErrorCode } from '../../workspace/workspace-errors';
import { text, type ErrorParams, type Wording } from './wording';

const variant = (p: ErrorParams) => text(p, 'variant');

/** The `detail` param as given, even when empty; undefined when there is none. */
function detailOf(p: ErrorParams): string | undefined {
  const detail = p['detail'];
  return detail === undefined ? undefined : String(detail);
}

/** The setting a `field` param names. */
function urlSetting(p: ErrorParams): string {
  return text(p, 'field') === 'lock-file' ? 'lock file' : 'package index';
}

export const runtimeMessages = {
  'bad-setting': (p) => {
    switch (variant(p)) {
      case 'timeout':
        return {
          message: `A run timeout of ${text(p, 'value') ?? ''} ms is out of range.`,
          hint: `Choose between ${text(p, 'minSeconds') ?? ''} s and ${text(p, 'maxMinutes') ?? ''} minutes.`,
        };
      case 'network':
        return {
          message: `"${text(p, 'value') ?? ''}" is not a network setting for Python.`,
          hint: 'Choose off, the package index only, or any host.',
        };
      case 'not-a-url':
        return {
          message: `The ${urlSetting(p)} URL "${text(p, 'url') ?? ''}" is not a URL.`,
          hint: 'Enter a full address starting with https://.',
        };
      case 'url-scheme':
        return {
          message: `The ${urlSetting(p)} URL must start with https:// or http://.`,
          hint: 'Enter a web address.',
        };
      default:
        return {
          message: 'A Python setting is out of range.',
          hint: 'Correct it in Settings → Python.',
        };
    }
  },
  'bad-run': (p) =>
    variant(p) === 'nothing-to-run'
      ? { message: 'Nothing to run: give code or a file path.', hint: '' }
      : { message: 'That cannot be run as it is.', hint: 'Check the code and the file.' },
  disposed: (p) => ({
    message: 'The Python runtime was shut down.',
    // The scripted in-memory runtime's (tests, demos) says no more.
    hint: variant(p) === 'in-memory' ? '' : 'Reload the page.',
  }),
  'python-start': (p) => {
    const detail = detailOf(p);
    return {
      message:
        detail !== undefined ? `Python could not start: ${detail}` : 'Python could not start.',
      hint: 'Reload the page to try again.',
    };
  },
  'lint-failed': (p) => ({
    message: `The linter stopped: ${text(p, 'detail') ?? 'unknown error'}.`,
    hint: 'It restarts on the next check.',
  }),
  'format-failed': (p) => {
    const detail = detailOf(p);
    return {
      message:
        detail !== undefined
          ? `The code could not be formatted: ${detail}.`
          : 'The code could not be formatted.',
      hint: 'Fix the syntax error first.',
    };
  },
} satisfies Record<Exclude<RuntimeErrorCode, WorkspaceErrorCode>, Wording>;
