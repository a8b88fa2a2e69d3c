import { For, Show } from 'solid-js';
import type { InboxLane } from '../../agent/agent-inbox';
import type { PendingView } from '../../app/agent-views';
import { useI18n } from '../common/i18n';
import './pending-messages.css';

/**
 * The messages typed during a run that wait to be delivered, grouped by lane. Each can be
 * taken back into the message box to edit, or removed; a held one (the run stopped before
 * it) is sent only when the person says so.
 */
export function PendingMessages(props: {
  items: readonly PendingView[];
  /** Takes the message back and puts its text in the message box. */
  onEdit: (item: PendingView) => void;
  onRemove: (item: PendingView) => void;
  /** Sends a held message now; undefined while that is not possible (why in `sendBlocker`). */
  onSend: (item: PendingView) => void;
  sendBlocker: () => string | undefined;
}) {
  const { t } = useI18n();
  /** What each lane means to the person, as the list's group heading says it. */
  const laneTitle = (lane: InboxLane) => t(`pending.${lane}`);
  const lanes = () =>
    (['steering', 'queued', 'held'] as const)
      .map((lane) => ({ lane, items: props.items.filter((item) => item.lane === lane) }))
      .filter((group) => group.items.length > 0);
  return (
    <div class="pending-messages">
      <For each={lanes()}>
        {(group) => (
          <section aria-label={laneTitle(group.lane)}>
            <h3 class="pending-title">{laneTitle(group.lane)}</h3>
            <ol>
              <For each={group.items}>
                {(item) => (
                  <li class="pending-item">
                    <span class="pending-text">{item.text}</span>
                    <span class="pending-actions">
                      <Show when={item.lane === 'held'}>
                        <button
                          type="button"
                          class="button"
                          aria-label={t('pending.sendLabel', item.text)}
                          title={props.sendBlocker() ?? t('pending.sendTitle')}
                          disabled={props.sendBlocker() !== undefined}
                          onClick={() => props.onSend(item)}
                        >
                          {t('pending.send')}
                        </button>
                      </Show>
                      <button
                        type="button"
                        class="button"
                        aria-label={t('pending.editLabel', item.text)}
                        title={t('pending.editTitle')}
                        onClick={() => props.onEdit(item)}
                      >
                        {t('pending.edit')}
                      </button>
                      <button
                        type="button"
                        class="button"
                        aria-label={t('pending.removeLabel', item.text)}
                        onClick={() => props.onRemove(item)}
                      >
                        {t('pending.remove')}
                      </button>
                    </span>
                  </li>
                )}
              </For>
            </ol>
          </section>
        )}
      </For>
    </div>
  );
}
