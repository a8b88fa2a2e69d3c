import { createResource, createSignal, For, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import { formatBytes } from '../../store/model-file-store';
import { pickFiles } from '../common/download';
import { Icon } from '../common/icons';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enMoreSettingsUi } from '../../app/messages/en-settings-more-ui';
import { useI18n } from '../common/i18n';

addEnglishArea('moreSettings', enMoreSettingsUi);

/** A file being stored: how far it got, and how to stop it. */
interface Storing {
  name: string;
  written: number;
  total: number;
  control: AbortController;
}

/**
 * Settings → Providers → In this browser: GGUF models kept in this browser's storage and
 * run by llama.cpp in a worker, with no key and no network. Each is listed with its name
 * and size and can be deleted; a file appears only once it is completely stored.
 */
export function LocalModelsSection(props: { services: AppServices }) {
  const { notices } = props.services;
  const { t } = useI18n();
  const [service] = createResource(() => props.services.localModels.service());
  const [storing, setStoring] = createSignal<Storing>();

  const add = async () => {
    const local = service();
    if (!local) return;
    const [file] = await pickFiles({ accept: '.gguf' });
    if (!file) return;
    const control = new AbortController();
    setStoring({ name: file.name, written: 0, total: file.size, control });
    try {
      await local.add(file.name, file, file.size, {
        signal: control.signal,
        onProgress: (written, total) => setStoring((now) => now && { ...now, written, total }),
      });
      notices.show({ kind: 'success', text: t('moreSettings.local.ready', file.name) });
    } catch (error) {
      if (!control.signal.aborted)
        notices.error(error, t('moreSettings.local.storeFailed', file.name));
    } finally {
      setStoring(undefined);
    }
  };

  const remove = async (id: string, name: string) => {
    try {
      await service()?.remove(id);
    } catch (error) {
      notices.error(error, t('moreSettings.local.deleteFailed', name));
    }
  };

  return (
    <section aria-labelledby="settings-local-models" class="local-models">
      <h4 id="settings-local-models">{t('moreSettings.local.heading')}</h4>
      <p>{t('moreSettings.local.intro')}</p>
      <Show
        when={service()}
        fallback={<p class="providers-empty">{t('moreSettings.local.looking')}</p>}
      >
        {(local) => (
          <>
            <Show
              when={local().files().length}
              fallback={<p class="providers-empty">{t('moreSettings.local.none')}</p>}
            >
              <ul class="provider-list" aria-label={t('moreSettings.local.list')}>
                <For each={local().files()}>
                  {(file) => (
                    <li class="provider-card local-model">
                      <span class="local-model-name">{file.name}</span>
                      <span class="local-model-size">{formatBytes(file.size)}</span>
                      <Show when={local().loaded() === file.id}>
                        <span class="badge">{t('moreSettings.local.loaded')}</span>
                      </Show>
                      <button
                        type="button"
                        class="button"
                        aria-label={t('moreSettings.local.deleteFile', file.name)}
                        onClick={() => void remove(file.id, file.name)}
                      >
                        <Icon name="trash" /> {t('moreSettings.local.delete')}
                      </button>
                    </li>
                  )}
                </For>
              </ul>
            </Show>
            <Show when={storing()}>
              {(now) => (
                <div class="local-model-progress" role="status">
                  <span>
                    {t(
                      'moreSettings.local.storing',
                      now().name,
                      formatBytes(now().written),
                      formatBytes(now().total),
                    )}
                  </span>
                  <progress max={now().total} value={now().written} />
                  <button type="button" class="button" onClick={() => now().control.abort()}>
                    {t('moreSettings.local.cancel')}
                  </button>
                </div>
              )}
            </Show>
            <div class="settings-actions">
              <button
                type="button"
                class="button"
                disabled={storing() !== undefined}
                onClick={() => void add()}
              >
                <Icon name="upload" /> {t('moreSettings.local.add')}
              </button>
            </div>
          </>
        )}
      </Show>
    </section>
  );
}
