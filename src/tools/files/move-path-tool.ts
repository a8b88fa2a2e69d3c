import { stringArgument } from '../call-summary';
import { isWithin } from '../../workspace/paths';
import type { Tool } from '../tool';
import type { FileToolContext } from './file-tool-context';
import { checkUnsaved, errorResult, failureResult, parsePath } from './file-tool-results';

export type MovePathArgs = { from: string; to: string };

/**
 * move_path: moves or renames a file or folder (with everything in it) in one batch. What
 * the agent had read moves with it in the read tracker, so it can edit the moved files
 * without reading them again.
 */
export const movePathTool: Tool<MovePathArgs, FileToolContext> = {
  name: 'move_path',
  description:
    'Move or rename a file or folder (with everything in it). Folders of the new path are created as needed; the new path must not exist yet.',
  parameters: {
    type: 'object',
    properties: {
      from: { type: 'string', description: 'Current path relative to the workspace root.' },
      to: { type: 'string', description: 'New path relative to the workspace root.' },
    },
    required: ['from', 'to'],
    additionalProperties: false,
  },
  approval: 'edit',
  summarize: (args) =>
    [stringArgument(args, 'from'), stringArgument(args, 'to')].filter(Boolean).join(' → '),
  async execute(args, context) {
    const source = parsePath(args.from);
    if (!source.ok) return source.result;
    const target = parsePath(args.to);
    if (!target.ok) return target.result;
    const from = source.path;
    const to = target.path;
    if (from === to)
      return errorResult(`from and to are the same path (${from}); nothing was moved.`);
    try {
      const before = await context.files.list();
      if (!before.some((meta) => meta.path === from)) {
        return errorResult(`${from} does not exist; nothing was moved.`);
      }
      const unsaved = checkUnsaved(
        context,
        before.filter((meta) => isWithin(meta.path, from)).map((meta) => meta.path),
      );
      if (unsaved) return unsaved;
      await context.files.move(from, to);
      const after = new Map((await context.files.list()).map((meta) => [meta.path, meta]));
      const moved = before.filter((meta) => isWithin(meta.path, from));
      const changed: string[] = [];
      for (const meta of moved) {
        const newPath = to + meta.path.slice(from.length);
        changed.push(meta.path, newPath);
        const seen = context.reads.versionOf(meta.path);
        const now = after.get(newPath);
        // Only what the agent saw at the version that moved counts as read at its new place.
        if (seen !== undefined && seen === meta.version && now) {
          context.reads.record(newPath, now.version);
        }
      }
      context.reads.forget(from);
      return {
        content: `Moved ${from} to ${to}.`,
        changedFiles: changed,
        deletedFiles: moved.map((meta) => meta.path),
      };
    } catch (error) {
      return failureResult(error, from);
    }
  },
};
