import { createSignal, For, Show } from 'solid-js';
import type { NodeAttachment } from '../../store/records';
import { Icon } from '../common/icons';
import './mentions.css';

/**
 * Attachments as chips: a mentioned file, folder or symbol by its path (an MCP resource by
 * its server and name), and, when its content was cut to the attachment limit, how much of
 * it went. Above the message box they can be removed (that removes the mention); on a sent
 * message they show what the model read. A chip's name opens the text exactly as it was
 * attached, so nothing the model saw is hidden from the person who sent it.
 */
export function MentionChips(props: {
  attachments: readonly NodeAttachment[];
  /** Given: each chip has a Remove button. */
  onRemove?: (attachment: NodeAttachment) => void;
}) {
  const [shown, setShown] = createSignal<NodeAttachment | undefined>();
  const toggle = (attachment: NodeAttachment) =>
    setShown((current) => (current === attachment ? undefined : attachment));
  return (
    <Show when={props.attachments.length}>
      <ul class="mention-chips" aria-label="Mentions">
        <For each={props.attachments}>
          {(attachment) => (
            <li class="mention-chip" classList={{ cut: Boolean(attachment.note) }}>
              <button
                type="button"
                class="mention-chip-name"
                aria-expanded={shown() === attachment}
                title={`Show what ${attachment.name} attaches`}
                onClick={() => toggle(attachment)}
              >
                {attachment.name}
              </button>
              <Show when={attachment.note}>
                <span class="mention-chip-note">({attachment.note})</span>
              </Show>
              <Show when={props.onRemove}>
                {(remove) => (
                  <button
                    type="button"
                    class="icon-button"
                    aria-label={`Remove ${attachment.name}`}
                    onClick={() => {
                      if (shown() === attachment) setShown(undefined);
                      remove()(attachment);
                    }}
                  >
                    <Icon name="close" />
                  </button>
                )}
              </Show>
            </li>
          )}
        </For>
      </ul>
      <Show when={shown()}>
        {(attachment) => (
          <pre class="mention-content" role="region" aria-label={`Attached: ${attachment().name}`}>
            {attachment().text}
          </pre>
        )}
      </Show>
    </Show>
  );
}
