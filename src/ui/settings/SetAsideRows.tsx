import { For, Show } from 'solid-js';
import type { StorageService } from '../../app/storage-service';
import type { NoticeService } from '../../app/notice-service';
import { describeRowKey, type SetAsideRecord } from '../../store/set-aside-store';
import { useDialogs } from '../common/dialogs';
import { downloadBytes } from '../common/download';
import { Icon } from '../common/icons';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enStorageSettingsUi } from '../../app/messages/en-settings-storage-ui';
import { useI18n } from '../common/i18n';

addEnglishArea('storageSettings', enStorageSettingsUi);

/** "files (w1 / src/app.py)": how one set-aside row is named, on screen and to assistive tech. */
const rowName = (record: SetAsideRecord) => `${record.table} (${describeRowKey(record.key)})`;

/**
 * Settings → Storage → Set aside: the rows Cove found damaged and moved out of its tables
 * (src/store/dexie-row-guard.ts), each with what was wrong and when, to export or delete.
 */
export function SetAsideRows(props: { storage: StorageService; notices: NoticeService }) {
  const dialogs = useDialogs();
  const { t, formats } = useI18n();
  const rows = () => props.storage.setAside();

  const download = (ids?: number[]) => {
    const { name, text } = props.storage.exportSetAside(ids);
    downloadBytes(name, new TextEncoder().encode(text), 'application/json');
  };

  const remove = async (records: readonly SetAsideRecord[], all: boolean) => {
    const answer = await dialogs.confirm({
      title: all
        ? t('storageSettings.setAside.deleteAllQuestion', formats(), records.length)
        : t('storageSettings.setAside.deleteOneQuestion', rowName(records[0]!)),
      message: t('storageSettings.setAside.deleteText'),
      confirmLabel: all
        ? t('storageSettings.setAside.deleteAll')
        : t('storageSettings.setAside.deleteRow'),
      danger: true,
    });
    if (answer !== 'confirm') return;
    await props.storage
      .deleteSetAside(all ? undefined : records.map((record) => record.id!))
      .catch((error: unknown) =>
        props.notices.error(error, t('storageSettings.setAside.deleteFailed')),
      );
  };

  return (
    <div class="set-aside" role="group" aria-labelledby="settings-set-aside">
      <h4 id="settings-set-aside">{t('storageSettings.setAside.heading')}</h4>
      <Show
        when={rows().length}
        fallback={<p class="set-aside-empty">{t('storageSettings.setAside.empty')}</p>}
      >
        <p class="field-help">{t('storageSettings.setAside.intro')}</p>
        <ul class="set-aside-rows" aria-label={t('storageSettings.setAside.list')}>
          <For each={rows()}>
            {(record) => (
              <li aria-label={rowName(record)}>
                <div class="set-aside-what">
                  <strong>{record.table}</strong> <code>{describeRowKey(record.key)}</code>
                  <div class="set-aside-problem">{record.problem}</div>
                  <div class="field-help">
                    {t('storageSettings.setAside.when', formats().dateTime(record.setAsideAt))}
                  </div>
                </div>
                <div class="set-aside-actions">
                  <button
                    type="button"
                    class="button small"
                    aria-label={t('storageSettings.setAside.exportRow', rowName(record))}
                    onClick={() => download([record.id!])}
                  >
                    <Icon name="download" /> {t('storageSettings.setAside.export')}
                  </button>
                  <button
                    type="button"
                    class="button small danger"
                    aria-label={t('storageSettings.setAside.deleteRowOf', rowName(record))}
                    onClick={() => void remove([record], false)}
                  >
                    {t('storageSettings.setAside.delete')}
                  </button>
                </div>
              </li>
            )}
          </For>
        </ul>
        <div class="settings-actions">
          <button type="button" class="button" onClick={() => download()}>
            <Icon name="download" /> {t('storageSettings.setAside.exportAll')}
          </button>
          <button type="button" class="button danger" onClick={() => void remove(rows(), true)}>
            {t('storageSettings.setAside.deleteAllButton')}
          </button>
        </div>
      </Show>
    </div>
  );
}
