import { createUniqueId, For, Show } from 'solid-js';
import type { RewindControls, RewindFileView, RewindPreview } from '../../app/rewind-service';
import './rewind.css';
import { enRewindUi } from '../../app/messages/en-agent-review-ui';
import { addEnglishArea } from '../../app/messages/english-areas';
import { useI18n } from '../common/i18n';

addEnglishArea('rewind', enRewindUi);

/**
 * The preview of a rewind: every file that will change and how, with files changed by hand
 * since the agent wrote them flagged before anything is overwritten. Rewinds files only, or
 * the conversation too (the later messages stay in the tree as a branch).
 */
export function RewindDialog(props: { preview: RewindPreview; rewind: RewindControls }) {
  const titleId = createUniqueId();
  const { t, formats } = useI18n();
  const actionLabel = (action: RewindFileView['action']) => t(`rewind.${action}`);
  const actionNote = (action: RewindFileView['action']) => t(`rewind.${action}Note`);
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
      <h2 id={titleId}>{t('rewind.title')}</h2>
      <Show when={props.preview.files.length} fallback={<p>{t('rewind.nothing')}</p>}>
        <p>{t('rewind.files', formats(), props.preview.files.length)}</p>
        <ul class="rewind-files" aria-label={t('rewind.list')}>
          <For each={props.preview.files}>
            {(file) => (
              <li
                class="rewind-file"
                classList={{ 'by-hand': file.changedByHand !== 'no' || file.unsaved }}
                aria-label={`${file.path}: ${actionLabel(file.action)}${
                  file.changedByHand === 'yes' ? t('rewind.byHandMark') : ''
                }${file.unsaved ? t('rewind.unsavedMark') : ''}`}
              >
                <span class={`rewind-action ${file.action}`}>{actionLabel(file.action)}</span>
                <code class="rewind-path">{file.path}</code>
                <span class="rewind-note">{actionNote(file.action)}</span>
                <Show when={file.changedByHand === 'yes'}>
                  <strong class="rewind-warning">{t('rewind.byHand')}</strong>
                </Show>
                <Show when={file.unsaved}>
                  <strong class="rewind-warning">{t('rewind.unsaved')}</strong>
                </Show>
                <Show when={file.changedByHand === 'unknown'}>
                  <strong class="rewind-warning">{t('rewind.maybeByHand')}</strong>
                </Show>
              </li>
            )}
          </For>
        </ul>
        <Show when={byHand()}>
          <p class="rewind-summary-warning" role="alert">
            {t('rewind.byHandCount', formats(), byHand())}
          </p>
        </Show>
      </Show>
      <p class="rewind-hint">{t('rewind.hint')}</p>
      <div class="modal-actions">
        <button
          type="button"
          class="button"
          ref={(button) => queueMicrotask(() => button.focus())}
          onClick={() => props.rewind.cancel()}
        >
          {t('rewind.cancel')}
        </button>
        <button
          type="button"
          class="button"
          disabled={props.rewind.working()}
          onClick={() => void props.rewind.confirm(true)}
        >
          {t('rewind.conversationAndFiles')}
        </button>
        <button
          type="button"
          class="button primary"
          disabled={props.rewind.working() || !props.preview.files.length}
          onClick={() => void props.rewind.confirm(false)}
        >
          {t('rewind.filesOnly')}
        </button>
      </div>
    </dialog>
  );
}
