import type { Tool } from '../tool';
import { withRepository, type GitToolContext } from './git-tool-context';

export type GitDiffArgs = { path?: string };

/** Most changed files diffed when no path is given. */
const MOST_FILES = 20;

/** git_diff: a file's (or every changed file's) working change against HEAD. Read-only. */
export const gitDiffTool: Tool<GitDiffArgs, GitToolContext> = {
  name: 'git_diff',
  description:
    'Show the unified diff of the working tree against the last commit (HEAD): of one file with path, or of every changed file without it. Staged and unstaged changes together. Read-only.',
  parameters: {
    type: 'object',
    properties: {
      path: {
        type: 'string',
        description: 'A workspace path, e.g. "src/main.py". Omit to diff every changed file.',
      },
    },
    additionalProperties: false,
  },
  approval: 'read',
  needs: 'git',
  summarize: (args) => (typeof args['path'] === 'string' ? args['path'] : ''),
  execute: (args, context) =>
    withRepository(context, async (repo) => {
      const paths = args.path
        ? [args.path]
        : (await repo.status()).map((file) => file.path).slice(0, MOST_FILES);
      const diffs: string[] = [];
      for (const path of paths) {
        const diff = await repo.diff(path);
        if (diff.text) diffs.push(diff.text.trimEnd());
      }
      if (!diffs.length) {
        return {
          content: args.path
            ? `${args.path} is as the last commit has it.`
            : 'Nothing changed since the last commit.',
        };
      }
      return { content: diffs.join('\n'), details: { files: diffs.length } };
    }),
};
