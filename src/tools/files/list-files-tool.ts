import { renderTreeListing } from '../../workspace/tree-listing';
import type { Tool } from '../tool';
import type { FileToolContext } from './file-tool-context';
import { errorResult, failureResult, outputBudget, parsePath } from './file-tool-results';

export type ListFilesArgs = { path?: string; depth?: number };

/** Levels shown when the model does not say. */
export const DEFAULT_LIST_DEPTH = 3;
export const MAX_LIST_DEPTH = 20;
/** Entries listed at most; the rest are counted. */
export const MAX_LIST_ENTRIES = 1000;

/**
 * list_files: the workspace's tree (or a folder's), folders first, with file sizes, to a
 * depth. Reads no file contents.
 */
export const listFilesTool: Tool<ListFilesArgs, FileToolContext> = {
  name: 'list_files',
  description:
    'List the files and folders of the workspace as an indented tree with file sizes. Give `path` to list one folder, `depth` to see more or fewer levels (deeper folders show how many entries they hold). Reads no file contents.',
  parameters: {
    type: 'object',
    properties: {
      path: {
        type: 'string',
        description:
          'Folder to list, relative to the workspace root. Omit for the whole workspace.',
      },
      depth: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_LIST_DEPTH,
        description: `Levels to show (default ${DEFAULT_LIST_DEPTH}); 1 lists only the folder's own entries.`,
      },
    },
    additionalProperties: false,
  },
  approval: 'read',
  promptHint: 'Use list_files to see the workspace before assuming paths.',
  async execute(args, context) {
    let root = '';
    if (args.path !== undefined && args.path !== '' && args.path !== '.') {
      const parsed = parsePath(args.path);
      if (!parsed.ok) return parsed.result;
      root = parsed.path;
    }
    try {
      const entries = await context.files.list();
      const label = root || 'The workspace';
      if (root) {
        const folder = entries.find((entry) => entry.path === root);
        if (!folder)
          return errorResult(`${root} does not exist. List the workspace to see what is there.`);
        if (folder.kind === 'file') {
          return errorResult(`${root} is a file, not a folder. Read it with read_file.`);
        }
      }
      const listing = renderTreeListing(entries, {
        root,
        depth: Math.min(args.depth ?? DEFAULT_LIST_DEPTH, MAX_LIST_DEPTH),
        maxEntries: MAX_LIST_ENTRIES,
        maxChars: outputBudget(context),
      });
      if (listing.files + listing.folders === 0) return { content: `${label} is empty.` };
      const summary = `${root ? `${root}/` : 'Workspace'}: ${count(listing.files, 'file')}, ${count(listing.folders, 'folder')}`;
      return {
        content: `${summary}\n${listing.text}`,
        details: { files: listing.files, folders: listing.folders, shown: listing.shown },
      };
    } catch (error) {
      return failureResult(error, root);
    }
  },
};

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
