import { createSignal, For, Show } from 'solid-js';
import type { NodeAttachment } from '../../store/records';
import { Icon } from '../common/icons';
import { useI18n } from '../common/i18n';
import './mentions.css';

/**
 * Attachments as chips: a mentioned file, folder or symbol by its path (an MCP resource by
 * its server and name; a file from the computer by its name, with a thumbnail of a picture
 * or a PDF's page count, and, for a model that cannot see, that a picture is not sent), and, when its content was cut to the attachment limit, how much of
 * it went. Above the message box they can be removed (that removes the mention); on a sent
 * message they show what the model read. A chip's name opens the text exactly as it was
 * attached, so nothing the model saw is hidden from the person who sent it.
 */
export function MentionChips(props: {
  attachments: readonly NodeAttachment[];
  /** Given: each chip has a Remove button. */
  onRemove?: (attachment: NodeAttachment) => void;
  /** Whether the chosen model sees pictures; false: a picture's chip says it is not sent. */
  vision?: boolean;
  /** The list's name for assistive technology. */
  label?: string;
}) {
  const { t, formats } = useI18n();
  /** A file attachment's facts for its chip: a PDF's pages. */
  const fileFacts = (attachment: NodeAttachment) => {
    const pages = attachment.file?.pages;
    return pages === undefined ? undefined : t('mentions.pages', formats(), pages);
  };
  const [shown, setShown] = createSignal<NodeAttachment | undefined>();
  const toggle = (attachment: NodeAttachment) =>
    setShown((current) => (current === attachment ? undefined : attachment));
  return (
    <Show when={props.attachments.length}>
      <ul class="mention-chips" aria-label={props.label ?? t('mentions.label')}>
        <For each={props.attachments}>
          {(attachment) => (
            <li
              class="mention-chip"
              classList={{
                cut: Boolean(attachment.note),
                unseen: Boolean(attachment.image) && props.vision === false,
              }}
            >
              <Show when={attachment.image}>
                {(image) => (
                  <img
                    class="attachment-thumb"
                    src={image().url}
                    alt={t('mentions.thumbnail', attachment.name)}
                  />
                )}
              </Show>
              <button
                type="button"
                class="mention-chip-name"
                aria-expanded={shown() === attachment}
                title={t('mentions.show', attachment.name)}
                onClick={() => toggle(attachment)}
              >
                {attachment.name}
              </button>
              <Show when={fileFacts(attachment)}>
                {(facts) => <span class="mention-chip-note">{facts()}</span>}
              </Show>
              <Show when={attachment.note}>
                <span class="mention-chip-note">({attachment.note})</span>
              </Show>
              <Show when={attachment.image && props.vision === false}>
                <span class="mention-chip-note">{t('mentions.notSeen')}</span>
              </Show>
              <Show when={props.onRemove}>
                {(remove) => (
                  <button
                    type="button"
                    class="icon-button"
                    aria-label={t('mentions.remove', attachment.name)}
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
          <Show
            when={attachment().image}
            fallback={
              <pre
                class="mention-content"
                role="region"
                aria-label={t('mentions.attached', attachment().name)}
              >
                {attachment().text}
              </pre>
            }
          >
            {(image) => (
              <div
                class="mention-content attachment-preview"
                role="region"
                aria-label={t('mentions.attached', attachment().name)}
              >
                <img src={image().url} alt={attachment().name} />
                <span>
                  {t(
                    'mentions.asSent',
                    formats().number(image().width),
                    formats().number(image().height),
                  )}
                </span>
              </div>
            )}
          </Show>
        )}
      </Show>
    </Show>
  );
}
