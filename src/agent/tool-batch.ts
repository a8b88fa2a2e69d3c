import { describeError } from '../base/errors';
import type { Clock } from '../base/clock';
import type { ChatMessage } from '../llm/chat-message';
import type { ToolApprovalKind, ToolContext, ToolResult } from '../tools/tool';
import type { AgentEvent, ToolEndEvent, ToolOutcome } from './agent-events';
import { needsApproval, type ApprovalDecision, type ApprovalPolicy } from './approval-policy';
import type { AgentTool, PreparedCall } from './tool-catalog';
import { truncateToolResult } from './tool-result-truncation';

/** What the approval callback is asked: one call, with its validated arguments. */
export interface ApprovalRequest {
  callId: string;
  toolName: string;
  kind: ToolApprovalKind;
  args: Record<string, unknown>;
  /** Aborted when the run stops, so the UI can take the request down. */
  signal: AbortSignal;
}

/** Everything a batch needs from its run. */
export interface ToolBatchEnv<C extends ToolContext> {
  turn: number;
  clock: Clock;
  emit: (event: AgentEvent) => void;
  /** The run's signal (Stop, or an approval answered with stop). */
  signal: AbortSignal;
  /** Resolves (never rejects) when `signal` aborts; shared by all races of the run. */
  aborted: Promise<typeof ABORTED>;
  /** Aborts `signal`; an approval answered with `stop` calls it. */
  stop: () => void;
  policy: ApprovalPolicy;
  approve: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  /** Tools approved for the rest of the session; `approve_session` adds to it. */
  sessionApproved: Set<string>;
  /** The context the tools get, besides signal and update. */
  context: Omit<C, keyof ToolContext>;
  resultCap: number;
  /** What the truncation marker tells the model to do to see the rest. */
  readRestHint: string;
}

/** The end of one call, in call order, plus what the loop needs to judge repetition. */
export interface CallEnd {
  call: PreparedCall<ToolContext>;
  event: ToolEndEvent;
}

/** Marks the moment the run's signal aborted, in races. */
export const ABORTED: unique symbol = Symbol('aborted');

/** Most streamed output kept per call for the result of a call that Stop interrupted. */
const PARTIAL_OUTPUT_CHARS = 20_000;

/**
 * Runs the calls of one reply: invalid calls become error results at once; consecutive
 * read-only calls run in parallel; any other call waits for the ones before it, asks for
 * approval when the policy says so, and runs alone. After a rejection the remaining calls
 * are not run (the model re-plans with the feedback); after Stop nothing more starts and
 * running calls end as `aborted` at once, keeping the output they streamed. Every call gets
 * exactly one tool_end; the returned ends are in call order.
 */
export async function runToolBatch<C extends ToolContext>(
  calls: readonly PreparedCall<C>[],
  env: ToolBatchEnv<C>,
): Promise<CallEnd[]> {
  const ends: (ToolEndEvent | undefined)[] = new Array(calls.length);
  let rejectedBy: string | undefined;
  let index = 0;
  while (index < calls.length) {
    const call = calls[index]!;
    if (env.signal.aborted) {
      ends[index++] = finish(env, call, 'aborted', { content: NOT_RUN_STOPPED, isError: true });
      continue;
    }
    if (rejectedBy !== undefined) {
      const content = `Not run: the user rejected the earlier ${rejectedBy} call of this batch.`;
      ends[index++] = finish(env, call, 'rejected', { content, isError: true });
      continue;
    }
    if (call.invalid !== undefined) {
      ends[index++] = finish(env, call, 'invalid', { content: call.invalid, isError: true });
      continue;
    }
    if (call.tool.approval === 'read') {
      // A run of consecutive read-only calls goes in parallel: reads cannot disturb each
      // other, while a read after a write must see the write, so the run stops at one.
      let end = index;
      while (
        end < calls.length &&
        calls[end]!.invalid === undefined &&
        calls[end]!.tool?.approval === 'read'
      )
        end++;
      const group = calls.slice(index, end);
      const results = await Promise.all(group.map((c) => execute(env, c)));
      results.forEach((event, offset) => (ends[index + offset] = event));
      index = end;
      continue;
    }
    const decision = await askIfNeeded(env, call);
    if (decision.type === 'stop') {
      env.stop();
      ends[index++] = finish(env, call, 'aborted', { content: NOT_RUN_STOPPED, isError: true });
      continue;
    }
    if (decision.type === 'reject') {
      rejectedBy = call.name;
      const feedback = decision.feedback?.trim();
      const content = feedback
        ? `The user rejected this call and said: ${feedback}`
        : 'The user rejected this call. Do not repeat it; choose another way or ask them.';
      ends[index++] = finish(env, call, 'rejected', { content, isError: true });
      continue;
    }
    if (decision.type === 'approve_session') env.sessionApproved.add(call.name);
    ends[index] = await execute(env, call);
    index++;
  }
  return ends.map((event, i) => ({ call: calls[i]! as PreparedCall<ToolContext>, event: event! }));
}

const NOT_RUN_STOPPED = 'Not run: the user stopped the agent.';

async function askIfNeeded<C extends ToolContext>(
  env: ToolBatchEnv<C>,
  call: PreparedCall<C> & { tool: AgentTool<C>; args: Record<string, unknown> },
): Promise<ApprovalDecision> {
  if (!needsApproval(env.policy, call.tool, env.sessionApproved)) return { type: 'approve' };
  const request = {
    callId: call.id,
    toolName: call.name,
    kind: call.tool.approval,
    args: call.args,
  };
  env.emit({ type: 'approval_request', turn: env.turn, ...request });
  let answer: ApprovalDecision | typeof ABORTED;
  try {
    answer = await Promise.race([env.approve({ ...request, signal: env.signal }), env.aborted]);
  } catch (error) {
    // A failing approval UI must not run the call unasked, nor crash the run.
    return { type: 'reject', feedback: `(Cove could not ask the user: ${describeError(error)})` };
  }
  return answer === ABORTED ? { type: 'stop' } : answer;
}

/** Runs one validated call and reports its end; never throws. */
async function execute<C extends ToolContext>(
  env: ToolBatchEnv<C>,
  call: PreparedCall<C>,
): Promise<ToolEndEvent> {
  const { tool, args } = call as PreparedCall<C> & {
    tool: AgentTool<C>;
    args: Record<string, unknown>;
  };
  const startedAt = env.clock.now();
  env.emit({
    type: 'tool_start',
    turn: env.turn,
    at: startedAt,
    callId: call.id,
    toolName: call.name,
    args,
  });
  let ended = false;
  let partial = '';
  const context = {
    ...env.context,
    signal: env.signal,
    update: (update) => {
      if (ended) return;
      if (partial.length < PARTIAL_OUTPUT_CHARS && update.stream !== 'status')
        partial += update.text;
      env.emit({ type: 'tool_update', turn: env.turn, callId: call.id, ...update });
    },
  } as C;
  const run = (tool.execute as (a: Record<string, unknown>, c: C) => Promise<ToolResult>)(
    args,
    context,
  ).then(
    (result): ToolResult => result,
    (error: unknown): ToolResult => ({
      content: `Error: ${call.name} failed: ${describeError(error)}`,
      isError: true,
    }),
  );
  const result = await Promise.race([run, env.aborted]);
  ended = true;
  if (result === ABORTED) {
    const sofar = partial ? `\nOutput so far:\n${partial.slice(0, PARTIAL_OUTPUT_CHARS)}` : '';
    return finish(
      env,
      call,
      'aborted',
      { content: `Stopped by the user while ${call.name} was running.${sofar}`, isError: true },
      startedAt,
    );
  }
  return finish(env, call, result.isError ? 'error' : 'ok', result, startedAt);
}

/** Cuts the result to the cap, emits tool_end and returns it. */
function finish<C extends ToolContext>(
  env: ToolBatchEnv<C>,
  call: PreparedCall<C>,
  outcome: ToolOutcome,
  result: ToolResult,
  startedAt?: number,
): ToolEndEvent {
  const at = env.clock.now();
  const cut = truncateToolResult(result.content, env.resultCap, env.readRestHint);
  const message: Extract<ChatMessage, { role: 'tool' }> = {
    role: 'tool',
    toolCallId: call.id,
    content: cut.text,
  };
  const event: ToolEndEvent = {
    type: 'tool_end',
    turn: env.turn,
    at,
    callId: call.id,
    toolName: call.name,
    outcome,
    isError: outcome !== 'ok',
    message,
    durationMs: startedAt === undefined ? 0 : at - startedAt,
    truncatedChars: cut.omittedChars,
    ...(result.images?.length ? { images: result.images } : {}),
    ...(result.changedFiles?.length ? { changedFiles: result.changedFiles } : {}),
    ...(result.deletedFiles?.length ? { deletedFiles: result.deletedFiles } : {}),
    ...(result.details ? { details: result.details } : {}),
  };
  env.emit(event);
  return event;
}
