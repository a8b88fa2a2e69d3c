import { createUniqueId, For, Show } from 'solid-js';
import type { RewindControls, RewindFileView, RewindPreview } from '../../app/rewind-service';
import './rewind.css';

const ACTION_LABEL: Record<RewindFileView['action'], string> = {
  restore: 'Restore',
  delete: 'Delete',
  recreate: 'Recreate',
};

const ACTION_NOTE: Record<RewindFileView['action'], string> = {
  restore: 'goes back to its earlier content',
  delete: 'did not exist then',
  recreate: 'was deleted since',
};

/**
 * The preview of a rewind: every file that will change and how, with files changed by hand
 * since the agent wrote them flagged before anything is overwritten. Rewinds files only, or
 * the conversation too (the later messages stay in the tree as a branch).
 */
export function RewindDialog(props: { preview: RewindPreview; rewind: RewindControls }) {
  const titleId = createUniqueId();
  const byHand = () => props.preview.files.filter((file) => file.changedByHand === 'yes').length;
  return (
    <dialog
      ref={(dialog) =>
        queueMicrotask(() => dialog.isConnected && !dialog.open && dialog.showModal())
      }
      class="modal rewind-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        props.rewind.cancel();
      }}
    >
      <h2 id={titleId}>Rewind to this message</h2>
      <Show
        when={props.preview.files.length}
        fallback={<p>The files are already as they were at this message; none will change.</p>}
      >
        <p>
          {props.preview.files.length === 1
            ? 'This file goes back to how it was at this message:'
            : `These ${props.preview.files.length} files go back to how they were at this message:`}
        </p>
        <ul class="rewind-files" aria-label="Files to rewind">
          <For each={props.preview.files}>
            {(file) => (
              <li
                class="rewind-file"
                classList={{ 'by-hand': file.changedByHand !== 'no' || file.unsaved }}
                aria-label={`${file.path}: ${ACTION_LABEL[file.action]}${
                  file.changedByHand === 'yes' ? ', changed by hand' : ''
                }${file.unsaved ? ', unsaved changes in the editor' : ''}`}
              >
                <span class={`rewind-action ${file.action}`}>{ACTION_LABEL[file.action]}</span>
                <code class="rewind-path">{file.path}</code>
                <span class="rewind-note">{ACTION_NOTE[file.action]}</span>
                <Show when={file.changedByHand === 'yes'}>
                  <strong class="rewind-warning">
                    Changed by hand after the agent wrote it: the rewind overwrites that change
                  </strong>
                </Show>
                <Show when={file.unsaved}>
                  <strong class="rewind-warning">
                    Open with unsaved changes: the editor keeps your text and shows the conflict
                  </strong>
                </Show>
                <Show when={file.changedByHand === 'unknown'}>
                  <strong class="rewind-warning">
                    May have been changed by hand (the agent’s turn did not finish)
                  </strong>
                </Show>
              </li>
            )}
          </For>
        </ul>
        <Show when={byHand()}>
          <p class="rewind-summary-warning" role="alert">
            {byHand() === 1 ? 'One file was' : `${byHand()} files were`} changed by hand since the
            agent’s turn. Rewinding overwrites that work (Undo brings it back).
          </p>
        </Show>
      </Show>
      <p class="rewind-hint">
        “Rewind conversation and files” also takes the conversation back here (from your own
        message, to just before it, with its text back in the message box). The later messages stay
        in the conversation as a branch.
      </p>
      <div class="modal-actions">
        <button
          type="button"
          class="button"
          ref={(button) => queueMicrotask(() => button.focus())}
          onClick={() => props.rewind.cancel()}
        >
          Cancel
        </button>
        <button
          type="button"
          class="button"
          disabled={props.rewind.working()}
          onClick={() => void props.rewind.confirm(true)}
        >
          Rewind conversation and files
        </button>
        <button
          type="button"
          class="button primary"
          disabled={props.rewind.working() || !props.preview.files.length}
          onClick={() => void props.rewind.confirm(false)}
        >
          Rewind files
        </button>
      </div>
    </dialog>
  );
}
