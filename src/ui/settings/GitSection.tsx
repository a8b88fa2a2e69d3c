import { createSignal, For, Show } from 'solid-js';
import type { GitService } from '../../app/git-service';
import { errorText } from '../../app/messages/describe-error';
import { FormAlert } from '../common/FormAlert';

/** A plausible email: something@something, without spaces (git accepts any, people mistype). */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Settings → Git: the name and email every commit made in Cove is authored by. */
export function GitSection(props: { git: GitService }) {
  const [name, setName] = createSignal(props.git.author().name);
  const [email, setEmail] = createSignal(props.git.author().email);
  const [error, setError] = createSignal<string>();
  const [saved, setSaved] = createSignal(false);

  const save = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    setSaved(false);
    if (!name().trim()) return setError('Type the name commits should carry, e.g. Ada Lovelace.');
    if (!EMAIL.test(email().trim())) {
      return setError('Type an email address such as ada@example.com.');
    }
    try {
      await props.git.setAuthor({ name: name(), email: email() });
      setSaved(true);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <section aria-labelledby="settings-git">
      <h3 id="settings-git">Git</h3>
      <form class="python-settings" onSubmit={(event) => void save(event)}>
        <label for="git-author-name">Author name</label>
        <input
          id="git-author-name"
          value={name()}
          autocomplete="name"
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <label for="git-author-email">Author email</label>
        <input
          id="git-author-email"
          type="email"
          value={email()}
          autocomplete="email"
          spellcheck={false}
          onInput={(e) => setEmail(e.currentTarget.value)}
        />
        <p class="field-help">
          Every commit made in Cove carries this name and email, as git's user.name and user.email
          do. They are stored in this browser only.
        </p>
        <FormAlert message={error()} />
        <div class="settings-actions">
          <button type="submit" class="button">
            Save Git settings
          </button>
          <Show when={saved()}>
            <span role="status">Saved.</span>
          </Show>
        </div>
      </form>
      <GitProxyForm git={props.git} />
      <GitTokensForm git={props.git} />
    </section>
  );
}

/** Settings → Git → CORS proxy: empty, requests go to the git host itself. */
function GitProxyForm(props: { git: GitService }) {
  const remote = props.git.remote;
  const [proxy, setProxy] = createSignal(remote.corsProxy());
  const [error, setError] = createSignal<string>();
  const [saved, setSaved] = createSignal(false);
  const save = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    setSaved(false);
    const value = proxy().trim();
    if (value && !/^https?:\/\/[^\s/]+/.test(value)) {
      return setError(
        "Type the proxy's address, such as https://proxy.example.com, or leave it empty.",
      );
    }
    try {
      await remote.setCorsProxy(value);
      setSaved(true);
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <form class="python-settings" onSubmit={(event) => void save(event)}>
      <label for="git-cors-proxy">CORS proxy</label>
      <input
        id="git-cors-proxy"
        type="url"
        placeholder="Empty: connect to the git host directly"
        spellcheck={false}
        value={proxy()}
        onInput={(e) => setProxy(e.currentTarget.value)}
      />
      <p class="field-help">
        Most git hosts do not let web pages talk to them (CORS), so clone, fetch, pull and push can
        go through a proxy you run (the README shows how). The proxy sees everything the requests
        carry: the repository's contents and your token.
      </p>
      <FormAlert message={error()} />
      <div class="settings-actions">
        <button type="submit" class="button">
          Save proxy
        </button>
        <Show when={saved()}>
          <span role="status">Proxy saved.</span>
        </Show>
      </div>
    </form>
  );
}

/** Settings → Git → tokens: one per host, stored encrypted, sent only to that host. */
function GitTokensForm(props: { git: GitService }) {
  const remote = props.git.remote;
  const [host, setHost] = createSignal('');
  const [username, setUsername] = createSignal('');
  const [token, setToken] = createSignal('');
  const [error, setError] = createSignal<string>();
  const save = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    const clean = host()
      .trim()
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '');
    if (!clean || /\s/.test(clean)) return setError('Type the host, such as github.com.');
    if (!token().trim()) return setError('Paste the access token.');
    try {
      await remote.saveToken(clean, token(), username());
      setHost('');
      setUsername('');
      setToken('');
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <form class="python-settings" onSubmit={(event) => void save(event)}>
      <h4>Access tokens</h4>
      <Show
        when={remote.tokenHosts().length > 0}
        fallback={<p class="field-help">No tokens yet: public repositories need none.</p>}
      >
        <ul aria-label="Hosts with a token">
          <For each={remote.tokenHosts()}>
            {(entry) => (
              <li>
                {entry.host}
                {entry.username ? ` (as ${entry.username})` : ''}{' '}
                <button
                  type="button"
                  class="button"
                  aria-label={`Remove the token for ${entry.host}`}
                  onClick={() => void remote.deleteToken(entry.host)}
                >
                  Remove
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <label for="git-token-host">Host</label>
      <input
        id="git-token-host"
        placeholder="github.com"
        spellcheck={false}
        value={host()}
        onInput={(e) => setHost(e.currentTarget.value)}
      />
      <label for="git-token-user">User name (optional; some hosts want yours)</label>
      <input
        id="git-token-user"
        spellcheck={false}
        autocomplete="off"
        value={username()}
        onInput={(e) => setUsername(e.currentTarget.value)}
      />
      <label for="git-token">Token</label>
      <input
        id="git-token"
        type="password"
        autocomplete="off"
        value={token()}
        onInput={(e) => setToken(e.currentTarget.value)}
      />
      <p class="field-help">
        Stored encrypted in this browser, like API keys, and left out of backups. Cove sends it only
        to that host, and only when the server asks for a sign-in.
      </p>
      <FormAlert message={error()} />
      <div class="settings-actions">
        <button type="submit" class="button">
          Save token
        </button>
      </div>
    </form>
  );
}
