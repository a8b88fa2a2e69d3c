import { For, Show } from 'solid-js';
import { Icon } from '../common/icons';
import { useI18n } from '../common/i18n';
import type { FileAttachments } from './file-attachments-state';

/** The paperclip: picks files from the computer to attach to the message. */
export function FileAttachButton(props: { files: FileAttachments }) {
  const { t } = useI18n();
  let picker!: HTMLInputElement;
  return (
    <>
      <button
        type="button"
        class="icon-button"
        aria-label={t('attachFiles.label')}
        title={t('attachFiles.title')}
        onClick={() => picker.click()}
      >
        <Icon name="paperclip" />
      </button>
      <input
        ref={picker}
        type="file"
        multiple
        // No `accept`: code files have no common type; what Cove cannot read is refused
        // with a notice that says what it reads.
        hidden
        aria-label={t('attachFiles.picker')}
        onChange={(event) => {
          props.files.add([...(event.currentTarget.files ?? [])]);
          // The same file may be picked again after it was removed.
          event.currentTarget.value = '';
        }}
      />
    </>
  );
}

/** Files still being read, as chips that say so (and can be removed meanwhile). */
export function ReadingChips(props: { files: FileAttachments }) {
  const { t } = useI18n();
  const reading = () => props.files.files().filter((entry) => !entry.attachment);
  return (
    <Show when={reading().length}>
      <ul class="mention-chips" aria-label={t('attachFiles.reading')}>
        <For each={reading()}>
          {(entry) => (
            <li class="mention-chip reading">
              <span>{entry.name}</span>
              <span class="mention-chip-note">{t('attachFiles.readingNote')}</span>
              <button
                type="button"
                class="icon-button"
                aria-label={t('attachFiles.remove', entry.name)}
                onClick={() => props.files.removeReading(entry.id)}
              >
                <Icon name="close" />
              </button>
            </li>
          )}
        </For>
      </ul>
    </Show>
  );
}
