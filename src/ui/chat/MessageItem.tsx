import { createSignal, Show } from 'solid-js';
import type { ChatMessageView } from '../../app/chat-service';
import type { AppServices } from '../../app/services';
import { parseModelRef } from '../../app/provider-service';
import { useDialogs } from '../common/dialogs';
import { wireCodeBlockActions } from './code-block-actions';
import { MarkdownView } from './MarkdownView';

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 0.1) return 'under 0.1 s';
  return seconds < 10 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds)} s`;
}

/** One message: the person's as plain text, the model's as safe Markdown with its extras. */
export function MessageItem(props: {
  message: ChatMessageView;
  services: AppServices;
  runCode?: (code: string, output: HTMLElement) => void;
}) {
  const { chat } = props.services;
  const dialogs = useDialogs();
  const [copied, setCopied] = createSignal(false);
  const [rendering, setRendering] = createSignal(false);
  const message = props.message;
  const streaming = () => message.status() === 'streaming';
  const modelName = () => {
    const parsed = message.model ? parseModelRef(message.model) : undefined;
    return parsed?.modelId;
  };
  const copy = () =>
    navigator.clipboard.writeText(message.content()).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      },
      (error) => props.services.notices.error(error, 'Could not copy'),
    );

  if (message.role === 'user') {
    return (
      <article class="message user" aria-label="Your message">
        <p class="message-text">{message.content()}</p>
      </article>
    );
  }

  return (
    <article
      class="message assistant"
      aria-label="Assistant reply"
      aria-busy={streaming() || rendering()}
    >
      <Show when={message.reasoning()}>
        <details class="thinking">
          <summary>
            {message.reasoningMs() !== undefined
              ? `Thought for ${formatSeconds(message.reasoningMs()!)}`
              : 'Thinking…'}
          </summary>
          <p class="thinking-text">{message.reasoning()}</p>
        </details>
      </Show>
      <MarkdownView
        text={message.content}
        streaming={streaming}
        onTextDelta={message.onTextDelta}
        onRendering={setRendering}
        wireCodeBlock={(element, source) =>
          wireCodeBlockActions(element, source, {
            services: props.services,
            dialogs,
            run: props.runCode,
          })
        }
      />
      <Show when={streaming() && !message.content() && !message.reasoning()}>
        <p class="message-waiting">Waiting for the model…</p>
      </Show>
      <Show when={message.status() === 'aborted'}>
        <p class="message-note">Stopped. What arrived is kept.</p>
      </Show>
      <Show when={message.status() === 'interrupted'}>
        <p class="message-note">
          This reply was interrupted (the page closed while it was written).
        </p>
      </Show>
      <Show when={message.error()}>
        {(error) => (
          <div class="message-error" role="alert">
            <p>
              <strong>{error().message}</strong> {error().hint}
            </p>
            <Show
              when={error().code === 'key_origin'}
              fallback={
                <button
                  type="button"
                  class="button"
                  disabled={chat.busy()}
                  onClick={() => void chat.regenerate(message.id)}
                >
                  Retry
                </button>
              }
            >
              <button
                type="button"
                class="button primary"
                disabled={chat.busy()}
                onClick={() => void chat.allowKeyAndRetry(message.id)}
              >
                Allow and retry
              </button>
            </Show>
          </div>
        )}
      </Show>
      <Show when={!streaming()}>
        <footer class="message-footer">
          <span class="message-meta">
            {modelName()}
            <Show when={message.usage()}>
              {(usage) => (
                <span aria-label="Token usage">
                  {' · '}
                  {usage().inputTokens.toLocaleString('en-US')} in ·{' '}
                  {usage().outputTokens.toLocaleString('en-US')} out tokens
                </span>
              )}
            </Show>
          </span>
          <button
            type="button"
            class="link-button"
            aria-label="Copy reply"
            onClick={() => void copy()}
          >
            {copied() ? 'Copied' : 'Copy'}
          </button>
          <Show when={message.status() !== 'error'}>
            <button
              type="button"
              class="link-button"
              aria-label="Regenerate reply"
              disabled={chat.busy()}
              onClick={() => void chat.regenerate(message.id)}
            >
              Regenerate
            </button>
          </Show>
        </footer>
      </Show>
    </article>
  );
}
