import { For, Show } from 'solid-js';
import type { StorageService } from '../../app/storage-service';
import type { NoticeService } from '../../app/notice-service';
import { describeRowKey, type SetAsideRecord } from '../../store/set-aside-store';
import { useDialogs } from '../common/dialogs';
import { downloadBytes } from '../common/download';
import { Icon } from '../common/icons';

/** "files (w1 / src/app.py)": how one set-aside row is named, on screen and to assistive tech. */
const rowName = (record: SetAsideRecord) => `${record.table} (${describeRowKey(record.key)})`;

/**
 * Settings → Storage → Set aside: the rows Cove found damaged and moved out of its tables
 * (src/store/dexie-row-guard.ts), each with what was wrong and when, to export or delete.
 */
export function SetAsideRows(props: { storage: StorageService; notices: NoticeService }) {
  const dialogs = useDialogs();
  const rows = () => props.storage.setAside();

  const download = (ids?: number[]) => {
    const { name, text } = props.storage.exportSetAside(ids);
    downloadBytes(name, new TextEncoder().encode(text), 'application/json');
  };

  const remove = async (records: readonly SetAsideRecord[], all: boolean) => {
    const answer = await dialogs.confirm({
      title: all
        ? `Delete all ${records.length} set-aside rows?`
        : `Delete the set-aside row of ${rowName(records[0]!)}?`,
      message:
        'Cove kept what it could not read so you could look at it or recover it by hand. Deleted, it is gone for good; export it first if you may need it.',
      confirmLabel: all ? 'Delete all' : 'Delete row',
      danger: true,
    });
    if (answer !== 'confirm') return;
    await props.storage
      .deleteSetAside(all ? undefined : records.map((record) => record.id!))
      .catch((error: unknown) => props.notices.error(error, 'Could not delete the set-aside row'));
  };

  return (
    <div class="set-aside" role="group" aria-labelledby="settings-set-aside">
      <h4 id="settings-set-aside">Set aside</h4>
      <Show
        when={rows().length}
        fallback={
          <p class="set-aside-empty">
            Nothing was set aside: every row Cove has read so far was sound.
          </p>
        }
      >
        <p class="field-help">
          Cove found these rows damaged when it read them. It left them out so the rest could open,
          and kept them here exactly as they were stored.
        </p>
        <ul class="set-aside-rows" aria-label="Rows set aside">
          <For each={rows()}>
            {(record) => (
              <li aria-label={rowName(record)}>
                <div class="set-aside-what">
                  <strong>{record.table}</strong> <code>{describeRowKey(record.key)}</code>
                  <div class="set-aside-problem">{record.problem}</div>
                  <div class="field-help">
                    Set aside {new Date(record.setAsideAt).toLocaleString()}
                  </div>
                </div>
                <div class="set-aside-actions">
                  <button
                    type="button"
                    class="button small"
                    aria-label={`Export ${rowName(record)}`}
                    onClick={() => download([record.id!])}
                  >
                    <Icon name="download" /> Export
                  </button>
                  <button
                    type="button"
                    class="button small danger"
                    aria-label={`Delete ${rowName(record)}`}
                    onClick={() => void remove([record], false)}
                  >
                    Delete
                  </button>
                </div>
              </li>
            )}
          </For>
        </ul>
        <div class="settings-actions">
          <button type="button" class="button" onClick={() => download()}>
            <Icon name="download" /> Export all set-aside rows
          </button>
          <button type="button" class="button danger" onClick={() => void remove(rows(), true)}>
            Delete all set-aside rows…
          </button>
        </div>
      </Show>
    </div>
  );
}
