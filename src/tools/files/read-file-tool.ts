import { formatBytes, isBinary } from '../../workspace/file-content';
import { lineWindow } from '../../workspace/line-window';
import type { Tool } from '../tool';
import type { FileToolContext } from './file-tool-context';
import { errorResult, failureResult, outputBudget, parsePath } from './file-tool-results';

export type ReadFileArgs = { path: string; start_line?: number; end_line?: number };

/** Lines returned at most by one call. */
export const MAX_READ_LINES = 2000;
/**
 * Characters returned at most by one call (lines, numbers and line ends); lower when the
 * loop's result cap (ToolContext.resultCap) is lower.
 */
export const MAX_READ_CHARS = 50_000;
/** Characters of one line shown at most. */
export const MAX_READ_LINE_CHARS = 2000;

/**
 * read_file: a text file's lines with their numbers, a range at a time. Refuses binaries
 * and folders. Records the version read, which write_file and edit_file require.
 */
export const readFileTool: Tool<ReadFileArgs, FileToolContext> = {
  name: 'read_file',
  description: `Read a text file of the workspace. Lines come numbered ("12<tab>code"); the numbers are not part of the file. Give start_line and end_line to read part of a long file; one call shows at most ${MAX_READ_LINES} lines (fewer when they are long) and says how to read on. Read a file before changing it with write_file or edit_file.`,
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'File path relative to the workspace root.' },
      start_line: { type: 'integer', minimum: 1, description: 'First line to read (1-based).' },
      end_line: {
        type: 'integer',
        minimum: 1,
        description: 'Last line to read, inclusive. Omit to read to the end (within the limits).',
      },
    },
    required: ['path'],
    additionalProperties: false,
  },
  approval: 'read',
  outsideText: true,
  readsRest: 'call read_file with a line range',
  promptHint:
    'Read a file with read_file before you change it; for long files, read the line range you need.',
  async execute(args, context) {
    const parsed = parsePath(args.path);
    if (!parsed.ok) return parsed.result;
    const path = parsed.path;
    try {
      const file = await context.files.find(path);
      if (!file) {
        return errorResult(
          `${path} does not exist. Use list_files or search_files to find the file.`,
        );
      }
      if (file.kind === 'folder') {
        return errorResult(`${path} is a folder. Use list_files to see what is in it.`);
      }
      if (isBinary(file.content)) {
        // Seen, so the agent may replace it knowingly with write_file.
        context.reads.record(path, file.version);
        return errorResult(
          `${path} is a binary file (${formatBytes(file.size)}), not text; read_file shows text files only.`,
        );
      }
      if (
        args.start_line !== undefined &&
        args.end_line !== undefined &&
        args.end_line < args.start_line
      ) {
        return errorResult(
          `end_line (${args.end_line}) is before start_line (${args.start_line}). Give a range with start_line ≤ end_line.`,
        );
      }
      const window = lineWindow(file.content, {
        startLine: args.start_line,
        endLine: args.end_line,
        maxLines: MAX_READ_LINES,
        maxChars: Math.min(MAX_READ_CHARS, outputBudget(context)),
        maxLineChars: MAX_READ_LINE_CHARS,
      });
      context.reads.record(path, file.version);
      const details = {
        path,
        version: file.version,
        startLine: window.startLine,
        endLine: window.endLine,
        totalLines: window.totalLines,
      };
      if (window.totalLines === 0) return { content: `${path} is empty.`, details };
      if (window.startLine > window.totalLines) {
        return errorResult(
          `${path} has ${window.totalLines} lines; start_line ${window.startLine} is past the end.`,
        );
      }
      const range =
        window.startLine === 1 && window.endLine === window.totalLines
          ? `all ${window.totalLines} lines`
          : `lines ${window.startLine}–${window.endLine} of ${window.totalLines}`;
      let text = `${path} (${range}):\n${window.text}`;
      if (window.truncated) {
        text += `\n[Cut at line ${window.endLine} to keep within the limits; read on with start_line ${window.endLine + 1}.]`;
      }
      return { content: text, details };
    } catch (error) {
      return failureResult(error, path);
    }
  },
};
