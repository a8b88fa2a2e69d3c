import { isWithin } from '../../workspace/paths';
import type { Tool } from '../tool';
import type { FileToolContext } from './file-tool-context';
import {
  changedSinceRead,
  checkUnsaved,
  errorResult,
  failureResult,
  parsePath,
  writeFailureResult,
} from './file-tool-results';

export type DeletePathArgs = { path: string };

/**
 * delete_path: deletes a file, or a folder with everything in it, in one batch. A file the
 * agent read and that changed since is not deleted (someone else's work would go with it).
 */
export const deletePathTool: Tool<DeletePathArgs, FileToolContext> = {
  name: 'delete_path',
  description:
    'Delete a file, or a folder together with everything in it. Cannot be undone from here; the user approves it.',
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'File or folder path relative to the workspace root.' },
    },
    required: ['path'],
    additionalProperties: false,
  },
  approval: 'edit',
  async execute(args, context) {
    const parsed = parsePath(args.path);
    if (!parsed.ok) return parsed.result;
    const path = parsed.path;
    try {
      const listing = await context.files.list();
      const entry = listing.find((meta) => meta.path === path);
      if (!entry) return errorResult(`${path} does not exist; nothing was deleted.`);
      const inside = listing.filter((meta) => isWithin(meta.path, path));
      for (const meta of inside) {
        const seen = context.reads.versionOf(meta.path);
        if (seen !== undefined && seen !== meta.version) {
          return errorResult(changedSinceRead(meta.path));
        }
      }
      const unsaved = checkUnsaved(
        context,
        inside.map((meta) => meta.path),
      );
      if (unsaved) return unsaved;
      try {
        await context.files.delete(path);
      } catch (error) {
        return writeFailureResult(error, path);
      }
      context.reads.forget(path);
      const others = inside.length - 1;
      const content =
        entry.kind === 'folder'
          ? `Deleted the folder ${path}${others ? ` and the ${others} entr${others === 1 ? 'y' : 'ies'} in it` : ''}.`
          : `Deleted ${path}.`;
      const gone = inside.map((meta) => meta.path);
      return { content, changedFiles: gone, deletedFiles: gone };
    } catch (error) {
      return failureResult(error, path);
    }
  },
};
