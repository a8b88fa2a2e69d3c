import { For, Show } from 'solid-js';
import type { RunStepRecord } from '../../store/run-store';
import { stepFacts, stepTitle } from './trace-format';
import { describeError } from '../../app/messages/describe-error';
import { useI18n } from '../common/i18n';

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
  const i18n = useI18n();
  const { t, formats } = i18n;
  const failed = () => {
    const current = step();
    return current.kind === 'model' ? Boolean(current.error) : current.isError;
  };
  return (
    <article
      class="trace-step"
      classList={{ 'is-error': failed() }}
      aria-label={t(
        step().kind === 'model' ? 'traces.stepLabel' : 'traces.toolStepLabel',
        formats().number(step().seq + 1),
        stepTitle(step(), i18n),
      )}
    >
      <header class="trace-step-head">
        <span class="trace-step-number">{step().seq + 1}</span>
        <span class={`trace-step-kind ${step().kind}`}>
          {step().kind === 'model' ? t('traces.model') : t('traces.tool')}
        </span>
        <strong>{stepTitle(step(), i18n)}</strong>
      </header>
      <p class="trace-step-facts">{stepFacts(step(), i18n).join(' · ')}</p>
      <details open={props.open}>
        <summary>
          {step().kind === 'model' ? t('traces.output') : t('traces.argumentsAndResult')}
        </summary>
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
                <h4>{t('traces.reasoning')}</h4>
                <pre class="trace-text">{model().reasoning}</pre>
              </Show>
              <Show when={model().text}>
                <h4>{t('traces.text')}</h4>
                <pre class="trace-text">{model().text}</pre>
              </Show>
              <For each={model().toolCalls}>
                {(call) => (
                  <>
                    <h4>{t('traces.calls', call.name)}</h4>
                    <pre class="trace-text">{prettyArguments(call.arguments)}</pre>
                  </>
                )}
              </For>
              <Show
                when={
                  !model().text && !model().reasoning && !model().toolCalls.length && !model().error
                }
              >
                <p class="trace-muted">{t('traces.noOutput')}</p>
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
              <h4>{t('traces.arguments')}</h4>
              <pre class="trace-text">{JSON.stringify(tool().args, null, 2)}</pre>
              <h4>{t('traces.result')}</h4>
              <pre class="trace-text">{tool().result || t('traces.emptyResult')}</pre>
              <Show when={tool().approval?.feedback}>
                <p class="trace-muted">{t('traces.feedback', tool().approval!.feedback!)}</p>
              </Show>
              <Show when={tool().changedFiles?.length}>
                <p class="trace-muted">{t('traces.changed', tool().changedFiles!.join(', '))}</p>
              </Show>
            </>
          )}
        </Show>
      </details>
    </article>
  );
}
