import { For, Show } from 'solid-js';
import type { RunStepRecord } from '../../store/run-store';
import { stepFacts, stepTitle } from './trace-format';
import { describeError } from '../../app/messages/describe-error';

/** Arguments as the model wrote them, pretty when they are JSON. */
function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * One step of a run: its title and facts, then what it produced (the model's text, reasoning
 * and tool calls; a tool's arguments and result). Read-only.
 */
export function StepView(props: { step: RunStepRecord; open?: boolean }) {
  const step = () => props.step;
  const failed = () => {
    const current = step();
    return current.kind === 'model' ? Boolean(current.error) : current.isError;
  };
  return (
    <article
      class="trace-step"
      classList={{ 'is-error': failed() }}
      aria-label={`Step ${step().seq + 1}, ${step().kind === 'model' ? 'model' : 'tool'}: ${stepTitle(step())}`}
    >
      <header class="trace-step-head">
        <span class="trace-step-number">{step().seq + 1}</span>
        <span class={`trace-step-kind ${step().kind}`}>
          {step().kind === 'model' ? 'Model' : 'Tool'}
        </span>
        <strong>{stepTitle(step())}</strong>
      </header>
      <p class="trace-step-facts">{stepFacts(step()).join(' · ')}</p>
      <details open={props.open}>
        <summary>{step().kind === 'model' ? 'Output' : 'Arguments and result'}</summary>
        <Show
          when={
            step().kind === 'model'
              ? (step() as Extract<RunStepRecord, { kind: 'model' }>)
              : undefined
          }
        >
          {(model) => (
            <>
              <Show when={model().error}>
                {(error) => (
                  <p class="trace-error">
                    {describeError(error()).code}: {describeError(error()).message}
                  </p>
                )}
              </Show>
              <Show when={model().reasoning}>
                <h4>Reasoning</h4>
                <pre class="trace-text">{model().reasoning}</pre>
              </Show>
              <Show when={model().text}>
                <h4>Text</h4>
                <pre class="trace-text">{model().text}</pre>
              </Show>
              <For each={model().toolCalls}>
                {(call) => (
                  <>
                    <h4>Calls {call.name}</h4>
                    <pre class="trace-text">{prettyArguments(call.arguments)}</pre>
                  </>
                )}
              </For>
              <Show
                when={
                  !model().text && !model().reasoning && !model().toolCalls.length && !model().error
                }
              >
                <p class="trace-muted">No output.</p>
              </Show>
            </>
          )}
        </Show>
        <Show
          when={
            step().kind === 'tool'
              ? (step() as Extract<RunStepRecord, { kind: 'tool' }>)
              : undefined
          }
        >
          {(tool) => (
            <>
              <h4>Arguments</h4>
              <pre class="trace-text">{JSON.stringify(tool().args, null, 2)}</pre>
              <h4>Result</h4>
              <pre class="trace-text">{tool().result || '(empty)'}</pre>
              <Show when={tool().approval?.feedback}>
                <p class="trace-muted">Feedback: {tool().approval!.feedback}</p>
              </Show>
              <Show when={tool().changedFiles?.length}>
                <p class="trace-muted">Changed: {tool().changedFiles!.join(', ')}</p>
              </Show>
            </>
          )}
        </Show>
      </details>
    </article>
  );
}
