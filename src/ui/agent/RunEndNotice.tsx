import { Show } from 'solid-js';
import type { RunEndView, RunUsageView } from '../../app/agent-views';

const REASONS: Partial<Record<RunEndView['reason'], string>> = {
  max_steps: 'The agent reached its step limit.',
  repeated_failure: 'The same call failed three times in a row, so the agent stopped to ask you.',
  aborted: 'Stopped. Everything produced so far is kept.',
  error: 'The run ended with an error.',
};

/**
 * How the last run ended, when it did not simply answer: the reason in words, its message,
 * and "Continue" where going on makes sense (step limit, repeated failure).
 */
export function RunEndNotice(props: { end: RunEndView; onContinue: () => void; busy: boolean }) {
  const canContinue = () =>
    props.end.reason === 'max_steps' || props.end.reason === 'repeated_failure';
  return (
    <Show when={props.end.reason !== 'done'}>
      <div
        class="run-end"
        role={props.end.reason === 'error' ? 'alert' : 'status'}
        data-reason={props.end.reason}
      >
        <p>
          {REASONS[props.end.reason]}
          <Show when={props.end.message}> {props.end.message}</Show>
        </p>
        <Show when={canContinue()}>
          <button
            type="button"
            class="button primary"
            disabled={props.busy}
            onClick={() => props.onContinue()}
          >
            Continue
          </button>
        </Show>
      </div>
    </Show>
  );
}

/** Tokens of a run, for the footer of the timeline: "1,204 in · 311 out tokens". */
export function RunUsage(props: { usage: RunUsageView }) {
  return (
    <p class="run-usage" aria-label="Run token usage">
      This run: {props.usage.inputTokens.toLocaleString('en-US')} in ·{' '}
      {props.usage.outputTokens.toLocaleString('en-US')} out tokens
      <Show when={props.usage.cost !== undefined}> · ${props.usage.cost!.toFixed(4)}</Show>
    </p>
  );
}
