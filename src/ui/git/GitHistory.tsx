import { createResource, createSignal, For, Show } from 'solid-js';
import type { GitService } from '../../app/git-service';
import type { GitCommitFile } from '../../workspace/git/git-commit-changes';
import type { GitCommitInfo } from '../../workspace/git/git-repository';
import { useI18n } from '../common/i18n';

const MARK: Record<GitCommitFile['change'], string> = { added: 'A', modified: 'M', deleted: 'D' };

/**
 * The history of the branch checked out: each commit opens the list of files it changed, and
 * a file opens what the commit did to it (`onShowFile`, shown in the panel's merge view).
 */
export function GitHistory(props: {
  git: GitService;
  log: readonly GitCommitInfo[];
  onShowFile: (commit: GitCommitInfo, path: string) => void;
}) {
  // Kept here, by id: each refresh of the log makes new entries, and an open commit stays open.
  const [openOid, setOpenOid] = createSignal<string>();
  const { t } = useI18n();
  return (
    <Show when={props.log.length > 0} fallback={<p class="git-note">{t('git.noCommits')}</p>}>
      <ol aria-labelledby="git-log-title">
        <For each={props.log}>
          {(entry) => (
            <CommitEntry
              git={props.git}
              entry={entry}
              open={openOid() === entry.oid}
              onToggle={() => setOpenOid(openOid() === entry.oid ? undefined : entry.oid)}
              onShowFile={props.onShowFile}
            />
          )}
        </For>
      </ol>
    </Show>
  );
}

function CommitEntry(props: {
  git: GitService;
  entry: GitCommitInfo;
  open: boolean;
  onToggle: () => void;
  onShowFile: (commit: GitCommitInfo, path: string) => void;
}) {
  const entry = props.entry;
  const { t, formats } = useI18n();
  const short = entry.oid.slice(0, 7);
  const open = () => props.open;
  const [files] = createResource(
    () => (open() ? entry.oid : undefined),
    (oid) => props.git.commitFiles(oid),
  );
  return (
    <li class="git-commit-entry">
      <button
        type="button"
        class="git-commit-toggle"
        title={entry.oid}
        aria-expanded={open()}
        onClick={() => props.onToggle()}
      >
        <span class="git-commit-message">{entry.message.split('\n')[0]}</span>
        <span class="git-note">
          {entry.author.name} · {formats().dateTime(entry.time)} · {short}
        </span>
      </button>
      <Show when={open() && files()}>
        {(list) => (
          <ul class="git-commit-files" aria-label={t('git.commitFiles', short)}>
            <For each={list()} fallback={<li class="git-note">{t('git.noFileChanged')}</li>}>
              {(file) => (
                <li class="git-file">
                  <button
                    type="button"
                    class="git-file-name"
                    title={t('git.showCommitFile', short, file.path)}
                    onClick={() => props.onShowFile(entry, file.path)}
                  >
                    {file.path}
                  </button>
                  <span
                    class={`git-mark git-${file.change}`}
                    title={t(`git.changes.${file.change}`)}
                    aria-label={t(`git.changes.${file.change}`)}
                  >
                    {MARK[file.change]}
                  </span>
                </li>
              )}
            </For>
          </ul>
        )}
      </Show>
    </li>
  );
}
