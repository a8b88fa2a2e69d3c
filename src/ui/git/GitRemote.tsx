import { createSignal, Show } from 'solid-js';
import type { GitRemoteActivity, GitRemoteService } from '../../app/git-remote-service';

const ACTION_WORD: Record<GitRemoteActivity['action'], string> = {
  clone: 'Cloning',
  fetch: 'Fetching',
  pull: 'Pulling',
  push: 'Pushing',
};

/** What the remote action under way is doing, with a bar when git knows the total. */
export function RemoteProgress(props: { remote: GitRemoteService }) {
  return (
    <Show when={props.remote.activity()}>
      {(now) => {
        const label = () => {
          const progress = now().progress;
          const phase = progress
            ? `${progress.phase}${progress.total ? ` ${progress.loaded} of ${progress.total}` : ''}`
            : 'connecting';
          return `${ACTION_WORD[now().action]}: ${phase}…`;
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
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!url().trim()) return;
    if (await props.remote.clone(url(), { full: full() })) {
      setUrl('');
      props.onDone?.();
    }
  };
  return (
    <form class="git-clone" aria-label="Clone a repository" onSubmit={(e) => void submit(e)}>
      <label for="git-clone-url">Repository URL</label>
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
        Full history (every commit and branch; slower)
      </label>
      <button
        type="submit"
        class="button primary"
        disabled={!url().trim() || !!props.remote.activity()}
      >
        Clone
      </button>
      <p class="git-note">
        Clones into a new workspace. Private repositories need a token, and hosts that do not allow
        web pages (CORS) a proxy: both in Settings → Git.
      </p>
    </form>
  );
}

/** The remote of a repository that has one: its URL, Fetch, Pull and Push. */
export function RemoteRow(props: { remote: GitRemoteService }) {
  const busy = () => !!props.remote.activity();
  return (
    <Show when={props.remote.remoteUrl()}>
      {(url) => (
        <div class="git-remote-row">
          <span class="git-note git-remote-url" title={url()}>
            origin: {url()}
          </span>
          <div class="git-remote-actions">
            <button
              type="button"
              class="button"
              disabled={busy()}
              title="Download new commits without changing your files"
              onClick={() => void props.remote.fetch()}
            >
              Fetch
            </button>
            <button
              type="button"
              class="button"
              disabled={busy()}
              title="Fetch and merge the new commits into this branch"
              onClick={() => void props.remote.pull()}
            >
              Pull
            </button>
            <button
              type="button"
              class="button"
              disabled={busy()}
              title="Send this branch's commits to the remote"
              onClick={() => void props.remote.push()}
            >
              Push
            </button>
          </div>
        </div>
      )}
    </Show>
  );
}
