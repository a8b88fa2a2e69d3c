import { createMemo, createSignal, For, Match, onCleanup, onMount, Show, Switch } from 'solid-js';
import type { GitService } from '../../app/git-service';
import type { GitChange, GitFileStatus } from '../../workspace/git/git-status';
import { DiffView, type DiffReview } from '../agent/DiffView';
import { useDialogs } from '../common/dialogs';
import type { GitCommitInfo } from '../../workspace/git/git-repository';
import { MergeBar } from './MergeBar';
import { GitHistory } from './GitHistory';
import { CloneForm, RemoteProgress, RemoteRow } from './GitRemote';
import { useI18n } from '../common/i18n';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enGitUi } from '../../app/messages/en-git-ui';
import './git.css';

// The panel's English comes with this chunk, not with the first load.
addEnglishArea('git', enGitUi);

/** The letter VS Code and `git status -s` show for a change (its word is in the catalog). */
const CHANGE_LETTER: Record<GitChange, string> = {
  modified: 'M',
  added: 'A',
  deleted: 'D',
  untracked: 'U',
  conflicted: '!',
};

/** Which side of a file a row shows: what is staged, or what is not. */
type Side = 'staged' | 'unstaged';

interface OpenDiff {
  path: string;
  /** Which change it is: "staged", "not staged", "in 8328c6b". */
  label: string;
  /** The side of a working change, whose changes stage or unstage one by one (text only). */
  side?: Side;
  before: string;
  after: string;
}

const asText = (content: string | Uint8Array | null, binary: string) =>
  content === null ? '' : typeof content === 'string' ? content : `${binary}\n`;

/**
 * The Source Control panel: "Initialize repository" when the workspace has none; else the
 * branch picker, the commit message and Commit (Ctrl/Cmd+Enter) or Amend, the staged changes
 * and the other changes (stage, unstage, discard per file; a click shows the file's diff in
 * the merge view), and the history (a commit lists its files, a file shows its diff).
 */
export function GitPanel(props: {
  git: GitService;
  onOpenSettings?: () => void;
  /** Opens a file in the editor (a conflicted file, to resolve it there). */
  onOpenFile?: (path: string) => void;
  /** Downloads the workspace as a .zip with its .git folder. */
  onExportWithHistory?: () => void;
}) {
  const git = props.git;
  const dialogs = useDialogs();
  const { t, formats } = useI18n();
  const binary = () => t('git.binaryFile');
  const [message, setMessage] = createSignal('');
  const [diff, setDiff] = createSignal<OpenDiff>();
  /** Commit replaces the last commit (`git commit --amend`) instead of adding one. */
  const [amending, setAmending] = createSignal(false);
  // Actions under way: the repository runs them one after another, so a commit asked for
  // while a file is still being staged waits for it instead of being dropped.
  const [pending, setPending] = createSignal(0);
  const busy = () => pending() > 0;
  let committing = false;
  const [cloning, setCloning] = createSignal(false);
  onMount(() => git.activate());
  onCleanup(() => git.deactivate());

  const ready = createMemo(() => {
    const state = git.state();
    return state.kind === 'ready' ? state : undefined;
  });
  const staged = createMemo(() => ready()?.files.filter((file) => file.staged) ?? []);
  const unstaged = createMemo(() => ready()?.files.filter((file) => file.unstaged) ?? []);

  const run = async (action: () => Promise<boolean>) => {
    setPending((count) => count + 1);
    try {
      return await action();
    } finally {
      setPending((count) => count - 1);
    }
  };

  const commit = async () => {
    // One commit at a time: a second Ctrl+Enter would commit nothing.
    if (committing) return;
    committing = true;
    try {
      const amend = amending();
      if (await run(() => (amend ? git.amend(message()) : git.commit(message())))) {
        setMessage('');
        setAmending(false);
        setDiff(undefined);
      }
    } finally {
      committing = false;
    }
  };

  const showDiff = async (file: GitFileStatus, side: Side) => {
    const versions = await git.versions(file.path);
    if (!versions) return;
    // Staged: what the commit will change (HEAD → index); not staged: index → working file.
    const before = side === 'staged' ? versions.head : (versions.index ?? versions.head);
    const after = side === 'staged' ? versions.index : versions.workdir;
    const text = [before, after].every((c) => c === null || typeof c === 'string');
    setDiff({
      path: file.path,
      label: side === 'staged' ? t('git.staged') : t('git.notStaged'),
      ...(text ? { side } : {}),
      before: asText(before, binary()),
      after: asText(after, binary()),
    });
  };

  const showCommitFile = async (commit: GitCommitInfo, path: string) => {
    const versions = await git.commitVersions(commit.oid, path);
    if (!versions) return;
    setDiff({
      path,
      label: t('git.inCommit', commit.oid.slice(0, 7)),
      before: asText(versions.before, binary()),
      after: asText(versions.after, binary()),
    });
  };

  /** Stage (not staged side) or unstage (staged side) one change of the diff shown. */
  const hunkReview = (open: OpenDiff): DiffReview => {
    const again = () => {
      const state = git.state();
      const file = state.kind === 'ready' && state.files.find((f) => f.path === open.path);
      if (file && (open.side === 'staged' ? file.staged : file.unstaged)) {
        void showDiff(file, open.side!);
      } else setDiff(undefined);
    };
    // Not staged: the diff's "before" is the index, so a kept change is the new index text.
    // Staged: its "after" is the index, so the text with a change put back is the new one.
    return open.side === 'unstaged'
      ? {
          buttons: { keep: [t('git.stage'), t('git.stageChange')], undo: null },
          onKeep: (index) => void run(() => git.stageText(open.path, index)).then(again),
          onUndo: async () => false,
        }
      : {
          buttons: { keep: null, undo: [t('git.unstage'), t('git.unstageChange')] },
          onKeep: () => undefined,
          onUndo: async (index) => {
            const done = await run(() => git.stageText(open.path, index));
            again();
            return done;
          },
        };
  };

  const discard = async (path: string) => {
    const answer = await dialogs.confirm({
      title: t('git.discardTitle'),
      message: t('git.discardText', path),
      confirmLabel: t('git.discard'),
      danger: true,
    });
    if (answer === 'confirm') await run(() => git.discard(path));
  };

  const newBranch = () =>
    dialogs.prompt({
      title: t('git.newBranchTitle'),
      label: t('git.branchName'),
      confirmLabel: t('git.createAndSwitch'),
      submit: async (name) => {
        await git.createBranch(name);
      },
    });

  const deleteBranch = () =>
    dialogs.prompt({
      title: t('git.deleteBranchTitle'),
      label: t('git.branchToDelete'),
      confirmLabel: t('git.deleteBranchConfirm'),
      submit: async (name) => {
        await git.deleteBranch(name.trim());
      },
    });

  const fileRow = (file: GitFileStatus, side: Side) => {
    const change = () => (side === 'staged' ? file.staged : file.unstaged)!;
    return (
      <li class="git-file">
        <button
          type="button"
          class="git-file-name"
          title={t('git.showChangesTo', file.path)}
          onClick={() => void showDiff(file, side)}
        >
          {file.path}
        </button>
        <span
          class={`git-mark git-${change()}`}
          title={t(`git.changes.${change()}`)}
          aria-label={t(`git.changes.${change()}`)}
        >
          {CHANGE_LETTER[change()]}
        </span>
        <Show when={side === 'unstaged'}>
          <button
            type="button"
            class="git-file-action"
            aria-label={t('git.discardChangesTo', file.path)}
            title={t('git.discardChanges')}
            disabled={busy()}
            onClick={() => void discard(file.path)}
          >
            ↶
          </button>
        </Show>
        <button
          type="button"
          class="git-file-action"
          aria-label={
            side === 'staged' ? t('git.unstagePath', file.path) : t('git.stagePath', file.path)
          }
          title={side === 'staged' ? t('git.unstage') : t('git.stage')}
          disabled={busy()}
          onClick={() =>
            void run(() => (side === 'staged' ? git.unstage(file.path) : git.stage(file.path)))
          }
        >
          {side === 'staged' ? '−' : '+'}
        </button>
      </li>
    );
  };

  return (
    <div class="git-panel">
      <RemoteProgress remote={git.remote} />
      <Switch>
        <Match when={git.state().kind === 'loading'}>
          <p class="git-empty">{t('git.reading')}</p>
        </Match>
        <Match when={git.state().kind === 'none'}>
          <div class="git-empty">
            <p>{t('git.notRepository')}</p>
            <button
              type="button"
              class="button primary"
              disabled={busy()}
              onClick={() => void run(() => git.init())}
            >
              {t('git.initialize')}
            </button>
            <p class="git-note">{t('git.hiddenFolder')}</p>
            <h3 class="git-subtitle">{t('git.orClone')}</h3>
            <CloneForm remote={git.remote} />
          </div>
        </Match>
        <Match when={ready()}>
          {(state) => (
            <>
              <RemoteRow remote={git.remote} />
              <Show when={state().merging}>
                <MergeBar
                  git={git}
                  conflicted={state()
                    .files.filter((file) => file.unstaged === 'conflicted')
                    .map((file) => file.path)}
                  busy={busy()}
                  run={run}
                  {...(props.onOpenFile ? { onOpenFile: props.onOpenFile } : {})}
                />
              </Show>
              <div class="git-branch-row">
                <label for="git-branch">{t('git.branch')}</label>
                <select
                  id="git-branch"
                  value={state().branches.current ?? ''}
                  disabled={busy()}
                  onChange={(event) => {
                    const select = event.currentTarget;
                    // A refused switch leaves the picker on the branch still checked out.
                    void run(() => git.switchBranch(select.value)).then(() => {
                      const now = git.state();
                      select.value = now.kind === 'ready' ? (now.branches.current ?? '') : '';
                    });
                  }}
                >
                  <For each={state().branches.all}>
                    {(name) => <option value={name}>{name}</option>}
                  </For>
                </select>
                <button type="button" class="button" onClick={() => void newBranch()}>
                  {t('git.newBranch')}
                </button>
                <Show when={state().branches.all.length > 1}>
                  <button type="button" class="button" onClick={() => void deleteBranch()}>
                    {t('git.deleteBranch')}
                  </button>
                </Show>
              </div>
              <form
                class="git-commit"
                onSubmit={(event) => {
                  event.preventDefault();
                  void commit();
                }}
              >
                <label for="git-message" class="visually-hidden">
                  {t('git.commitMessage')}
                </label>
                <textarea
                  id="git-message"
                  rows={3}
                  placeholder={t('git.commitPlaceholder')}
                  value={message()}
                  onInput={(event) => setMessage(event.currentTarget.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                      event.preventDefault();
                      void commit();
                    }
                  }}
                />
                <Show when={state().log.length > 0}>
                  <label class="git-amend">
                    <input
                      type="checkbox"
                      checked={amending()}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        setAmending(on);
                        // The last commit's message, to edit, as `git commit --amend` opens it.
                        if (on && !message().trim()) setMessage(state().log[0]?.message ?? '');
                      }}
                    />
                    {t('git.amendLast')}
                  </label>
                </Show>
                <button
                  type="submit"
                  class="button primary"
                  disabled={busy() || (!amending() && staged().length === 0) || !message().trim()}
                  title={
                    amending()
                      ? t('git.amendTitle')
                      : staged().length === 0
                        ? t('git.stageFirst')
                        : t('git.commitTitle')
                  }
                >
                  {amending() ? t('git.amend') : t('git.commit')}
                </button>
                <Show when={!git.author().name || !git.author().email}>
                  <p class="git-note">
                    {t('git.setAuthor')}{' '}
                    <Show when={props.onOpenSettings}>
                      <button type="button" class="git-link" onClick={props.onOpenSettings}>
                        {t('git.openSettings')}
                      </button>
                    </Show>
                  </p>
                </Show>
              </form>
              <section class="git-group" aria-labelledby="git-staged-title">
                <h3 id="git-staged-title">
                  {t('git.stagedChanges', formats().number(staged().length))}
                </h3>
                <ul aria-labelledby="git-staged-title">
                  <For each={staged()}>{(file) => fileRow(file, 'staged')}</For>
                </ul>
              </section>
              <section class="git-group" aria-labelledby="git-changes-title">
                <div class="git-group-head">
                  <h3 id="git-changes-title">
                    {t('git.changesCount', formats().number(unstaged().length))}
                  </h3>
                  <Show when={unstaged().length > 1}>
                    <button
                      type="button"
                      class="git-link"
                      disabled={busy()}
                      onClick={() => void run(() => git.stageAll())}
                    >
                      {t('git.stageAll')}
                    </button>
                  </Show>
                </div>
                <Show
                  when={unstaged().length > 0 || staged().length > 0}
                  fallback={<p class="git-note">{t('git.noChanges')}</p>}
                >
                  <ul aria-labelledby="git-changes-title">
                    <For each={unstaged()}>{(file) => fileRow(file, 'unstaged')}</For>
                  </ul>
                </Show>
              </section>
              <Show when={diff()}>
                {(open) => (
                  <section class="git-diff" aria-label={t('git.changesToPath', open().path)}>
                    <div class="git-group-head">
                      <h3>
                        {open().path} <span class="git-note">({open().label})</span>
                      </h3>
                      <button
                        type="button"
                        class="git-link"
                        aria-label={t('git.closeDiff')}
                        onClick={() => setDiff(undefined)}
                      >
                        {t('git.close')}
                      </button>
                    </div>
                    <DiffView
                      path={open().path}
                      before={open().before}
                      after={open().after}
                      {...(open().side ? { review: hunkReview(open()) } : {})}
                    />
                  </section>
                )}
              </Show>
              <section class="git-group git-log" aria-labelledby="git-log-title">
                <h3 id="git-log-title">{t('git.history')}</h3>
                <GitHistory
                  git={git}
                  log={state().log}
                  onShowFile={(commit, path) => void showCommitFile(commit, path)}
                />
              </section>
              <Show when={props.onExportWithHistory}>
                <button
                  type="button"
                  class="git-link"
                  title={t('gitExtra.exportWithHistoryTitle')}
                  onClick={() => props.onExportWithHistory?.()}
                >
                  {t('gitExtra.exportWithHistory')}
                </button>
              </Show>
              <Show
                when={cloning()}
                fallback={
                  <button type="button" class="git-link" onClick={() => setCloning(true)}>
                    {t('git.cloneAnother')}
                  </button>
                }
              >
                <CloneForm remote={git.remote} onDone={() => setCloning(false)} />
              </Show>
            </>
          )}
        </Match>
      </Switch>
    </div>
  );
}
