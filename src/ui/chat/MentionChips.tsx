import { For, Show } from 'solid-js';
import type { NodeAttachment } from '../../store/records';
import { Icon } from '../common/icons';
import './mentions.css';

/**
 * Attachments as chips: a mentioned file, folder or symbol by its path (an MCP resource by
 * its server and name), and, when its content
 * was cut to the attachment limit, how much of it went. Above the message box they can be
 * removed (that removes the mention); on a sent message they show what the model read.
 */
export function MentionChips(props: {
  attachments: readonly NodeAttachment[];
  /** Given: each chip has a Remove button. */
  onRemove?: (attachment: NodeAttachment) => void;
}) {
  return (
    <Show when={props.attachments.length}>
      <ul class="mention-chips" aria-label="Mentions">
        <For each={props.attachments}>
          {(attachment) => (
            <li class="mention-chip" classList={{ cut: Boolean(attachment.note) }}>
              <span class="mention-chip-name">{attachment.name}</span>
              <Show when={attachment.note}>
                <span class="mention-chip-note">({attachment.note})</span>
              </Show>
              <Show when={props.onRemove}>
                {(remove) => (
                  <button
                    type="button"
                    class="icon-button"
                    aria-label={`Remove ${attachment.name}`}
                    onClick={() => remove()(attachment)}
                  >
                    <Icon name="close" />
                  </button>
                )}
              </Show>
            </li>
          )}
        </For>
      </ul>
    </Show>
  );
}
