import { lazy, Show } from 'solid-js';
import type { ChatService } from '../../app/chat-service';
import { useI18n } from '../common/i18n';
import { retrying } from '../common/retrying-lazy';

// The preview loads with the first Rewind asked for.
const RewindDialog = lazy(
  retrying(
    () => import('./RewindDialog'),
    (module) => module.RewindDialog,
  ),
);

/**
 * "Rewind files to here" under a message the agent changed files at or after; opens the
 * preview (RewindDialog) for that message.
 */
export function RewindButton(props: { messageId: string; chat: ChatService }) {
  const rewind = props.chat.rewind;
  const { t } = useI18n();
  return (
    <Show when={rewind.available(props.messageId)}>
      <button
        type="button"
        class="link-button"
        title={t('rewindButton.title')}
        disabled={props.chat.busy() || rewind.working()}
        onClick={() => void rewind.preview(props.messageId, false)}
      >
        {t('rewindButton.label')}
      </button>
      <Show when={rewind.pending()?.messageId === props.messageId ? rewind.pending() : undefined}>
        {(preview) => <RewindDialog preview={preview()} rewind={rewind} />}
      </Show>
    </Show>
  );
}
