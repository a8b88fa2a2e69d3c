import type { LocaleService } from '../../app/locale-service';
import type { Formats } from '../../app/messages/formats';
import type { RunRecord, RunStatus, RunStepRecord, RunUsage } from '../../store/run-store';

/** The words and formats of the language shown (useI18n()). */
type Words = Pick<LocaleService, 't' | 'formats'>;

/** "850 ms", "4.2 s", "3 min 5 s" (units as SI writes them, numbers in the language shown). */
export function formatDuration(ms: number | undefined, formats: Formats): string {
  if (ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${formats.number(Math.round(ms))} ms`;
  if (ms < 60_000) {
    const tenths = new Intl.NumberFormat(formats.locale, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    return `${tenths.format(ms / 1000)} s`;
  }
  const minutes = Math.floor(ms / 60_000);
  return `${formats.number(minutes)} min ${formats.number(Math.round((ms % 60_000) / 1000))} s`;
}

/** "1,234 in · 56 out". */
export function formatTokens(usage: RunUsage | undefined, { t, formats }: Words): string {
  if (!usage) return '—';
  return t(
    'traces.tokensInOut',
    formats().number(usage.inputTokens),
    formats().number(usage.outputTokens),
  );
}

/** "$0.0123" when a cost is known (a provider's or from the model's price), else "—". */
export function formatCost(usage: RunUsage | undefined): string {
  return usage?.cost === undefined ? '—' : `$${usage.cost.toFixed(4)}`;
}

export const statusLabel = (status: RunStatus, { t }: Words) => t(`traces.statuses.${status}`);

/** The run's wall time; undefined while it runs. */
export const runDuration = (run: RunRecord) =>
  run.finishedAt === undefined ? undefined : run.finishedAt - run.startedAt;

/** "14:03:12" in the language shown (`formats`), with the date when not today. */
export function formatTime(at: number, formats: Formats, now = Date.now()): string {
  const date = new Date(at);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return sameDay ? date.toLocaleTimeString(formats.locale) : date.toLocaleString(formats.locale);
}

/** A one-line title for a step in the timeline. */
export function stepTitle(step: RunStepRecord, { t }: Words): string {
  if (step.kind === 'model') {
    const calls = step.toolCalls.map((call) => call.name);
    if (step.error) return t('traces.failed');
    return calls.length ? t('traces.calls', calls.join(', ')) : t('traces.answers');
  }
  return step.toolName;
}

/**
 * The model id of a run's "providerId/modelId", with the provider's name: the recorded one,
 * else `providerName(providerId)` (provider ids are UUIDs, not for people).
 */
export function modelLabel(
  run: RunRecord,
  providerName?: (providerId: string) => string | undefined,
): string {
  if (!run.model) return '—';
  const slash = run.model.indexOf('/');
  const modelId = slash >= 0 ? run.model.slice(slash + 1) : run.model;
  const name =
    run.providerName ?? (slash >= 0 ? providerName?.(run.model.slice(0, slash)) : undefined);
  return name ? `${modelId} · ${name}` : modelId;
}

/** The facts of a step on one line: timing, tokens, stop reason, outcome, approval. */
export function stepFacts(step: RunStepRecord, words: Words): string[] {
  const { t, formats } = words;
  const duration = (ms: number | undefined) => formatDuration(ms, formats());
  if (step.kind === 'model') {
    return [
      step.model,
      t('traces.latency', duration(step.latencyMs)),
      t('traces.firstToken', duration(step.timeToFirstTokenMs)),
      formatTokens(step.usage, words),
      ...(step.usage?.cost !== undefined ? [formatCost(step.usage)] : []),
      t('traces.stop', step.stopReason ?? '—'),
      t('traces.retries', formats().number(step.retries)),
    ];
  }
  return [
    step.outcome,
    duration(step.durationMs),
    ...(step.approval
      ? [
          t(
            'traces.decisionAfter',
            t(`traces.decisions.${step.approval.decision}`),
            duration(step.approval.waitMs),
          ),
        ]
      : []),
    ...(step.truncatedChars ? [t('traces.charactersCut', formats(), step.truncatedChars)] : []),
  ];
}
