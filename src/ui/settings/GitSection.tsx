import { createSignal, Show } from 'solid-js';
import type { GitService } from '../../app/git-service';
import { errorText } from '../../app/messages/describe-error';

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
        <Show when={error()}>
          <p class="field-error" role="alert">
            {error()}
          </p>
        </Show>
        <div class="settings-actions">
          <button type="submit" class="button">
            Save Git settings
          </button>
          <Show when={saved()}>
            <span role="status">Saved.</span>
          </Show>
        </div>
      </form>
    </section>
  );
}
