import type { GitFileStatus } from '../../workspace/git/git-status';
import type { Tool } from '../tool';
import { withRepository, type GitToolContext } from './git-tool-context';

/** Most files listed; the rest are counted. */
const LISTED = 200;

function line(file: GitFileStatus): string {
  const sides = [
    file.staged ? `staged: ${file.staged}` : '',
    file.unstaged ? `not staged: ${file.unstaged}` : '',
  ].filter(Boolean);
  return `${file.path} (${sides.join('; ')})`;
}

/** git_status: the branch and the changed files, staged and not. Read-only. */
export const gitStatusTool: Tool<Record<string, never>, GitToolContext> = {
  name: 'git_status',
  description:
    "Show the workspace's git status: the branch checked out and every changed file, staged or not (modified, added, deleted, untracked), .gitignore respected. Read-only.",
  parameters: { type: 'object', properties: {}, additionalProperties: false },
  approval: 'read',
  needs: 'git',
  promptHint:
    'In a git repository, use git_status to see what changed since the last commit before you summarize or review the work.',
  summarize: () => '',
  execute: (_args, context) =>
    withRepository(context, async (repo) => {
      const [files, branches] = await Promise.all([repo.status(), repo.branches()]);
      const branch = branches.current ? `On branch ${branches.current}.` : 'HEAD is detached.';
      if (!files.length) return { content: `${branch} Nothing changed since the last commit.` };
      const more = files.length > LISTED ? `\n… and ${files.length - LISTED} more files` : '';
      return {
        content: `${branch} ${files.length} changed file${files.length === 1 ? '' : 's'}:\n${files.slice(0, LISTED).map(line).join('\n')}${more}`,
        details: { count: files.length },
      };
    }),
};
