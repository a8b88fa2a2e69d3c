import { BASH_WORKSPACE } from './python-command';

/** An entry Tab can complete to: a workspace path and whether it is a folder. */
export interface CompletionEntry {
  path: string;
  folder: boolean;
}

/** What Tab does to a line. */
export interface Completion {
  /** Text to insert at the cursor (may be empty). */
  insert: string;
  /** The candidates when there are several (to list under the line); empty otherwise. */
  matches: string[];
}

/** Shell keywords and builtins Tab offers besides the commands. */
const BUILTINS = ['cd', 'export', 'unset', 'source', 'exit', 'for', 'while', 'if'];

/** Characters that end a word for completion (a new command may follow some). */
const WORD_BREAK = /[\s|;&<>()]/;
const COMMAND_BREAK = /[|;&(]/;

/** A name as a shell word: characters the shell would read specially get a backslash. */
function escape(name: string): string {
  return name.replace(/[\s'"\\$&|;<>()*?[\]{}!`]/g, '\\$&');
}

function unescape(word: string): string {
  return word.replace(/\\(.)/g, '$1');
}

function commonPrefix(words: readonly string[]): string {
  let prefix = words[0] ?? '';
  for (const word of words) {
    while (!word.startsWith(prefix)) prefix = prefix.slice(0, -1);
  }
  return prefix;
}

/**
 * The workspace folder ('' for the root) a typed folder part names from `cwd` (a shell
 * path such as /workspace/src), or undefined when it leaves the workspace.
 */
function folderOf(typed: string, cwd: string): string | undefined {
  const base = typed.startsWith('/') ? '' : typed.startsWith('~/') ? BASH_WORKSPACE : cwd;
  const rest = typed.startsWith('~/') ? typed.slice(2) : typed;
  const parts: string[] = [];
  for (const part of `${base}/${rest}`.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  const absolute = `/${parts.join('/')}`;
  if (absolute === BASH_WORKSPACE) return '';
  if (!absolute.startsWith(`${BASH_WORKSPACE}/`)) return undefined;
  return absolute.slice(BASH_WORKSPACE.length + 1);
}

/**
 * Tab completion of the word before the cursor, as bash does it: the first word of a
 * command completes to a command name, any other word (or one with a `/`) to a workspace
 * path relative to `cwd`. One match completes (a folder with "/", anything else with a
 * space); several complete as far as they agree and are listed. Pure.
 */
export function completeWord(
  line: string,
  cursor: number,
  context: { cwd: string; entries: readonly CompletionEntry[]; commands: readonly string[] },
): Completion {
  let start = cursor;
  // A break escaped by a backslash (as in `my\ file`) belongs to the word.
  while (start > 0 && (!WORD_BREAK.test(line[start - 1]!) || line[start - 2] === '\\')) start--;
  const word = line.slice(start, cursor);
  const before = line.slice(0, start).trimEnd();
  const commandPosition = before === '' || COMMAND_BREAK.test(before[before.length - 1]!);

  let candidates: string[];
  let typed: string;
  if (commandPosition && !word.includes('/')) {
    typed = word;
    candidates = [...new Set([...context.commands, ...BUILTINS])]
      .filter((name) => name.startsWith(word))
      .sort()
      .map((name) => `${name} `);
  } else {
    const slash = word.lastIndexOf('/');
    const folderPart = unescape(slash >= 0 ? word.slice(0, slash + 1) : '');
    // Compared as the shell would write them: names escaped, what was typed as typed.
    typed = escape(unescape(word.slice(slash + 1)));
    const folder = folderOf(folderPart, context.cwd);
    if (folder === undefined) return { insert: '', matches: [] };
    const dotted = typed.startsWith('.');
    candidates = context.entries
      .filter((entry) => {
        const parent = entry.path.includes('/')
          ? entry.path.slice(0, entry.path.lastIndexOf('/'))
          : '';
        return parent === folder;
      })
      .map((entry) => {
        const name = escape(entry.path.slice(folder ? folder.length + 1 : 0));
        return entry.folder ? `${name}/` : `${name} `;
      })
      .filter((name) => name.startsWith(typed) && (dotted || !name.startsWith('.')))
      .sort();
  }
  if (candidates.length === 0) return { insert: '', matches: [] };
  if (candidates.length === 1) return { insert: candidates[0]!.slice(typed.length), matches: [] };
  const shared = commonPrefix(candidates.map((name) => name.trimEnd()));
  const matches = candidates.map((name) => unescape(name.trimEnd()));
  return { insert: shared.slice(typed.length), matches };
}
