import { createSignal, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import { describeError } from '../../base/errors';
import { DEFAULT_PACKAGE_INDEX_URL } from '../../runtime/runtime-settings';

/** Settings → Python: the run time limit and where packages come from. */
export function PythonSection(props: { services: AppServices }) {
  const { runs, notices } = props.services;
  const [timeout, setTimeout] = createSignal(String(runs.settings().timeoutMs / 1000));
  const [index, setIndex] = createSignal(runs.settings().packageIndexUrl);
  const [lock, setLock] = createSignal(runs.settings().lockFileUrl ?? '');
  const [error, setError] = createSignal<string>();

  const save = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    const seconds = Number(timeout());
    if (!Number.isFinite(seconds) || seconds <= 0) {
      setError('The time limit must be a number of seconds, e.g. 30.');
      return;
    }
    try {
      await runs.saveSettings({
        timeoutMs: Math.round(seconds * 1000),
        packageIndexUrl: index().trim() || DEFAULT_PACKAGE_INDEX_URL,
        lockFileUrl: lock().trim() || undefined,
      });
      notices.show({ kind: 'success', text: 'Python settings saved.' });
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  return (
    <section aria-labelledby="settings-python">
      <h3 id="settings-python">Python</h3>
      <form class="python-settings" onSubmit={(event) => void save(event)}>
        <label for="python-timeout">Time limit per run (seconds)</label>
        <input
          id="python-timeout"
          inputMode="decimal"
          value={timeout()}
          onInput={(e) => setTimeout(e.currentTarget.value)}
        />
        <label for="python-index">Package index</label>
        <input
          id="python-index"
          value={index()}
          spellcheck={false}
          onInput={(e) => setIndex(e.currentTarget.value)}
        />
        <p class="field-help">
          Where packages such as numpy come from when a script imports them; a mirror of the Pyodide
          distribution works too. Packages loaded once keep working offline.
        </p>
        <label for="python-lock">Package list (lock file URL, optional)</label>
        <input
          id="python-lock"
          value={lock()}
          spellcheck={false}
          placeholder="Cove's own list"
          onInput={(e) => setLock(e.currentTarget.value)}
        />
        <Show when={error()}>
          <p class="field-error" role="alert">
            {error()}
          </p>
        </Show>
        <div class="settings-actions">
          <button type="submit" class="button">
            Save Python settings
          </button>
        </div>
      </form>
    </section>
  );
}
