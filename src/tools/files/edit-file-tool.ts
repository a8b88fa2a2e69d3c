import { isBinary } from '../../workspace/file-content';
import { applyTextEdits, describeEditFailure } from '../../workspace/text-edits';
import { describeDiffSize, unifiedDiff } from '../../workspace/unified-diff';
import type { Tool } from '../tool';
import type { FileToolContext } from './file-tool-context';
import {
  checkFreshness,
  errorResult,
  failureResult,
  parsePath,
  recordWrite,
  writeFailureResult,
} from './file-tool-results';

export type EditFileArgs = { path: string; edits: { old_text: string; new_text: string }[] };

/**
 * edit_file: one or more exact search-and-replace edits of a text file, all or nothing
 * (src/workspace/text-edits.ts). The file must have been read at its current version.
 * The result carries the unified diff in `details.diff`.
 */
export const editFileTool: Tool<EditFileArgs, FileToolContext> = {
  name: 'edit_file',
  description:
    'Change part of a text file by exact replacement: each old_text must occur exactly once in the file (copy it from read_file output without the line numbers, including indentation) and is replaced by its new_text. Several edits may be given; they are matched against the file as it is before any of them, must not overlap, and are applied all together or not at all. Read the file first; if it changed since, read it again.',
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'File path relative to the workspace root.' },
      edits: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: {
            old_text: {
              type: 'string',
              minLength: 1,
              description: 'Exact text to replace; must occur exactly once in the file.',
            },
            new_text: { type: 'string', description: 'Text to put in its place.' },
          },
          required: ['old_text', 'new_text'],
          additionalProperties: false,
        },
      },
    },
    required: ['path', 'edits'],
    additionalProperties: false,
  },
  approval: 'edit',
  async execute(args, context) {
    const parsed = parsePath(args.path);
    if (!parsed.ok) return parsed.result;
    const path = parsed.path;
    let file;
    try {
      file = await context.files.find(path);
    } catch (error) {
      return failureResult(error, path);
    }
    if (!file) {
      return errorResult(
        `${path} does not exist. Create it with write_file, or check the name with list_files.`,
      );
    }
    if (file.kind === 'folder') return errorResult(`${path} is a folder; give a file path.`);
    if (isBinary(file.content)) {
      return errorResult(`${path} is a binary file; edit_file changes text files only.`);
    }
    const refusal = checkFreshness(context, file);
    if (refusal) return refusal;
    const result = applyTextEdits(
      file.content,
      args.edits.map((edit) => ({ oldText: edit.old_text, newText: edit.new_text })),
    );
    if (!result.ok) {
      return {
        content: describeEditFailure(result.failure, path),
        isError: true,
        details: { path, failure: result.failure.kind },
      };
    }
    let rows;
    try {
      rows = await context.files.write(path, result.text, { expectVersion: file.version });
    } catch (error) {
      return writeFailureResult(error, path);
    }
    recordWrite(context, path, rows);
    const diff = unifiedDiff(path, file.content, result.text);
    const count = args.edits.length;
    const at = [...result.lines].sort((a, b) => a - b).join(', ');
    return {
      content: `Edited ${path}: ${count} edit${count === 1 ? '' : 's'} at line${count === 1 ? '' : 's'} ${at} (${describeDiffSize(diff)}).`,
      changedFiles: [path],
      details: { path, diff: diff.text, added: diff.added, removed: diff.removed },
    };
  },
};
