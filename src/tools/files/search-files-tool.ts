import type { FileMeta } from '../../store/records';
import { isWithin } from '../../workspace/paths';
import {
  compileSearch,
  pathMatches,
  searchContent,
  type LineMatch,
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
    'Search the workspace for a pattern in file paths and in file contents (text files). Results list matching paths, then matching lines as path:line: text. Plain text by default; set regex to true for a JavaScript regular expression. Case-insensitive unless case_sensitive is true. Results are capped; narrow with path (a folder) or target.',
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
        if (!entry)
          return errorResult(`${folder} does not exist. Search the whole workspace instead.`);
        if (entry.kind !== 'folder')
          return errorResult(`${folder} is a file; give a folder as path, or read the file.`);
      }
      const inScope = listing.filter((meta) => isWithin(meta.path, folder) && meta.path !== folder);

      const names: string[] = [];
      let moreNames = false;
      if (target !== 'contents') {
        for (const meta of inScope) {
          if (!pathMatches(compiled.regex, meta.path)) continue;
          if (names.length >= limit) {
            moreNames = true;
            break;
          }
          names.push(meta.kind === 'folder' ? `${meta.path}/` : meta.path);
        }
      }

      const lines: LineMatch[] = [];
      let moreLines = false;
      let filesRead = 0;
      if (target !== 'names') {
        const textFiles = inScope.filter((meta: FileMeta) => meta.kind === 'file' && !meta.binary);
        outer: for (let i = 0; i < textFiles.length; i += READ_BATCH) {
          if (context.signal.aborted) return errorResult('The search was stopped.');
          const batch = textFiles.slice(i, i + READ_BATCH);
          const rows = await Promise.all(batch.map((meta) => context.files.find(meta.path)));
          for (const row of rows) {
            if (!row || typeof row.content !== 'string') continue;
            filesRead++;
            if (!searchContent(compiled.regex, row.path, row.content, lines, limit)) {
              moreLines = true;
              break outer;
            }
          }
        }
      }

      // What fits the result cap: paths first, then lines; the rest counts as "more".
      let budget = outputBudget(context);
      const fits = (text: string) => {
        if (budget < text.length + 1) return false;
        budget -= text.length + 1;
        return true;
      };
      const shownNames = names.findIndex((name) => !fits(name));
      if (shownNames >= 0) {
        names.length = shownNames;
        moreNames = true;
      }
      const shownLines = lines.findIndex((m) => !fits(`${m.path}:${m.line}: ${m.text}`));
      if (shownLines >= 0) {
        lines.length = shownLines;
        moreLines = true;
      }

      const where = folder ? ` in ${folder}/` : '';
      const parts: string[] = [];
      if (target !== 'contents') {
        parts.push(
          names.length
            ? `Paths matching${where} (${names.length}${moreNames ? '+' : ''}):\n${names.join('\n')}`
            : `No path matches${where}.`,
        );
      }
      if (target !== 'names') {
        const files = new Set(lines.map((match) => match.path)).size;
        parts.push(
          lines.length
            ? `Lines matching${where} (${lines.length}${moreLines ? '+' : ''} in ${files} file${files === 1 ? '' : 's'}):\n${lines.map((m) => `${m.path}:${m.line}: ${m.text}`).join('\n')}`
            : `No line matches${where}.`,
        );
      }
      if (moreNames || moreLines) {
        const more = [
          moreNames ? `paths (${names.length} shown)` : '',
          moreLines ? `lines (${lines.length} shown)` : '',
        ]
          .filter(Boolean)
          .join(' and ');
        // Raising max_results helps only when the count, not the size cap, stopped it.
        const raise = (moreNames && names.length >= limit) || (moreLines && lines.length >= limit);
        parts.push(
          `[More ${more} match. Narrow the pattern or give a folder as path${raise ? `, or raise max_results (up to ${MAX_SEARCH_RESULTS})` : ''}.]`,
        );
      }
      return {
        content: parts.join('\n\n'),
        details: {
          names: names.length,
          lines: lines.length,
          filesRead,
          capped: moreNames || moreLines,
        },
      };
    } catch (error) {
      return failureResult(error, folder);
    }
  },
};
