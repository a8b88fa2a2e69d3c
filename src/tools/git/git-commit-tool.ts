import { describeError } from '../../base/errors';
import type { ApprovalCard } from '../approval-card';
import type { Tool } from '../tool';
import { commitPath, planCommit } from './git-commit-plan';
import { withRepository, type GitToolContext } from './git-tool-context';

export type GitCommitArgs = { message: string; paths?: string[] };

/** The first line of a commit message, for titles and results. */
const subjectOf = (message: string) => message.trim().split('\n')[0] ?? '';

/**
 * git_commit: stages the files named (as they are now) and commits what is staged, with the
 * author of Settings → Git. An edit: it asks as file edits do, and its approval shows the
 * message and the diff the commit would hold.
 */
export const gitCommitTool: Tool<GitCommitArgs, GitToolContext> = {
  name: 'git_commit',
  description:
    'Commit to the branch checked out: stages the files in paths as they are now, then commits everything staged with the message. Use git_status first to see what changed. Does not push.',
  parameters: {
    type: 'object',
    properties: {
      message: {
        type: 'string',
        minLength: 1,
        description:
          'The commit message: a short summary line, then a blank line and details if useful.',
      },
      paths: {
        type: 'array',
        items: { type: 'string' },
        description:
          'Changed files to stage before committing, e.g. ["src/main.py"]. Omit to commit only what is already staged.',
      },
    },
    required: ['message'],
    additionalProperties: false,
  },
  approval: 'edit',
  needs: 'git',
  summarize: (args) => (typeof args['message'] === 'string' ? subjectOf(args['message']) : ''),
  async describeApproval(args, context): Promise<ApprovalCard> {
    const subject = subjectOf(args.message);
    const repo = await context.git?.repository();
    if (!repo) {
      return {
        title: `Commit "${subject}"`,
        view: { kind: 'commit', message: args.message, diff: '', files: [] },
        problem: 'Git is not available in this workspace.',
      };
    }
    try {
      if (!(await repo.exists())) {
        return {
          title: `Commit "${subject}"`,
          view: { kind: 'commit', message: args.message, diff: '', files: [] },
          problem: 'This workspace has no git repository.',
        };
      }
      const plan = await planCommit(repo, args.paths);
      const count = plan.files.length;
      return {
        title: `Commit ${count} file${count === 1 ? '' : 's'}: "${subject}"`,
        view: { kind: 'commit', message: args.message, diff: plan.diff, files: plan.files },
        ...(count === 0
          ? {
              problem: 'Nothing is staged and no changed file is named: the commit would be empty.',
            }
          : plan.unchanged.length
            ? { problem: `No change to commit in ${plan.unchanged.join(', ')}.` }
            : {}),
      };
    } catch (error) {
      return {
        title: `Commit "${subject}"`,
        view: { kind: 'commit', message: args.message, diff: '', files: [] },
        problem: describeError(error),
      };
    }
  },
  execute: (args, context) =>
    withRepository(context, async (repo) => {
      const author = context.git?.author?.();
      if (!author?.name.trim() || !author.email.trim()) {
        return {
          content:
            'No commit author is set. The person sets a name and email in Settings → Git; ask them to, then commit again.',
          isError: true,
        };
      }
      const plan = await planCommit(repo, args.paths);
      if (plan.unchanged.length) {
        return {
          content: `No change to commit in ${plan.unchanged.join(', ')} (git_status lists the changed files). Nothing was committed.`,
          isError: true,
        };
      }
      if (!plan.files.length) {
        return {
          content:
            'Nothing is staged and no changed file was named, so there is nothing to commit. Name the files in paths.',
          isError: true,
        };
      }
      for (const path of args.paths ?? []) await repo.stage(commitPath(path));
      const oid = await repo.commit(args.message, author);
      const branch = (await repo.branches()).current;
      const count = plan.files.length;
      return {
        content: `Committed ${oid.slice(0, 10)}${branch ? ` on ${branch}` : ''}: "${subjectOf(args.message)}" (${count} file${count === 1 ? '' : 's'}: ${plan.files.join(', ')}).`,
        details: { oid, files: plan.files },
      };
    }),
};
