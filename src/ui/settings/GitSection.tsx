import { createSignal, For, Show } from 'solid-js';
import type { GitService } from '../../app/git-service';
import { errorText } from '../../app/messages/describe-error';
import { FormAlert } from '../common/FormAlert';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enMoreSettingsUi } from '../../app/messages/en-settings-more-ui';
import { useI18n } from '../common/i18n';

addEnglishArea('moreSettings', enMoreSettingsUi);

/** A plausible email: something@something, without spaces (git accepts any, people mistype). */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** A host name, the same in every language. */
const HOST_EXAMPLE = 'github.com';

/** Settings → Git: the name and email every commit made in Cove is authored by. */
export function GitSection(props: { git: GitService }) {
  const { t } = useI18n();
  const [name, setName] = createSignal(props.git.author().name);
  const [email, setEmail] = createSignal(props.git.author().email);
  const [error, setError] = createSignal<string>();
  const [saved, setSaved] = createSignal(false);

  const save = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    setSaved(false);
    if (!name().trim()) return setError(t('moreSettings.git.noName'));
    if (!EMAIL.test(email().trim())) {
      return setError(t('moreSettings.git.badEmail'));
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
        <label for="git-author-name">{t('moreSettings.git.authorName')}</label>
        <input
          id="git-author-name"
          value={name()}
          autocomplete="name"
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <label for="git-author-email">{t('moreSettings.git.authorEmail')}</label>
        <input
          id="git-author-email"
          type="email"
          value={email()}
          autocomplete="email"
          spellcheck={false}
          onInput={(e) => setEmail(e.currentTarget.value)}
        />
        <p class="field-help">{t('moreSettings.git.authorHelp')}</p>
        <FormAlert message={error()} />
        <div class="settings-actions">
          <button type="submit" class="button">
            {t('moreSettings.git.save')}
          </button>
          <Show when={saved()}>
            <span role="status">{t('moreSettings.git.saved')}</span>
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
  const { t } = useI18n();
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
      return setError(t('moreSettings.git.badProxy'));
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
      <label for="git-cors-proxy">{t('moreSettings.git.proxy')}</label>
      <input
        id="git-cors-proxy"
        type="url"
        placeholder={t('moreSettings.git.proxyPlaceholder')}
        spellcheck={false}
        value={proxy()}
        onInput={(e) => setProxy(e.currentTarget.value)}
      />
      <p class="field-help">{t('moreSettings.git.proxyHelp')}</p>
      <FormAlert message={error()} />
      <div class="settings-actions">
        <button type="submit" class="button">
          {t('moreSettings.git.saveProxy')}
        </button>
        <Show when={saved()}>
          <span role="status">{t('moreSettings.git.proxySaved')}</span>
        </Show>
      </div>
    </form>
  );
}

/** Settings → Git → tokens: one per host, stored encrypted, sent only to that host. */
function GitTokensForm(props: { git: GitService }) {
  const { t } = useI18n();
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
    if (!clean || /\s/.test(clean)) return setError(t('moreSettings.git.noHost'));
    if (!token().trim()) return setError(t('moreSettings.git.noToken'));
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
      <h4>{t('moreSettings.git.tokens')}</h4>
      <Show
        when={remote.tokenHosts().length > 0}
        fallback={<p class="field-help">{t('moreSettings.git.noTokens')}</p>}
      >
        <ul aria-label={t('moreSettings.git.tokenHosts')}>
          <For each={remote.tokenHosts()}>
            {(entry) => (
              <li>
                {entry.host}
                {entry.username ? t('moreSettings.git.as', entry.username) : ''}{' '}
                <button
                  type="button"
                  class="button"
                  aria-label={t('moreSettings.git.removeToken', entry.host)}
                  onClick={() => void remote.deleteToken(entry.host)}
                >
                  {t('moreSettings.git.remove')}
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <label for="git-token-host">{t('moreSettings.git.host')}</label>
      <input
        id="git-token-host"
        placeholder={HOST_EXAMPLE}
        spellcheck={false}
        value={host()}
        onInput={(e) => setHost(e.currentTarget.value)}
      />
      <label for="git-token-user">{t('moreSettings.git.user')}</label>
      <input
        id="git-token-user"
        spellcheck={false}
        autocomplete="off"
        value={username()}
        onInput={(e) => setUsername(e.currentTarget.value)}
      />
      <label for="git-token">{t('moreSettings.git.token')}</label>
      <input
        id="git-token"
        type="password"
        autocomplete="off"
        value={token()}
        onInput={(e) => setToken(e.currentTarget.value)}
      />
      <p class="field-help">{t('moreSettings.git.tokenHelp')}</p>
      <FormAlert message={error()} />
      <div class="settings-actions">
        <button type="submit" class="button">
          {t('moreSettings.git.saveToken')}
        </button>
      </div>
    </form>
  );
}
