import { For, Show } from 'solid-js';
import { Icon } from '../common/icons';
import type { FileAttachments } from './file-attachments-state';

/** The paperclip: picks files from the computer to attach to the message. */
export function FileAttachButton(props: { files: FileAttachments }) {
  let picker!: HTMLInputElement;
  return (
    <>
      <button
        type="button"
        class="icon-button"
        aria-label="Attach files"
        title="Attach pictures, PDF, DOCX or text files (or paste or drop them here)"
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
        aria-label="Files to attach"
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
  const reading = () => props.files.files().filter((entry) => !entry.attachment);
  return (
    <Show when={reading().length}>
      <ul class="mention-chips" aria-label="Attachments being read">
        <For each={reading()}>
          {(entry) => (
            <li class="mention-chip reading">
              <span>{entry.name}</span>
              <span class="mention-chip-note">reading…</span>
              <button
                type="button"
                class="icon-button"
                aria-label={`Remove ${entry.name}`}
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
