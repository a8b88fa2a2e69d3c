import type { FileRecord } from '../../store/records';
import { isBinary } from '../../workspace/file-content';
import { describeDiffSize, unifiedDiff, type FileDiff } from '../../workspace/unified-diff';
import type { Tool, ToolPreview, ToolResult } from '../tool';
import { fileChangeCard } from './file-change-card';
import type { FileToolContext } from './file-tool-context';
import {
  checkFreshness,
  checkUnsaved,
  errorResult,
  failureResult,
  lineCount,
  parsePath,
  recordWrite,
  writeFailureResult,
} from './file-tool-results';

export type WriteFileArgs = { path: string; content: string };

/** A write worked out against the stored file, before anything is written. */
type WritePlan =
  | { ok: false; result: ToolResult }
  | { ok: true; path: string; existing: FileRecord | undefined; diff: FileDiff };

async function planWriteFile(args: WriteFileArgs, context: FileToolContext): Promise<WritePlan> {
  const parsed = parsePath(args.path);
  if (!parsed.ok) return parsed;
  const path = parsed.path;
  let existing;
  try {
    existing = await context.files.find(path);
  } catch (error) {
    return { ok: false, result: failureResult(error, path) };
  }
  if (existing?.kind === 'folder') {
    return { ok: false, result: errorResult(`${path} is a folder; give a file path.`) };
  }
  if (existing) {
    const refusal = checkFreshness(context, existing) ?? checkUnsaved(context, [path]);
    if (refusal) return { ok: false, result: refusal };
  }
  const before = existing && !isBinary(existing.content) ? existing.content : null;
  return { ok: true, path, existing, diff: unifiedDiff(path, before, args.content) };
}

async function previewWriteFile(
  args: WriteFileArgs,
  context: FileToolContext,
): Promise<ToolPreview> {
  const plan = await planWriteFile(args, context);
  if (!plan.ok) return { summary: `Write ${args.path}`, error: plan.result.content };
  const verb = plan.existing ? 'Replace' : 'Create';
  return {
    summary: `${verb} ${plan.path} (${describeDiffSize(plan.diff)})`,
    diff: plan.diff.text,
  };
}

/**
 * write_file: creates a file or replaces one's whole content. An existing file must have
 * been read at its current version (see ReadTracker); the write is refused otherwise and
 * nothing is overwritten. The result carries the unified diff in `details.diff`; `preview`
 * gives the same diff for the approval request.
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
  promptHint: 'Use write_file to create a file or replace one completely.',
  preview: previewWriteFile,
  async describeApproval(args, context) {
    const preview = await previewWriteFile(args, context);
    return fileChangeCard(preview, args.path, context, () => args.content);
  },
  async execute(args, context) {
    const plan = await planWriteFile(args, context);
    if (!plan.ok) return plan.result;
    const { path, existing, diff } = plan;
    let rows;
    try {
      rows = await context.files.write(path, args.content, {
        expectVersion: existing ? existing.version : 'absent',
      });
    } catch (error) {
      return writeFailureResult(error, path);
    }
    recordWrite(context, path, rows);
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
