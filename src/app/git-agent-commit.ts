import {
  proposeCommitMessage,
  type CommitMessageFile,
  type CommitMessageModel,
  type CommitMessageSource,
} from '../agent/commit-message';
import type { ChatClient } from '../llm';
import type { GitAuthor, GitRepository } from '../workspace/git/git-repository';
import { workspaceError } from '../workspace/workspace-errors';
import type { NoticeService } from './notice-service';

/** Who writes the proposed message: the app's chat client and the model selected, if any. */
export interface CommitWriter {
  client(): ChatClient;
  model(): CommitMessageModel | undefined;
}

/** "Commit the agent's changes" after a run (see commit-message.ts for the message). */
export interface AgentCommit {
  /** True when the open workspace has a repository to commit to. */
  available(): Promise<boolean>;
  /** A message for the run's changes, from the model or (without one) from the run. */
  propose(
    task: string,
    files: readonly CommitMessageFile[],
  ): Promise<{ message: string; source: CommitMessageSource }>;
  /**
   * Stages `paths` as they are now (deletions too) and commits everything staged with
   * `message`. Resolves the new commit's id, or undefined after a notice that says why not.
   */
  commit(paths: readonly string[], message: string): Promise<string | undefined>;
}

export function createAgentCommit(deps: {
  repository(): Promise<GitRepository | undefined>;
  author(): GitAuthor;
  writer: CommitWriter | undefined;
  notices: NoticeService;
  /** Reads the repository again for the Source Control panel after a commit. */
  refresh(): Promise<void>;
}): AgentCommit {
  return {
    async available() {
      try {
        return (await (await deps.repository())?.exists()) ?? false;
      } catch {
        return false;
      }
    },
    propose: (task, files) =>
      proposeCommitMessage(
        { client: deps.writer?.client() ?? { stream: noStream }, model: deps.writer?.model() },
        task,
        files,
      ),
    async commit(paths, message) {
      try {
        const repo = await deps.repository();
        if (!repo) throw workspaceError('no-workspace');
        // Only what git sees changed: a file the run made and then deleted is nothing to it.
        const changed = new Set((await repo.status()).map((file) => file.path));
        for (const path of paths) if (changed.has(path)) await repo.stage(path);
        const oid = await repo.commit(message, deps.author());
        await deps.refresh();
        return oid;
      } catch (error) {
        deps.notices.error(error, "Could not commit the agent's changes");
        return undefined;
      }
    },
  };
}

/** The client of a page without a model: never called, as no model is given with it. */
async function* noStream(): AsyncGenerator<never> {}
