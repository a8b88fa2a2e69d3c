import type { FileRecord } from '../../store/records';
import { isBinary } from '../../workspace/file-content';
import { applyTextEdits, describeEditFailure } from '../../workspace/text-edits';
import { describeDiffSize, unifiedDiff, type FileDiff } from '../../workspace/unified-diff';
import type { Tool, ToolPreview, ToolResult } from '../tool';
import { fileChangeCard } from './file-change-card';
import type { FileToolContext } from './file-tool-context';
import {
  checkFreshness,
  checkUnsaved,
  errorResult,
  failureResult,
  parsePath,
  recordWrite,
  writeFailureResult,
} from './file-tool-results';

export type EditFileArgs = { path: string; edits: { old_text: string; new_text: string }[] };

/** Edits worked out against the stored file, before anything is written. */
type EditPlan =
  | { ok: false; result: ToolResult }
  | { ok: true; path: string; file: FileRecord; text: string; lines: number[]; diff: FileDiff };

async function planEditFile(args: EditFileArgs, context: FileToolContext): Promise<EditPlan> {
  const parsed = parsePath(args.path);
  if (!parsed.ok) return parsed;
  const path = parsed.path;
  const fail = (text: string) => ({ ok: false as const, result: errorResult(text) });
  let file;
  try {
    file = await context.files.find(path);
  } catch (error) {
    return { ok: false, result: failureResult(error, path) };
  }
  if (!file) {
    return fail(
      `${path} does not exist. Create it with write_file, or check the name with list_files.`,
    );
  }
  if (file.kind === 'folder') return fail(`${path} is a folder; give a file path.`);
  if (isBinary(file.content)) {
    return fail(`${path} is a binary file; edit_file changes text files only.`);
  }
  const refusal = checkFreshness(context, file) ?? checkUnsaved(context, [path]);
  if (refusal) return { ok: false, result: refusal };
  const result = applyTextEdits(
    file.content,
    args.edits.map((edit) => ({ oldText: edit.old_text, newText: edit.new_text })),
  );
  if (!result.ok) {
    return {
      ok: false,
      result: {
        content: describeEditFailure(result.failure, path),
        isError: true,
        details: { path, failure: result.failure.kind },
      },
    };
  }
  return {
    ok: true,
    path,
    file,
    text: result.text,
    lines: result.lines,
    diff: unifiedDiff(path, file.content, result.text),
  };
}

async function previewEditFile(args: EditFileArgs, context: FileToolContext): Promise<ToolPreview> {
  const plan = await planEditFile(args, context);
  if (!plan.ok) return { summary: `Edit ${args.path}`, error: plan.result.content };
  return { summary: `Edit ${plan.path} (${describeDiffSize(plan.diff)})`, diff: plan.diff.text };
}

/**
 * edit_file: one or more exact search-and-replace edits of a text file, all or nothing
 * (src/workspace/text-edits.ts). The file must have been read at its current version.
 * The result carries the unified diff in `details.diff`; `preview` gives the same diff for
 * the approval request.
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
  promptHint:
    'Change existing files with edit_file: each old_text must match the file exactly once, so copy it from what you read.',
  preview: previewEditFile,
  async describeApproval(args, context) {
    const preview = await previewEditFile(args, context);
    return fileChangeCard(preview, args.path, context, (before) => {
      if (before === undefined || !Array.isArray(args.edits)) return undefined;
      const edits = args.edits.map((edit) => ({ oldText: edit.old_text, newText: edit.new_text }));
      const applied = applyTextEdits(before, edits);
      return applied.ok ? applied.text : undefined;
    });
  },
  async execute(args, context) {
    const plan = await planEditFile(args, context);
    if (!plan.ok) return plan.result;
    const { path, file, diff } = plan;
    let rows;
    try {
      rows = await context.files.write(path, plan.text, { expectVersion: file.version });
    } catch (error) {
      return writeFailureResult(error, path);
    }
    recordWrite(context, path, rows);
    const count = args.edits.length;
    const at = [...plan.lines].sort((a, b) => a - b).join(', ');
    return {
      content: `Edited ${path}: ${count} edit${count === 1 ? '' : 's'} at line${count === 1 ? '' : 's'} ${at} (${describeDiffSize(diff)}).`,
      changedFiles: [path],
      details: { path, diff: diff.text, added: diff.added, removed: diff.removed },
    };
  },
};
