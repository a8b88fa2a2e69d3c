import { Show } from 'solid-js';
import type { ChatMessageView } from '../../app/chat-message-view';
import { MarkdownView } from './MarkdownView';
import { useI18n } from '../common/i18n';
import './compaction.css';

/**
 * Where the conversation was compacted: the summary that stands in the model's context for
 * the messages above it (which stay readable and branchable, marked as outside the
 * context), openable to read.
 */
export function CompactionMarker(props: { message: ChatMessageView }) {
  const info = () => props.message.compaction;
  const { t, formats } = useI18n();
  // Thousands to one decimal ("12.3k"), the decimal in the UI's language.
  const tokens = (n: number) =>
    n >= 1000 ? `${formats().number(Math.round(n / 100) / 10)}k` : formats().number(n);
  return (
    <section class="compaction-marker" aria-label={t('compaction.label')}>
      <details>
        <summary>
          <span class="compaction-title">
            {info()?.automatic ? t('compaction.automatic') : t('compaction.manual')}
          </span>
          <Show when={info()}>
            {(i) => (
              <span class="compaction-meta">
                {' · '}
                <Show
                  when={i().tokensAfter < i().tokensBefore}
                  fallback={t('compaction.about', tokens(i().tokensAfter))}
                >
                  {t('compaction.change', tokens(i().tokensBefore), tokens(i().tokensAfter))}
                </Show>
                <Show when={i().focus}>{(focus) => t('compaction.focus', focus())}</Show>
              </span>
            )}
          </Show>
          <span class="compaction-hint">{t('compaction.hint')}</span>
        </summary>
        <div class="compaction-summary" aria-label={t('compaction.summary')}>
          <MarkdownView text={props.message.content} streaming={() => false} />
        </div>
      </details>
    </section>
  );
}
