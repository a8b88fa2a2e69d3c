/**
 * Folds the events of one agent run (agent-events.ts) into its trace: a run record and one
 * step per model call and per tool call (src/store/run-store.ts). Pure: no store, no timers;
 * the persister (run-recorder-persister.ts) decides when to write what changed.
 *
 * The loop's events carry no request headers or keys; the text a step keeps (reply, tool
 * result, arguments, errors) also goes through `redact`, and is capped at STEP_TEXT_CAP.
 */
import { redactCredentials } from '../base/redact-credentials';
import { estimateCost, type ModelPrice } from '../llm/model-capabilities';
import type { Usage } from '../llm/usage';
import {
  STEP_TEXT_CAP,
  type ModelStepRecord,
  type RecordedApproval,
  type RunRecord,
  type RunStatus,
  type RunStepRecord,
  type RunUsage,
  type ToolStepRecord,
} from '../store/run-store';
import type { AgentEvent, RunEndReason, ToolOutcome } from './agent-events';
import type { ApprovalDecision } from './approval-policy';

export interface RunRecorderOptions {
  runId: string;
  sessionId: string;
  sessionTitle?: string;
  /** "providerId/modelId" the run asks. */
  model: string;
  /** The provider's name, for people. */
  providerName?: string;
  /** The model's price, when the person set one: steps without a provider cost use it. */
  price?: ModelPrice;
  /** The app's clock, for the moments events do not stamp (an approval request). */
  now(): number;
  /** Ids for steps; by default `${runId}:${seq}`. */
  newStepId?(seq: number): string;
  /** Removes credentials from kept text; default {@link redactCredentials}. */
  redact?(text: string): string;
}

/** What changed since the last {@link RunRecorder.takeChanges}. */
export interface RunChanges {
  run: RunRecord;
  steps: RunStepRecord[];
}

export interface RunRecorder {
  /** The run as folded so far (a copy). */
  run(): RunRecord;
  /** Every step so far, in order (copies). */
  steps(): RunStepRecord[];
  /** Folds one event of the run, in the order the loop sent them. */
  apply(event: AgentEvent): void;
  /**
   * The person's answer to an approval request (the events only show whether the call
   * then ran): tells "for this session" from "once", keeps rejection feedback, and how long
   * the person took, measured around the question (the events may come later than it).
   */
  noteDecision(callId: string, decision: ApprovalDecision, waitMs?: number): void;
  /** True once `run_end` was folded. */
  ended(): boolean;
  /** The run and the steps changed since the last call; `undefined` when nothing did. */
  takeChanges(): RunChanges | undefined;
}

const END_STATUS: Record<RunEndReason, RunStatus> = {
  done: 'done',
  aborted: 'aborted',
  error: 'error',
  max_steps: 'max_steps',
  repeated_failure: 'repeated_failure',
};

/** `text` cut to `cap` characters; the second value counts what was cut. */
function capText(text: string, cap = STEP_TEXT_CAP): [string, number] {
  return text.length > cap ? [text.slice(0, cap), text.length - cap] : [text, 0];
}

function addUsage(total: RunUsage, add: RunUsage): RunUsage {
  const sum: RunUsage = {
    inputTokens: total.inputTokens + add.inputTokens,
    outputTokens: total.outputTokens + add.outputTokens,
    totalTokens: total.totalTokens + add.totalTokens,
  };
  if (total.cost !== undefined || add.cost !== undefined)
    sum.cost = (total.cost ?? 0) + (add.cost ?? 0);
  return sum;
}

export function createRunRecorder(options: RunRecorderOptions): RunRecorder {
  const redact = options.redact ?? ((text: string) => redactCredentials(text));
  const stepId = options.newStepId ?? ((seq: number) => `${options.runId}:${seq}`);
  let run: RunRecord = {
    id: options.runId,
    sessionId: options.sessionId,
    ...(options.sessionTitle !== undefined ? { sessionTitle: options.sessionTitle } : {}),
    model: options.model,
    ...(options.providerName ? { providerName: options.providerName } : {}),
    status: 'running',
    startedAt: options.now(),
    steps: 0,
    turns: 0,
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
  };
  const steps: RunStepRecord[] = [];
  /** The model step of the reply streaming now. */
  let openModel: ModelStepRecord | undefined;
  /** Tool steps by call id, from approval request or start to their end. */
  const openTools = new Map<string, ToolStepRecord>();
  /** When each pending approval was asked, by call id. */
  const asked = new Map<string, number>();
  const decisions = new Map<string, { decision: ApprovalDecision; waitMs?: number }>();
  const changed = new Set<RunStepRecord>();
  let runChanged = true;
  let isEnded = false;

  function addStep<S extends RunStepRecord>(step: Omit<S, 'id' | 'seq' | 'runId'>): S {
    const seq = steps.length;
    const full = { ...step, id: stepId(seq), runId: run.id, seq } as S;
    steps.push(full);
    changed.add(full);
    run = { ...run, steps: steps.length };
    runChanged = true;
    return full;
  }

  /** Replaces a step in place (steps are kept immutable for the persister's copies). */
  function update<S extends RunStepRecord>(step: S, patch: Partial<S>): S {
    const next = { ...step, ...patch };
    steps[step.seq] = next;
    changed.delete(step);
    changed.add(next);
    return next;
  }

  function stepUsage(usage: Usage | undefined): RunUsage | undefined {
    if (!usage) return undefined;
    const cost = usage.cost ?? estimateCost(options.price, usage);
    return {
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      totalTokens: usage.totalTokens,
      ...(cost !== undefined ? { cost } : {}),
    };
  }

  function redactArgs(args: Record<string, unknown>): Record<string, unknown> {
    try {
      return JSON.parse(redact(JSON.stringify(args))) as Record<string, unknown>;
    } catch {
      return { unreadable: redact(String(args)) };
    }
  }

  /**
   * The approval of a call that asked, once its fate is known: `ran` when it started, else
   * how it ended. Undefined for calls that never asked.
   */
  function approvalOf(
    callId: string,
    at: number,
    fate: 'ran' | ToolOutcome,
  ): RecordedApproval | undefined {
    const askedAt = asked.get(callId);
    if (askedAt === undefined) return undefined;
    asked.delete(callId);
    const noted = decisions.get(callId);
    decisions.delete(callId);
    const decision = noted?.decision;
    const waitMs = noted?.waitMs ?? Math.max(0, at - askedAt);
    switch (decision?.type) {
      case 'approve':
        return { decision: 'approved', waitMs };
      case 'approve_session':
        return { decision: 'approved_for_session', waitMs };
      case 'reject':
        return {
          decision: 'rejected',
          waitMs,
          ...(decision.feedback ? { feedback: redact(decision.feedback) } : {}),
        };
      case 'stop':
        return { decision: 'stopped', waitMs };
      default:
        if (fate === 'ran') return { decision: 'approved', waitMs };
        return { decision: fate === 'rejected' ? 'rejected' : 'stopped', waitMs };
    }
  }

  function apply(event: AgentEvent) {
    switch (event.type) {
      case 'run_start':
        run = { ...run, startedAt: event.at };
        runChanged = true;
        return;
      case 'turn_start':
        run = { ...run, turns: event.turn };
        runChanged = true;
        return;
      case 'message_start':
        openModel = addStep<ModelStepRecord>({
          kind: 'model',
          turn: event.turn,
          startedAt: event.at,
          model: run.model,
          retries: 0,
          text: '',
          reasoning: '',
          toolCalls: [],
        });
        return;
      case 'retry_scheduled':
        if (openModel) openModel = update(openModel, { retries: event.attempt });
        return;
      case 'message_end': {
        const step =
          openModel ??
          addStep<ModelStepRecord>({
            kind: 'model',
            turn: event.turn,
            startedAt: event.reply.timing.startedAt,
            model: run.model,
            retries: 0,
            text: '',
            reasoning: '',
            toolCalls: [],
          });
        openModel = undefined;
        const { timing } = event.reply;
        const usage = stepUsage(event.usage);
        const [text] = capText(redact(event.message.content));
        const [reasoning] = capText(redact(event.reply.reasoning));
        update(step, {
          model: event.reply.model ?? run.model,
          startedAt: timing.startedAt,
          finishedAt: event.at,
          latencyMs: Math.max(0, timing.finishedAt - timing.startedAt),
          ...(timing.firstTokenAt !== undefined
            ? { timeToFirstTokenMs: Math.max(0, timing.firstTokenAt - timing.startedAt) }
            : {}),
          ...(usage ? { usage } : {}),
          stopReason: event.stopReason,
          ...(event.reply.rawFinishReason ? { finishReason: event.reply.rawFinishReason } : {}),
          retries: Math.max(step.retries, event.reply.attempts - 1),
          text,
          reasoning,
          toolCalls: (event.message.toolCalls ?? []).map((call) => ({
            id: call.id,
            name: call.name,
            arguments: capText(redact(call.arguments))[0],
          })),
          ...(event.reply.error
            ? {
                error: { kind: event.reply.error.kind, message: redact(event.reply.error.message) },
              }
            : {}),
        });
        if (usage) {
          run = { ...run, usage: addUsage(run.usage, usage) };
          runChanged = true;
        }
        return;
      }
      case 'approval_request':
        asked.set(event.callId, options.now());
        return;
      case 'tool_start': {
        const step = addStep<ToolStepRecord>({
          kind: 'tool',
          turn: event.turn,
          startedAt: event.at,
          callId: event.callId,
          toolName: event.toolName,
          args: redactArgs(event.args),
          outcome: 'running',
          isError: false,
          result: '',
          truncatedChars: 0,
          durationMs: 0,
        });
        const approval = approvalOf(event.callId, event.at, 'ran');
        openTools.set(event.callId, approval ? update(step, { approval }) : step);
        return;
      }
      case 'tool_end': {
        const open = openTools.get(event.callId);
        openTools.delete(event.callId);
        const step =
          open ??
          addStep<ToolStepRecord>({
            kind: 'tool',
            turn: event.turn,
            startedAt: event.at,
            callId: event.callId,
            toolName: event.toolName,
            args: {},
            outcome: event.outcome,
            isError: event.isError,
            result: '',
            truncatedChars: 0,
            durationMs: 0,
          });
        const approval = step.approval ?? approvalOf(event.callId, event.at, event.outcome);
        const [result, cut] = capText(redact(event.message.content));
        update(step, {
          finishedAt: event.at,
          outcome: event.outcome,
          isError: event.isError,
          result,
          truncatedChars: event.truncatedChars + cut,
          durationMs: event.durationMs,
          ...(approval ? { approval } : {}),
          ...(event.changedFiles?.length ? { changedFiles: [...event.changedFiles] } : {}),
        });
        return;
      }
      case 'run_end':
        isEnded = true;
        run = {
          ...run,
          status: END_STATUS[event.reason],
          finishedAt: event.at,
          turns: event.turns,
          ...(event.error
            ? { error: { code: event.error.code, message: redact(event.error.message) } }
            : event.repeatedCall
              ? {
                  error: {
                    code: 'repeated-failure',
                    message: redact(
                      `${event.repeatedCall.toolName} failed three times: ${event.repeatedCall.lastError}`,
                    ),
                  },
                }
              : {}),
        };
        runChanged = true;
        return;
      default:
        return;
    }
  }

  return {
    run: () => ({ ...run }),
    steps: () => steps.map((step) => ({ ...step })),
    apply,
    noteDecision(callId, decision, waitMs) {
      decisions.set(callId, { decision, ...(waitMs !== undefined ? { waitMs } : {}) });
    },
    ended: () => isEnded,
    takeChanges() {
      if (!runChanged && !changed.size) return undefined;
      const out = { run: { ...run }, steps: [...changed] };
      runChanged = false;
      changed.clear();
      return out;
    },
  };
}
