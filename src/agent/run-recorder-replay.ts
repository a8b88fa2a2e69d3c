/**
 * Replays a recorded run step by step, offline: frames built only from the trace's rows
 * (src/store/run-store.ts), so nothing is asked of a model, no tool runs and no file is
 * touched. Frame `i` is what the run had produced after its step `i`.
 */
import type { RunStepRecord, RunTrace } from '../store/run-store';

/** One position of the replay. */
export interface ReplayFrame {
  /** From 0. */
  index: number;
  step: RunStepRecord;
  /** The steps up to and including this one, in order (the transcript so far). */
  shown: readonly RunStepRecord[];
  /** Tokens the run had used by the end of this step. */
  tokensSoFar: number;
}

/** The frames of a run's replay, one per recorded step, in order. Empty for a run without steps. */
export function replayFrames(trace: RunTrace): ReplayFrame[] {
  const steps = [...trace.steps].sort((a, b) => a.seq - b.seq);
  let tokens = 0;
  return steps.map((step, index) => {
    if (step.kind === 'model') tokens += step.usage?.totalTokens ?? 0;
    return { index, step, shown: steps.slice(0, index + 1), tokensSoFar: tokens };
  });
}
