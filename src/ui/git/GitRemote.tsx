import { createSignal, Show } from 'solid-js';
import type { GitRemoteService } from '../../app/git-remote-service';
import { useI18n } from '../common/i18n';

/** The remote's name, git's own (not a word to translate). */
const REMOTE_NAME = 'origin';

/** What the remote action under way is doing, with a bar when git knows the total. */
export function RemoteProgress(props: { remote: GitRemoteService }) {
  const { t, formats } = useI18n();
  return (
    <Show when={props.remote.activity()}>
      {(now) => {
        const label = () => {
          const progress = now().progress;
          // The phase is git's own word ("Receiving objects"), as git prints it.
          const phase = !progress
            ? t('git.connecting')
            : progress.total
              ? t(
                  'git.progressOf',
                  progress.phase,
                  formats().number(progress.loaded),
                  formats().number(progress.total),
                )
              : progress.phase;
          return t('git.progress', t(`git.actions.${now().action}`), phase);
        };
        return (
          <div class="git-progress" role="status">
            <span>{label()}</span>
            <Show when={now().progress?.total} fallback={<progress aria-label={label()} />}>
              {(total) => (
                <progress
                  aria-label={label()}
                  max={total()}
                  value={Math.min(now().progress?.loaded ?? 0, total())}
                />
              )}
            </Show>
          </div>
        );
      }}
    </Show>
  );
}

/**
 * "Clone a repository": the URL, whether to take the whole history (the latest commit of
 * the default branch otherwise, which is much faster), and Clone, which makes a workspace
 * named after the repository and opens it.
 */
export function CloneForm(props: { remote: GitRemoteService; onDone?: () => void }) {
  const [url, setUrl] = createSignal('');
  const [full, setFull] = createSignal(false);
  const { t } = useI18n();
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!url().trim()) return;
    if (await props.remote.clone(url(), { full: full() })) {
      setUrl('');
      props.onDone?.();
    }
  };
  return (
    <form class="git-clone" aria-label={t('git.cloneForm')} onSubmit={(e) => void submit(e)}>
      <label for="git-clone-url">{t('git.repositoryUrl')}</label>
      <input
        id="git-clone-url"
        type="url"
        placeholder="https://github.com/owner/name.git"
        spellcheck={false}
        autocomplete="off"
        value={url()}
        onInput={(event) => setUrl(event.currentTarget.value)}
      />
      <label class="git-check">
        <input
          type="checkbox"
          checked={full()}
          onChange={(event) => setFull(event.currentTarget.checked)}
        />
        {t('git.fullHistory')}
      </label>
      <button
        type="submit"
        class="button primary"
        disabled={!url().trim() || !!props.remote.activity()}
      >
        {t('git.clone')}
      </button>
      <p class="git-note">{t('git.cloneNote')}</p>
    </form>
  );
}

/** The remote of a repository that has one: its URL, Fetch, Pull and Push. */
export function RemoteRow(props: { remote: GitRemoteService }) {
  const busy = () => !!props.remote.activity();
  const { t } = useI18n();
  return (
    <Show when={props.remote.remoteUrl()}>
      {(url) => (
        <div class="git-remote-row">
          <span class="git-note git-remote-url" title={url()}>
            {REMOTE_NAME}: {url()}
          </span>
          <div class="git-remote-actions">
            <button
              type="button"
              class="button"
              disabled={busy()}
              title={t('git.fetchTitle')}
              onClick={() => void props.remote.fetch()}
            >
              {t('git.fetch')}
            </button>
            <button
              type="button"
              class="button"
              disabled={busy()}
              title={t('git.pullTitle')}
              onClick={() => void props.remote.pull()}
            >
              {t('git.pull')}
            </button>
            <button
              type="button"
              class="button"
              disabled={busy()}
              title={t('git.pushTitle')}
              onClick={() => void props.remote.push()}
            >
              {t('git.push')}
            </button>
          </div>
        </div>
      )}
    </Show>
  );
}
