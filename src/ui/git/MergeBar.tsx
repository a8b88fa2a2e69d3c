import { For, Show } from 'solid-js';
import type { GitService } from '../../app/git-service';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enGitExtraUi } from '../../app/messages/en-git-extra-ui';
import { useDialogs } from '../common/dialogs';
import { useI18n } from '../common/i18n';

addEnglishArea('gitExtra', enGitExtraUi);

/**
 * Shown while a pull's merge is under way: the files still conflicted (each opens in the
 * editor, where its regions carry "Accept current / incoming / both"), and "Abort merge",
 * which puts everything back as before the pull once the person confirms.
 */
export function MergeBar(props: {
  git: GitService;
  conflicted: string[];
  busy: boolean;
  run(action: () => Promise<boolean>): Promise<boolean>;
  onOpenFile?: (path: string) => void;
}) {
  const { t } = useI18n();
  const dialogs = useDialogs();

  const abort = async () => {
    const answer = await dialogs.confirm({
      title: `${t('gitExtra.abortMerge')}?`,
      message: t('gitExtra.abortConfirm'),
      confirmLabel: t('gitExtra.abortMerge'),
      danger: true,
    });
    if (answer === 'confirm')
      await props.run(() => props.git.abortMerge(t('gitExtra.abortFailed')));
  };

  return (
    <section class="git-merge" aria-labelledby="git-merge-title">
      <div class="git-group-head">
        <h3 id="git-merge-title">{t('gitExtra.merging')}</h3>
        <button
          type="button"
          class="button danger"
          title={t('gitExtra.abortMergeTitle')}
          disabled={props.busy}
          onClick={() => void abort()}
        >
          {t('gitExtra.abortMerge')}
        </button>
      </div>
      <p class="git-note">{t('gitExtra.mergingText', props.conflicted.length)}</p>
      <Show when={props.conflicted.length > 0 && props.onOpenFile}>
        <ul class="git-merge-files" aria-labelledby="git-merge-title">
          <For each={props.conflicted}>
            {(path) => (
              <li>
                <button type="button" class="git-link" onClick={() => props.onOpenFile?.(path)}>
                  {path}
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}
