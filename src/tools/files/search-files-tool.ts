import { stringArgument } from '../call-summary';
import type { FileMeta } from '../../store/records';
import { isWithin } from '../../workspace/paths';
import {
  compileSearch,
  pathMatches,
  searchContent,
  type LineMatch,
  type SearchMatcher,
} from '../../workspace/text-search';
import type { Tool } from '../tool';
import type { FileToolContext } from './file-tool-context';
import { errorResult, failureResult, outputBudget, parsePath } from './file-tool-results';

export type SearchFilesArgs = {
  pattern: string;
  regex?: boolean;
  path?: string;
  case_sensitive?: boolean;
  target?: 'both' | 'names' | 'contents';
  max_results?: number;
};

export const DEFAULT_SEARCH_RESULTS = 100;
export const MAX_SEARCH_RESULTS = 500;
/** Files read at once: enough to overlap storage latency, few enough to stop early. */
const READ_BATCH = 16;

/**
 * search_files: finds a pattern in file paths and in the lines of text files, capped.
 * Names are matched from the content-free listing; contents are read only for text files
 * in scope, in path order, until the cap is reached.
 */
export const searchFilesTool: Tool<SearchFilesArgs, FileToolContext> = {
  name: 'search_files',
  description:
    'Search the workspace for a pattern in file paths and in file contents (text files). Results list matching paths, then matching lines as path:line: text. Plain text by default; set regex to true for a regular expression (RE2 syntax: no backreferences or lookaround). Case-insensitive unless case_sensitive is true. Results are capped; narrow with path (a folder) or target.',
  parameters: {
    type: 'object',
    properties: {
      pattern: { type: 'string', minLength: 1, description: 'Text or regular expression to find.' },
      regex: {
        type: 'boolean',
        description: 'Treat pattern as a regular expression (default false).',
      },
      path: { type: 'string', description: 'Folder to search in (default: the whole workspace).' },
      case_sensitive: { type: 'boolean', description: 'Match case exactly (default false).' },
      target: {
        type: 'string',
        enum: ['both', 'names', 'contents'],
        description: 'Search file paths, contents, or both (default both).',
      },
      max_results: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_SEARCH_RESULTS,
        description: `Most results to return (default ${DEFAULT_SEARCH_RESULTS}).`,
      },
    },
    required: ['pattern'],
    additionalProperties: false,
  },
  approval: 'read',
  readsRest: 'search with search_files',
  promptHint: 'Use search_files to find where a name or text occurs instead of reading every file.',
  summarize: (args) => stringArgument(args, 'pattern') ?? '',
  async execute(args, context) {
    const compiled = compileSearch({
      pattern: args.pattern,
      regex: args.regex ?? false,
      caseSensitive: args.case_sensitive ?? false,
    });
    if (!compiled.ok) return errorResult(compiled.message);
    let folder = '';
    if (args.path !== undefined && args.path !== '' && args.path !== '.') {
      const parsed = parsePath(args.path);
      if (!parsed.ok) return parsed.result;
      folder = parsed.path;
    }
    const limit = Math.min(args.max_results ?? DEFAULT_SEARCH_RESULTS, MAX_SEARCH_RESULTS);
    const target = args.target ?? 'both';
    try {
      const listing = await context.files.list();
      if (folder) {
        const entry = listing.find((meta) => meta.path === folder);
        if (!entry) {
          return errorResult(`${folder} does not exist. Search the whole workspace instead.`);
        }
        if (entry.kind !== 'folder') {
          return errorResult(`${folder} is a file; give a folder as path, or read the file.`);
        }
      }
      const inScope = listing.filter((meta) => isWithin(meta.path, folder) && meta.path !== folder);
      const names =
        target === 'contents' ? undefined : matchPaths(compiled.matcher, inScope, limit);
      const lines =
        target === 'names'
          ? undefined
          : await matchLines(compiled.matcher, inScope, limit, context);
      if (lines === 'stopped') return errorResult('The search was stopped.');
      fitToBudget(outputBudget(context), names, lines);
      return {
        content: describeMatches(folder, limit, names, lines),
        details: {
          names: names?.items.length ?? 0,
          lines: lines?.items.length ?? 0,
          filesRead: lines?.filesRead ?? 0,
          capped: Boolean(names?.more || lines?.more),
        },
      };
    } catch (error) {
      return failureResult(error, folder);
    }
  },
};

/** Matches found, and whether more exist than were kept. */
interface Found<T> {
  items: T[];
  more: boolean;
}

/** Paths (folders with a trailing "/") that match, at most `limit`. */
function matchPaths(
  regex: SearchMatcher,
  entries: readonly FileMeta[],
  limit: number,
): Found<string> {
  const items: string[] = [];
  for (const meta of entries) {
    if (!pathMatches(regex, meta.path)) continue;
    if (items.length >= limit) return { items, more: true };
    items.push(meta.kind === 'folder' ? `${meta.path}/` : meta.path);
  }
  return { items, more: false };
}

/**
 * Matching lines of the text files among `entries`, in path order, at most `limit`. Reads
 * files a batch at a time and stops reading once the limit is passed; 'stopped' on abort.
 */
async function matchLines(
  regex: SearchMatcher,
  entries: readonly FileMeta[],
  limit: number,
  context: FileToolContext,
): Promise<(Found<LineMatch> & { filesRead: number }) | 'stopped'> {
  const textFiles = entries.filter((meta) => meta.kind === 'file' && !meta.binary);
  const items: LineMatch[] = [];
  let filesRead = 0;
  for (let i = 0; i < textFiles.length; i += READ_BATCH) {
    if (context.signal.aborted) return 'stopped';
    const batch = textFiles.slice(i, i + READ_BATCH);
    const rows = await Promise.all(batch.map((meta) => context.files.find(meta.path)));
    for (const row of rows) {
      if (!row || typeof row.content !== 'string') continue;
      filesRead++;
      if (!searchContent(regex, row.path, row.content, items, limit)) {
        return { items, more: true, filesRead };
      }
    }
  }
  return { items, more: false, filesRead };
}

const lineText = (match: LineMatch) => `${match.path}:${match.line}: ${match.text}`;

/** Keeps what fits in `budget` characters, paths first; what is dropped counts as more. */
function fitToBudget(
  budget: number,
  names: Found<string> | undefined,
  lines: Found<LineMatch> | undefined,
): void {
  let left = budget;
  const fits = (text: string) => {
    if (left < text.length + 1) return false;
    left -= text.length + 1;
    return true;
  };
  for (const found of [names, lines] as (Found<string | LineMatch> | undefined)[]) {
    if (!found) continue;
    const cut = found.items.findIndex(
      (item) => !fits(typeof item === 'string' ? item : lineText(item)),
    );
    if (cut >= 0) {
      found.items.length = cut;
      found.more = true;
    }
  }
}

/** The result text: matching paths, matching lines, and a note when more exist. */
function describeMatches(
  folder: string,
  limit: number,
  names: Found<string> | undefined,
  lines: Found<LineMatch> | undefined,
): string {
  const where = folder ? ` in ${folder}/` : '';
  const parts: string[] = [];
  if (names) {
    parts.push(
      names.items.length
        ? `Paths matching${where} (${names.items.length}${names.more ? '+' : ''}):\n${names.items.join('\n')}`
        : `No path matches${where}.`,
    );
  }
  if (lines) {
    const files = new Set(lines.items.map((match) => match.path)).size;
    parts.push(
      lines.items.length
        ? `Lines matching${where} (${lines.items.length}${lines.more ? '+' : ''} in ${files} file${files === 1 ? '' : 's'}):\n${lines.items.map(lineText).join('\n')}`
        : `No line matches${where}.`,
    );
  }
  const more = [
    names?.more ? `paths (${names.items.length} shown)` : '',
    lines?.more ? `lines (${lines.items.length} shown)` : '',
  ].filter(Boolean);
  if (more.length) {
    // Raising max_results helps only when the count, not the size cap, stopped it.
    const raise = [names, lines].some((found) => found?.more && found.items.length >= limit);
    parts.push(
      `[More ${more.join(' and ')} match. Narrow the pattern or give a folder as path${raise ? `, or raise max_results (up to ${MAX_SEARCH_RESULTS})` : ''}.]`,
    );
  }
  return parts.join('\n\n');
}
