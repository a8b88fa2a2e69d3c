import { createSignal, For, Show } from 'solid-js';
import type { ToolCallView } from '../../app/agent-views';
import { formatArguments, formatDuration, statusText } from './tool-call-summary';

/**
 * One tool call of the timeline: a chip with the tool's name, what it is about (a path, a
 * command), its status and duration. The chip is a button that expands to the arguments,
 * the output and the result; a running call whose tool streams output (Python, bash, MCP)
 * shows it live without a click, and folds away when it ends unless the person opened it.
 */
export function ToolCallChip(props: { call: ToolCallView }) {
  const call = props.call;
  const [open, setOpen] = createSignal<boolean | undefined>();
  const running = () => call.status() === 'running';
  const live = () => call.streamsOutput();
  const expanded = () => open() ?? (running() && live());
  const summary = () => call.summary();
  // A call that never ran (rejected, invalid, stopped while waiting) has no duration to show.
  const duration = () =>
    call.durationMs() || call.status() === 'done' ? formatDuration(call.durationMs()) : '';
  const detailsId = `tool-call-${call.id}`;

  return (
    <div class="tool-call" data-status={call.status()}>
      <button
        type="button"
        class="tool-chip"
        aria-expanded={expanded()}
        aria-controls={detailsId}
        aria-label={[call.name, summary(), statusText(call.status()), duration()]
          .filter(Boolean)
          .join(', ')}
        onClick={() => setOpen(!expanded())}
      >
        <span class="tool-chip-mark" aria-hidden="true" />
        <span class="tool-chip-name">{call.name}</span>
        <Show when={summary()}>
          <span class="tool-chip-summary">{summary()}</span>
        </Show>
        <span class="tool-chip-status">
          {statusText(call.status())}
          <Show when={duration()}>{` · ${duration()}`}</Show>
        </span>
      </button>
      <Show when={expanded()}>
        <div
          class="tool-call-details"
          id={detailsId}
          role="group"
          aria-label={`${call.name} details`}
        >
          <h4>Arguments</h4>
          <pre class="tool-call-text" aria-label="Arguments">
            {formatArguments(call.argumentsText())}
          </pre>
          <Show when={call.output() || (running() && live())}>
            <h4>Output</h4>
            <pre
              class="tool-call-text tool-call-output"
              role="log"
              aria-label="Output"
              aria-live={running() ? 'polite' : 'off'}
            >
              {call.output() || 'Waiting for output…'}
            </pre>
          </Show>
          <Show when={call.images?.().length ? call.images() : undefined}>
            {(images) => (
              <>
                <h4>Images</h4>
                <For each={images()}>
                  {(image) => <img class="tool-call-image" src={image.url} alt={image.alt} />}
                </For>
              </>
            )}
          </Show>
          <Show when={call.result()}>
            {(result) => (
              <>
                <h4>Result</h4>
                <pre class="tool-call-text" aria-label="Result">
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
