import { createSignal, For, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import { errorText } from '../../app/messages/describe-error';
import { DEFAULT_PACKAGE_INDEX_URL } from '../../runtime/runtime-settings';
import { PYTHON_NETWORK_ACCESS, type PythonNetworkAccess } from '../../runtime/python-network';
import { FormAlert } from '../common/FormAlert';

/** How each network setting is offered. */
const NETWORK_CHOICES: Record<PythonNetworkAccess, { label: string; help: string }> = {
  off: { label: 'Off', help: 'No connections at all; packages cannot be loaded.' },
  'package-index': {
    label: 'Package index only',
    help: 'Imports load packages from the index below; scripts cannot connect anywhere.',
  },
  any: {
    label: 'Any host',
    help: 'Scripts may connect to any web address. Code you run, including code from a model, can then send your workspace files anywhere.',
  },
};

/** Settings → Python: the run time limit, what Python may connect to, where packages come from. */
export function PythonSection(props: { services: AppServices }) {
  const { runs, notices } = props.services;
  const [timeout, setTimeout] = createSignal(String(runs.settings().timeoutMs / 1000));
  const [index, setIndex] = createSignal(runs.settings().packageIndexUrl);
  const [lock, setLock] = createSignal(runs.settings().lockFileUrl ?? '');
  const [network, setNetwork] = createSignal<PythonNetworkAccess>(runs.settings().network);
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
        network: network(),
      });
      notices.show({ kind: 'success', text: 'Python settings saved.' });
    } catch (failure) {
      setError(errorText(failure));
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
        <fieldset class="python-network">
          <legend>Network access for Python</legend>
          <For each={PYTHON_NETWORK_ACCESS}>
            {(choice) => (
              <label class="choice">
                <input
                  type="radio"
                  name="python-network"
                  value={choice}
                  checked={network() === choice}
                  onChange={() => setNetwork(choice)}
                />
                <span>
                  <strong>{NETWORK_CHOICES[choice].label}</strong>
                  <span class="field-help">{NETWORK_CHOICES[choice].help}</span>
                </span>
              </label>
            )}
          </For>
          <Show when={network() === 'any'}>
            <p class="field-warning" role="note">
              Warning: with any host allowed, a script can send your workspace files to any server.
              Your keys and Cove's storage stay out of reach either way.
            </p>
          </Show>
        </fieldset>
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
        <FormAlert message={error()} />
        <div class="settings-actions">
          <button type="submit" class="button">
            Save Python settings
          </button>
        </div>
      </form>
    </section>
  );
}
