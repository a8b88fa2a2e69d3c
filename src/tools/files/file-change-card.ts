import type { ApprovalCard } from '../approval-card';
import type { ToolPreview } from '../tool';
import type { FileToolContext } from './file-tool-context';

/**
 * The approval card of a call that changes one text file (write_file, edit_file): the
 * tool's own preview (title, unified diff, or why it would fail) and, for a merge view,
 * the file's text now and after the change. A file that does not exist yet is empty
 * before the change; a file that is not text has no "before", and `after` is asked only
 * for text (`afterOf` gets the text before, and may say undefined: it cannot tell).
 */
export async function fileChangeCard(
  preview: ToolPreview,
  path: string,
  context: FileToolContext,
  afterOf: (before: string | undefined) => string | undefined,
): Promise<ApprovalCard> {
  const row = await context.files.find(path).catch(() => undefined);
  const before = !row ? '' : typeof row.content === 'string' ? row.content : undefined;
  const after = afterOf(before);
  const problem = preview.error ? { problem: preview.error } : {};
  if (preview.diff === undefined) {
    return { title: preview.summary, view: { kind: 'arguments' }, ...problem };
  }
  return {
    title: preview.summary,
    view: {
      kind: 'diff',
      path,
      diff: preview.diff,
      ...(before !== undefined ? { before } : {}),
      ...(after !== undefined ? { after } : {}),
    },
    ...problem,
  };
}
