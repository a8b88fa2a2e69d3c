import type { Tool } from '../tool';
import type { FileToolContext } from './file-tool-context';
import { errorResult, failureResult, parsePath } from './file-tool-results';

export type MakeDirArgs = { path: string };

/** make_dir: creates a folder and any missing parents; an existing folder is fine. */
export const makeDirTool: Tool<MakeDirArgs, FileToolContext> = {
  name: 'make_dir',
  description:
    'Create a folder, with any missing parent folders. write_file creates folders by itself, so this is needed only for empty folders.',
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Folder path relative to the workspace root.' },
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
      const existing = (await context.files.list()).find((meta) => meta.path === path);
      if (existing?.kind === 'folder') return { content: `The folder ${path} already exists.` };
      if (existing) return errorResult(`${path} is a file; choose another name for the folder.`);
      await context.files.createFolder(path);
      return { content: `Created the folder ${path}.`, changedFiles: [path] };
    } catch (error) {
      return failureResult(error, path);
    }
  },
};
