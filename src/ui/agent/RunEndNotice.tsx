import { Show } from 'solid-js';
import type { RunEndView, RunUsageView } from '../../app/agent-views';
import { useI18n } from '../common/i18n';
import { formatUsd } from '../common/usd';

/** The ends worth a sentence; a run that simply answered has none. */
const WORDED = ['max_steps', 'repeated_failure', 'aborted', 'error'] as const;
type WordedEnd = (typeof WORDED)[number];
const isWorded = (reason: RunEndView['reason']): reason is WordedEnd =>
  (WORDED as readonly string[]).includes(reason);

/**
 * How the last run ended, when it did not simply answer: the reason in words, its message,
 * and "Continue" where going on makes sense (step limit, repeated failure).
 */
export function RunEndNotice(props: { end: RunEndView; onContinue: () => void; busy: boolean }) {
  const { t } = useI18n();
  const reason = () => {
    const end = props.end.reason;
    return isWorded(end) ? t(`runEnd.${end}`) : undefined;
  };
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
          {reason()}
          <Show when={props.end.message}> {props.end.message}</Show>
        </p>
        <Show when={canContinue()}>
          <button
            type="button"
            class="button primary"
            disabled={props.busy}
            onClick={() => props.onContinue()}
          >
            {t('runEnd.continue')}
          </button>
        </Show>
      </div>
    </Show>
  );
}

/** Tokens of a run, for the footer of the timeline: "1,204 in · 311 out tokens". */
export function RunUsage(props: { usage: RunUsageView }) {
  const { t, formats } = useI18n();
  return (
    <p class="run-usage" aria-label={t('runEnd.usageLabel')}>
      {t(
        'runEnd.usage',
        formats().number(props.usage.inputTokens),
        formats().number(props.usage.outputTokens),
      )}
      <Show when={props.usage.cost !== undefined}>
        {` · ${formatUsd(formats().locale, props.usage.cost!, 4)}`}
      </Show>
    </p>
  );
}
