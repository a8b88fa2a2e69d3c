import type { Tool } from '../tool';
import { withRepository, type GitToolContext } from './git-tool-context';

export type GitLogArgs = { limit?: number };

/** git_log: the newest commits of the branch checked out. Read-only. */
export const gitLogTool: Tool<GitLogArgs, GitToolContext> = {
  name: 'git_log',
  description:
    'Show the newest commits of the branch checked out: id, author, date and message. Read-only.',
  parameters: {
    type: 'object',
    properties: {
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: 100,
        description: 'How many commits, newest first (default 20).',
      },
    },
    additionalProperties: false,
  },
  approval: 'read',
  needs: 'git',
  summarize: (args) => (typeof args['limit'] === 'number' ? `${args['limit']} commits` : ''),
  execute: (args, context) =>
    withRepository(context, async (repo) => {
      const log = await repo.log(args.limit ?? 20);
      if (!log.length) return { content: 'No commits yet.' };
      return {
        content: log
          .map(
            (entry) =>
              `${entry.oid.slice(0, 10)} ${new Date(entry.time).toISOString().slice(0, 16).replace('T', ' ')} ${entry.author.name} <${entry.author.email}>\n    ${entry.message.split('\n').join('\n    ')}`,
          )
          .join('\n'),
        details: { count: log.length },
      };
    }),
};
