import { createSignal, For, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import { errorText } from '../../app/messages/describe-error';
import { DEFAULT_PACKAGE_INDEX_URL } from '../../runtime/runtime-settings';
import { PYTHON_NETWORK_ACCESS, type PythonNetworkAccess } from '../../runtime/python-network';
import { FormAlert } from '../common/FormAlert';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enSectionsUi } from '../../app/messages/en-settings-sections-ui';
import { useI18n } from '../common/i18n';

addEnglishArea('sections', enSectionsUi);

/** How each network setting is offered: the catalog keys of its label and help. */
const NETWORK_CHOICES = {
  off: ['sections.python.off', 'sections.python.offHelp'],
  'package-index': ['sections.python.packageIndex', 'sections.python.packageIndexHelp'],
  any: ['sections.python.any', 'sections.python.anyHelp'],
} as const satisfies Record<PythonNetworkAccess, readonly [string, string]>;

/** Settings → Python: the run time limit, what Python may connect to, where packages come from. */
export function PythonSection(props: { services: AppServices }) {
  const { runs, notices } = props.services;
  const { t } = useI18n();
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
      setError(t('sections.python.badTimeout'));
      return;
    }
    try {
      await runs.saveSettings({
        timeoutMs: Math.round(seconds * 1000),
        packageIndexUrl: index().trim() || DEFAULT_PACKAGE_INDEX_URL,
        lockFileUrl: lock().trim() || undefined,
        network: network(),
      });
      notices.show({ kind: 'success', text: t('sections.python.saved') });
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <section aria-labelledby="settings-python">
      <h3 id="settings-python">Python</h3>
      <form class="python-settings" onSubmit={(event) => void save(event)}>
        <label for="python-timeout">{t('sections.python.timeout')}</label>
        <input
          id="python-timeout"
          inputMode="decimal"
          value={timeout()}
          onInput={(e) => setTimeout(e.currentTarget.value)}
        />
        <fieldset class="python-network">
          <legend>{t('sections.python.network')}</legend>
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
                  <strong>{t(NETWORK_CHOICES[choice][0])}</strong>
                  <span class="field-help">{t(NETWORK_CHOICES[choice][1])}</span>
                </span>
              </label>
            )}
          </For>
          <Show when={network() === 'any'}>
            <p class="field-warning" role="note">
              {t('sections.python.anyWarning')}
            </p>
          </Show>
        </fieldset>
        <label for="python-index">{t('sections.python.index')}</label>
        <input
          id="python-index"
          value={index()}
          spellcheck={false}
          onInput={(e) => setIndex(e.currentTarget.value)}
        />
        <p class="field-help">{t('sections.python.indexHelp')}</p>
        <label for="python-lock">{t('sections.python.lock')}</label>
        <input
          id="python-lock"
          value={lock()}
          spellcheck={false}
          placeholder={t('sections.python.lockPlaceholder')}
          onInput={(e) => setLock(e.currentTarget.value)}
        />
        <FormAlert message={error()} />
        <div class="settings-actions">
          <button type="submit" class="button">
            {t('sections.python.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
