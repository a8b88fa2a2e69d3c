import { createSignal, For, Show } from 'solid-js';
import type { ToolCallView } from '../../app/agent-views';
import { useI18n } from '../common/i18n';
import { formatArguments, formatDuration } from './tool-call-summary';

/**
 * One tool call of the timeline: a chip with the tool's name, what it is about (a path, a
 * command), its status and duration. The chip is a button that expands to the arguments,
 * the output and the result; a running call whose tool streams output (Python, bash, MCP)
 * shows it live without a click, and folds away when it ends unless the person opened it.
 */
export function ToolCallChip(props: { call: ToolCallView }) {
  const call = props.call;
  const { t, formats } = useI18n();
  const statusText = () => t(`toolCall.status.${call.status()}`);
  const [open, setOpen] = createSignal<boolean | undefined>();
  const running = () => call.status() === 'running';
  const live = () => call.streamsOutput();
  const expanded = () => open() ?? (running() && live());
  const summary = () => call.summary();
  // A call that never ran (rejected, invalid, stopped while waiting) has no duration to show.
  const duration = () =>
    call.durationMs() || call.status() === 'done'
      ? formatDuration(call.durationMs(), {
          locale: formats().locale,
          underTenth: t('toolCall.underTenth'),
          seconds: (amount) => t('toolCall.seconds', amount),
        })
      : '';
  const detailsId = `tool-call-${call.id}`;

  return (
    <div class="tool-call" data-status={call.status()}>
      <button
        type="button"
        class="tool-chip"
        aria-expanded={expanded()}
        aria-controls={detailsId}
        aria-label={[call.name, summary(), statusText(), duration()].filter(Boolean).join(', ')}
        onClick={() => setOpen(!expanded())}
      >
        <span class="tool-chip-mark" aria-hidden="true" />
        <span class="tool-chip-name">{call.name}</span>
        <Show when={summary()}>
          <span class="tool-chip-summary">{summary()}</span>
        </Show>
        <span class="tool-chip-status">
          {statusText()}
          <Show when={duration()}>{` · ${duration()}`}</Show>
        </span>
      </button>
      <Show when={expanded()}>
        <div
          class="tool-call-details"
          id={detailsId}
          role="group"
          aria-label={t('toolCall.details', call.name)}
        >
          <h4>{t('toolCall.arguments')}</h4>
          <pre class="tool-call-text" aria-label={t('toolCall.arguments')}>
            {formatArguments(call.argumentsText())}
          </pre>
          <Show when={call.output() || (running() && live())}>
            <h4>{t('toolCall.output')}</h4>
            <pre
              class="tool-call-text tool-call-output"
              role="log"
              aria-label={t('toolCall.output')}
              aria-live={running() ? 'polite' : 'off'}
            >
              {call.output() || t('toolCall.waitingForOutput')}
            </pre>
          </Show>
          <Show when={call.images?.().length ? call.images() : undefined}>
            {(images) => (
              <>
                <h4>{t('toolCall.images')}</h4>
                <For each={images()}>
                  {(image) => <img class="tool-call-image" src={image.url} alt={image.alt} />}
                </For>
              </>
            )}
          </Show>
          <Show when={call.result()}>
            {(result) => (
              <>
                <h4>{t('toolCall.result')}</h4>
                <pre class="tool-call-text" aria-label={t('toolCall.result')}>
                  {result()}
                </pre>
              </>
            )}
          </Show>
        </div>
      </Show>
    </div>
  );
}
