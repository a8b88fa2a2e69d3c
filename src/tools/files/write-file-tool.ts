import { isBinary } from '../../workspace/file-content';
import { describeDiffSize, unifiedDiff } from '../../workspace/unified-diff';
import type { Tool } from '../tool';
import type { FileToolContext } from './file-tool-context';
import {
  checkFreshness,
  errorResult,
  failureResult,
  lineCount,
  parsePath,
  recordWrite,
  writeFailureResult,
} from './file-tool-results';

export type WriteFileArgs = { path: string; content: string };

/**
 * write_file: creates a file or replaces one's whole content. An existing file must have
 * been read at its current version (see ReadTracker); the write is refused otherwise and
 * nothing is overwritten. The result carries the unified diff in `details.diff`.
 */
export const writeFileTool: Tool<WriteFileArgs, FileToolContext> = {
  name: 'write_file',
  description:
    'Create a text file, or replace the whole content of one (folders are created as needed). To change part of an existing file use edit_file instead. An existing file must be read with read_file first; if it changed since, read it again.',
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'File path relative to the workspace root.' },
      content: { type: 'string', description: 'The complete new content of the file.' },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  approval: 'edit',
  async execute(args, context) {
    const parsed = parsePath(args.path);
    if (!parsed.ok) return parsed.result;
    const path = parsed.path;
    let existing;
    try {
      existing = await context.files.find(path);
    } catch (error) {
      return failureResult(error, path);
    }
    if (existing?.kind === 'folder') {
      return errorResult(`${path} is a folder; give a file path.`);
    }
    if (existing) {
      const refusal = checkFreshness(context, existing);
      if (refusal) return refusal;
    }
    let rows;
    try {
      rows = await context.files.write(path, args.content, {
        expectVersion: existing ? existing.version : 'absent',
      });
    } catch (error) {
      return writeFailureResult(error, path);
    }
    recordWrite(context, path, rows);
    const before = existing && !isBinary(existing.content) ? existing.content : null;
    const diff = unifiedDiff(path, before, args.content);
    const lines = lineCount(args.content);
    const what = existing
      ? `Wrote ${path} (${lines} line${lines === 1 ? '' : 's'}, ${describeDiffSize(diff)}).`
      : `Created ${path} (${lines} line${lines === 1 ? '' : 's'}).`;
    return {
      content: what,
      changedFiles: rows.map((row) => row.path),
      details: {
        path,
        diff: diff.text,
        added: diff.added,
        removed: diff.removed,
        created: !existing,
      },
    };
  },
};
