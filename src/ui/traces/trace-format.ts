import type { RunRecord, RunStatus, RunStepRecord, RunUsage } from '../../store/run-store';

/** "850 ms", "4.2 s", "3 min 5 s". */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** "1,234 in · 56 out". */
export function formatTokens(usage: RunUsage | undefined): string {
  if (!usage) return '—';
  return `${usage.inputTokens.toLocaleString('en-US')} in · ${usage.outputTokens.toLocaleString('en-US')} out`;
}

/** "$0.0123" when a cost is known (a provider's or from the model's price), else "—". */
export function formatCost(usage: RunUsage | undefined): string {
  return usage?.cost === undefined ? '—' : `$${usage.cost.toFixed(4)}`;
}

const STATUS: Record<RunStatus, string> = {
  running: 'Running',
  done: 'Done',
  aborted: 'Stopped',
  error: 'Failed',
  max_steps: 'Step limit',
  repeated_failure: 'Repeated failure',
  interrupted: 'Interrupted',
};

export const statusLabel = (status: RunStatus) => STATUS[status];

/** The run's wall time; undefined while it runs. */
export const runDuration = (run: RunRecord) =>
  run.finishedAt === undefined ? undefined : run.finishedAt - run.startedAt;

/** "14:03:12" in the person's locale, with the date when not today. */
export function formatTime(at: number, now = Date.now()): string {
  const date = new Date(at);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return sameDay ? date.toLocaleTimeString() : date.toLocaleString();
}

/** A one-line title for a step in the timeline. */
export function stepTitle(step: RunStepRecord): string {
  if (step.kind === 'model') {
    const calls = step.toolCalls.map((call) => call.name);
    if (step.error) return 'Failed';
    return calls.length ? `Calls ${calls.join(', ')}` : 'Answers';
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

const DECISION: Record<string, string> = {
  approved: 'approved',
  approved_for_session: 'approved for the session',
  rejected: 'rejected',
  stopped: 'stopped',
};

/** The facts of a step on one line: timing, tokens, stop reason, outcome, approval. */
export function stepFacts(step: RunStepRecord): string[] {
  if (step.kind === 'model') {
    return [
      step.model,
      `latency ${formatDuration(step.latencyMs)}`,
      `first token ${formatDuration(step.timeToFirstTokenMs)}`,
      formatTokens(step.usage),
      ...(step.usage?.cost !== undefined ? [formatCost(step.usage)] : []),
      `stop: ${step.stopReason ?? '—'}`,
      `retries: ${step.retries}`,
    ];
  }
  return [
    step.outcome,
    formatDuration(step.durationMs),
    ...(step.approval
      ? [
          `${DECISION[step.approval.decision] ?? step.approval.decision} after ${formatDuration(step.approval.waitMs)}`,
        ]
      : []),
    ...(step.truncatedChars
      ? [`${step.truncatedChars.toLocaleString('en-US')} characters cut`]
      : []),
  ];
}
