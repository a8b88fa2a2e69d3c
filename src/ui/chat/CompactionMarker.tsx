import { Show } from 'solid-js';
import type { ChatMessageView } from '../../app/chat-message-view';
import { MarkdownView } from './MarkdownView';
import './compaction.css';

const tokens = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n));

/**
 * Where the conversation was compacted: the summary that stands in the model's context for
 * the messages above it (which stay readable and branchable, marked as outside the
 * context), openable to read.
 */
export function CompactionMarker(props: { message: ChatMessageView }) {
  const info = () => props.message.compaction;
  return (
    <section class="compaction-marker" aria-label="Conversation compacted">
      <details>
        <summary>
          <span class="compaction-title">
            {info()?.automatic ? 'Compacted automatically' : 'Compacted'}
          </span>
          <Show when={info()}>
            {(i) => (
              <span class="compaction-meta">
                {' · '}
                <Show
                  when={i().tokensAfter < i().tokensBefore}
                  fallback={<>context about {tokens(i().tokensAfter)} tokens</>}
                >
                  context {tokens(i().tokensBefore)} → {tokens(i().tokensAfter)} tokens
                </Show>
                <Show when={i().focus}>{(focus) => <> · focus: {focus()}</>}</Show>
              </span>
            )}
          </Show>
          <span class="compaction-hint"> · earlier messages are outside the context</span>
        </summary>
        <div class="compaction-summary" aria-label="Summary">
          <MarkdownView text={props.message.content} streaming={() => false} />
        </div>
      </details>
    </section>
  );
}
