import type { Command } from '../../app/commands/command';
import type { GitService } from '../../app/git-service';

const NO_REPOSITORY = 'This workspace has no repository: initialize one first.';

/**
 * Git's commands in the palette: each calls what the Source Control panel's buttons call,
 * after showing the panel (`show`), so the outcome is in view.
 */
export function gitCommands(git: GitService, show: () => void): Command[] {
  const ready = () => git.state().kind === 'ready';
  return [
    {
      id: 'git.show',
      title: 'Show source control',
      category: 'Git',
      run: () => {
        show();
        git.activate();
      },
    },
    {
      id: 'git.init',
      title: 'Initialize repository',
      category: 'Git',
      disabledReason: () => (ready() ? 'This workspace already has a repository.' : undefined),
      run: () => {
        show();
        return git.init();
      },
    },
    {
      id: 'git.stageAll',
      title: 'Stage all changes',
      category: 'Git',
      disabledReason: () => (ready() ? undefined : NO_REPOSITORY),
      run: () => {
        show();
        return git.stageAll();
      },
    },
    ...(['fetch', 'pull', 'push'] as const).map((action): Command => ({
      id: `git.${action}`,
      title: `${action[0]!.toUpperCase()}${action.slice(1)}`,
      category: 'Git',
      disabledReason: () =>
        !ready()
          ? NO_REPOSITORY
          : git.remote.remoteUrl()
            ? undefined
            : 'This repository has no remote: clone one by URL to work with a remote.',
      run: () => {
        show();
        return git.remote[action]();
      },
    })),
    {
      id: 'git.refresh',
      title: 'Refresh source control',
      category: 'Git',
      disabledReason: () => (ready() ? undefined : NO_REPOSITORY),
      run: () => git.refresh(),
    },
  ];
}
