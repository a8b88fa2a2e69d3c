/**
 * The trace of agent runs: one `runs` row per run and one `runSteps` row per model call or
 * tool call, in order (DESIGN.md, "Data model"). Rows hold what a person needs to inspect
 * and replay a run offline: never request headers or keys (the recorder only sees the
 * loop's events, which carry none, and redacts the text it keeps).
 */

/** How a run ended, or `running` while it runs; `interrupted` when the tab went away mid-run. */
export type RunStatus =
  'running' | 'done' | 'aborted' | 'error' | 'max_steps' | 'repeated_failure' | 'interrupted';

/** Tokens over a run or a step; `cost` in US dollars when known (provider or model price). */
export interface RunUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  cost?: number;
}

/** A row of `runs`. */
export interface RunRecord {
  id: string;
  sessionId: string;
  /** The session's title when the run started, so the list reads without joins. */
  sessionTitle?: string;
  /** "providerId/modelId" the run asked. */
  model: string;
  /** The provider's name when the run started, for people (ids are UUIDs). */
  providerName?: string;
  status: RunStatus;
  /** Milliseconds since the epoch (the app's clock). */
  startedAt: number;
  finishedAt?: number;
  /** Steps recorded (model calls plus tool calls). */
  steps: number;
  /** Model turns taken. */
  turns: number;
  usage: RunUsage;
  error?: { code: string; message: string };
}

/** What every step row has. `seq` orders a run's steps from 0. */
interface StepBase {
  id: string;
  runId: string;
  seq: number;
  /** The run's turn the step belongs to, from 1. */
  turn: number;
  startedAt: number;
  finishedAt?: number;
}

/** A tool call as the model wrote it in a reply. */
export interface RecordedToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them (JSON text, possibly invalid). */
  arguments: string;
}

/** One model call (one reply, retries included). */
export interface ModelStepRecord extends StepBase {
  kind: 'model';
  /** The model that answered, as the server names it; else the run's. */
  model: string;
  /** Milliseconds from the request to the end of the reply. */
  latencyMs?: number;
  /** Milliseconds from the request to the first delta, when one came. */
  timeToFirstTokenMs?: number;
  usage?: RunUsage;
  /** Cove's stop reason ('stop', 'tool_calls', 'length', 'error', 'aborted', …). */
  stopReason?: string;
  /** The server's finish reason as it spelled it. */
  finishReason?: string;
  /** Requests beyond the first (0 when the first attempt answered). */
  retries: number;
  /** The answer text, capped at {@link STEP_TEXT_CAP}. */
  text: string;
  reasoning: string;
  toolCalls: RecordedToolCall[];
  error?: { kind: string; message: string };
}

/** What the person decided on a call that asked, and how long they took. */
export interface RecordedApproval {
  decision: 'approved' | 'approved_for_session' | 'rejected' | 'stopped';
  /** Milliseconds from the request to the answer. */
  waitMs: number;
  feedback?: string;
}

/** One tool call (MCP tools included: they are tools of the run like any other). */
export interface ToolStepRecord extends StepBase {
  kind: 'tool';
  callId: string;
  toolName: string;
  args: Record<string, unknown>;
  /** ok, error, invalid, rejected, aborted (agent-events.ts ToolOutcome). */
  outcome: string;
  isError: boolean;
  /** The result the model read, capped at {@link STEP_TEXT_CAP}. */
  result: string;
  /** Characters of the result not kept (the loop's cap plus this record's). */
  truncatedChars: number;
  durationMs: number;
  approval?: RecordedApproval;
  changedFiles?: string[];
}

export type RunStepRecord = ModelStepRecord | ToolStepRecord;

/** Runs kept: older ones go when a run ends (see RunStore.prune). */
export const MAX_RUNS = 500;

/** Longest text a step keeps of a reply, reasoning or tool result, in characters. */
export const STEP_TEXT_CAP = 20_000;

/** A run with its steps in order. */
export interface RunTrace {
  run: RunRecord;
  steps: RunStepRecord[];
}

export interface RunStore {
  /**
   * Writes the run row and these steps (new or changed) in one transaction; steps are
   * keyed by id, so writing a step again replaces it. A run whose conversation is no
   * longer stored (deleted, or moved to Recently deleted while the run went on) is not
   * written, so no row outlives what owns it; returns whether it was written.
   */
  save(run: RunRecord, steps: readonly RunStepRecord[]): Promise<boolean>;
  /** Runs, newest first, at most `limit` (default 200). */
  list(limit?: number): Promise<RunRecord[]>;
  /** A run and its steps ordered by `seq`; undefined when unknown. */
  get(id: string): Promise<RunTrace | undefined>;
  /** Runs still marked `running` (this tab's, another tab's, or left by a closed tab). */
  listRunning(): Promise<RunRecord[]>;
  /**
   * Marks these runs `interrupted` (their tab closed or crashed mid-run) if they are still
   * `running`; returns how many changed. The caller decides which are orphans (session locks).
   */
  markInterrupted(ids: readonly string[], now: number): Promise<number>;
  /** Removes a run and its steps. */
  delete(id: string): Promise<void>;
  /** Removes every run of a conversation with its steps; returns how many. */
  deleteSession(sessionId: string): Promise<number>;
  /**
   * Keeps the `keep` newest runs (by start) and removes the others with their steps;
   * returns how many went. Runs still `running` are kept whatever their age.
   */
  prune(keep: number): Promise<number>;
}

/** Orders steps by their place in the run. */
export const bySeq = (a: RunStepRecord, b: RunStepRecord) => a.seq - b.seq;
