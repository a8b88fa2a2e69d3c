import { describeError } from '../../base/errors';
import type { GitAuthor, GitRepository } from '../../workspace/git/git-repository';
import type { ToolContext, ToolResult } from '../tool';

/** The open workspace's repository as the git tools reach it; the app serves its git service. */
export interface GitToolHost {
  /** The repository object of the open workspace (undefined when no workspace is open). */
  repository(): Promise<GitRepository | undefined>;
  /** The commit author of Settings → Git (empty fields when unset); git_commit needs it. */
  author?(): GitAuthor;
}

/** What the git tools use. Absent `git`: the page offers no git (tests, demos). */
export interface GitToolContext extends ToolContext {
  git?: GitToolHost;
}

/**
 * Runs `read` over the workspace's repository, turning "no repository" and failures into
 * results the model can act on.
 */
export async function withRepository(
  context: GitToolContext,
  read: (repo: GitRepository) => Promise<ToolResult>,
): Promise<ToolResult> {
  const repo = await context.git?.repository();
  if (!repo) return { content: 'Git is not available in this workspace.', isError: true };
  try {
    if (!(await repo.exists())) {
      return {
        content:
          'This workspace has no git repository. The person can create one in the Source Control panel (Initialize repository); do not try to create .git yourself.',
      };
    }
    return await read(repo);
  } catch (error) {
    return { content: describeError(error), isError: true };
  }
}
