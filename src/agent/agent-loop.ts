import type { Clock } from '../base/clock';
import { DEFAULT_AGENT_SETTINGS } from './agent-settings';
import { describeError, type CoveError } from '../base/errors';
import type { AssistantReply } from '../llm/assistant-reply';
import type { ChatClient, ChatRequest } from '../llm/chat-client';
import type { ChatMessage } from '../llm/chat-message';
import type { LlmError } from '../llm/llm-error';
import type { ToolCallingMode } from '../llm/model-capabilities';
import type { ProviderConfig } from '../llm/provider-config';
import { makeTextToolProtocolClient } from '../llm/text-tool-protocol';
import type { AssembledToolCall } from '../llm/tool-call-assembly';
import type { Usage } from '../llm/usage';
import type { ToolContext } from '../tools/tool';
import { AgentEventChannel } from './agent-event-channel';
import type {
  AgentEvent,
  AgentRunError,
  MessageEndEvent,
  RunEndEvent,
  RunEndReason,
} from './agent-events';
import type { SteeringSource } from './agent-inbox';
import { buildAgentStaticPrompt, agentSystemText } from './agent-prompt';
import type { ApprovalDecision, ApprovalPolicy } from './approval-policy';
import { ABORTED, runToolBatch, type ApprovalRequest, type CallEnd } from './tool-batch';
import { ToolCatalog, type AgentTool } from './tool-catalog';
import { DEFAULT_REPEATED_FAILURE_LIMIT, ToolRepeatGuard } from './tool-repeat-guard';
import { DEFAULT_TOOL_RESULT_CAP } from './tool-result-truncation';
import { withAppliedStubs } from './applied-arguments';
import { assistantMessage, figuresMessage, type AssistantMessage } from './run-messages';
import { agentError, type AgentErrorCode } from './agent-errors';

export { DEFAULT_MAX_STEPS } from './agent-settings';

/** Everything one agent run depends on; the run is a function of these and nothing else. */
export interface AgentRunOptions<C extends ToolContext = ToolContext> {
  client: ChatClient;
  provider: ProviderConfig;
  model: string;
  /** The tools offered, in the order the model sees them. */
  tools: readonly AgentTool<C>[];
  /** What the tools get besides `signal` and `update` (file store, Python runtime…). */
  toolContext?: Omit<C, keyof ToolContext>;
  /** The conversation so far, without a system message; the run appends to a copy. */
  messages: readonly ChatMessage[];
  /** The static part of the system prompt; buildAgentStaticPrompt(tools) by default. */
  staticPrompt?: string;
  /**
   * Called before every request for the dynamic part of the system prompt (workspace tree,
   * open file, AGENTS.md, date; see buildAgentDynamicPrompt), so it is always current.
   */
  dynamicPrompt?: () => string;
  policy: ApprovalPolicy;
  /** Asks the user about one call; see ApprovalDecision. Should not throw. */
  approve: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  /** Tools approved "for the rest of the session"; the run adds to it. Owned by the session. */
  sessionApproved?: Set<string>;
  /** Stop: ends the run at once, keeping what was produced. */
  signal?: AbortSignal;
  clock: Clock;
  /** Model requests before the run ends with `max_steps`; default 50. */
  maxSteps?: number;
  /** Longest tool result the model reads, in characters; default 10,000. */
  toolResultCap?: number;
  /** Failures of the same call in a row that end the run; default 3. */
  repeatedFailureLimit?: number;
  /** Messages the user typed to steer the running agent; read after every tool batch. */
  steering?: SteeringSource;
  /**
   * How the model takes tools: `native` (the API's tools field, default), `text` (Cove's
   * plain-text protocol, see text-tool-protocol.ts) or `none` (no tools are offered).
   */
  toolCalling?: ToolCallingMode;
  /** Further request fields (output limit, temperature, provider-specific body). */
  request?: Omit<ChatRequest, 'provider' | 'model' | 'messages' | 'tools' | 'signal'>;
  /** The server refused stream_options; the caller should remember it on the provider. */
  onStreamOptionsUnsupported?: () => void;
  /**
   * The model can see images: pictures a tool returned (a matplotlib figure) go back to it
   * in a user message after the batch's results, since tool messages carry text only.
   */
  seesImages?: boolean;
  /**
   * Called synchronously as turn `turn` begins, before its message_start is queued and so
   * before any of its tool calls run: the events reach the reader later, the hook at once
   * (the session names the turn's node here, so its tools' writes can be recorded).
   */
  onTurnStart?: (turn: number) => void;
}

/**
 * Runs the agent: yields the events of DESIGN.md "The agent run" (see agent-events.ts for
 * their order) and ends after exactly one run_end. Each turn sends the system prompt (static
 * part plus the dynamic part rebuilt now) and the conversation, streams the reply, checks
 * the calls it asks for, asks for approval where the policy says so and runs them (read-only
 * calls in parallel, others in order), appends the results and goes on, until the model
 * answers without tools, Stop, the step limit, a call failing the same way three times, or
 * an error the client could not retry away (a context overflow says so plainly).
 *
 * To go on after `max_steps` or `repeated_failure`, run again with
 * `[...messages, ...runEnd.messages]`. Breaking out of the iteration stops the run as Stop
 * does. Never throws: a bug becomes run_end `error` with code `internal`.
 */
export async function* runAgent<C extends ToolContext = ToolContext>(
  options: AgentRunOptions<C>,
): AsyncGenerator<AgentEvent, void, undefined> {
  const channel = new AgentEventChannel<AgentEvent>();
  const controller = new AbortController();
  const external = options.signal;
  const forward = () => controller.abort(external?.reason);
  if (external?.aborted) forward();
  else external?.addEventListener('abort', forward, { once: true });
  const run = new AgentRun(options, channel, controller);
  const finished = run.drive();
  try {
    yield* channel;
  } finally {
    external?.removeEventListener('abort', forward);
    // The reader left early (break, return or throw): stop everything still going.
    if (!channel.isClosed) controller.abort();
    await finished;
  }
}

/** The state of one run; `drive` is the turn loop. */
class AgentRun<C extends ToolContext> {
  private readonly client: ChatClient;
  private readonly catalog: ToolCatalog<C>;
  private readonly staticPrompt: string;
  private readonly conversation: ChatMessage[];
  private readonly appended: ChatMessage[] = [];
  private readonly guard: ToolRepeatGuard;
  private readonly aborted: Promise<typeof ABORTED>;
  private readonly usedIds = new Set<string>();
  private readonly usage: Usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  private turn = 0;
  /** Session approvals when the caller keeps none (they then last for this run). */
  private ownApprovals: Set<string> | undefined;

  constructor(
    private readonly options: AgentRunOptions<C>,
    private readonly channel: AgentEventChannel<AgentEvent>,
    private readonly controller: AbortController,
  ) {
    const mode = options.toolCalling ?? 'native';
    this.catalog = new ToolCatalog(mode === 'none' ? [] : options.tools);
    this.client = mode === 'text' ? makeTextToolProtocolClient(options.client) : options.client;
    this.staticPrompt = options.staticPrompt ?? buildAgentStaticPrompt(this.catalog.tools);
    this.conversation = [...options.messages];
    this.guard = new ToolRepeatGuard(
      options.repeatedFailureLimit ?? DEFAULT_REPEATED_FAILURE_LIMIT,
    );
    const signal = controller.signal;
    this.aborted = new Promise((resolve) => {
      if (signal.aborted) resolve(ABORTED);
      else signal.addEventListener('abort', () => resolve(ABORTED), { once: true });
    });
  }

  private emit = (event: AgentEvent): void => this.channel.push(event);

  /** What the truncation marker suggests: the ways of the offered tools to read the rest. */
  private get readRestHint(): string {
    const ways = this.catalog.tools.flatMap((tool) => tool.readsRest ?? []);
    if (!ways.length)
      return 'ask for a smaller part (narrower arguments, less output) to see the rest';
    return `${ways.join(', or ')} to see the part you need`;
  }

  private now(): number {
    return this.options.clock.now();
  }

  async drive(): Promise<void> {
    const maxSteps = this.options.maxSteps ?? DEFAULT_AGENT_SETTINGS.maxSteps;
    try {
      this.emit({ type: 'run_start', at: this.now(), maxSteps });
      for (;;) {
        if (this.controller.signal.aborted) return this.end('aborted');
        if (this.turn >= maxSteps) return this.end('max_steps');
        const ending = await this.takeTurn();
        if (ending) return this.end(ending.reason, ending);
      }
    } catch (error) {
      this.end('error', {
        error: runError(
          agentError('internal', { variant: 'agent-bug', detail: describeError(error) }),
        ),
      });
    } finally {
      this.channel.close();
    }
  }

  /** One request and its tool batch; returns how the run ends, or undefined to go on. */
  private async takeTurn(): Promise<
    Omit<RunEndEvent, 'type' | 'at' | 'turns' | 'messages' | 'usage'> | undefined
  > {
    const turn = ++this.turn;
    this.emit({ type: 'turn_start', turn, at: this.now() });
    const reply = await this.streamReply(turn);
    if (reply.stopReason === 'error' || reply.stopReason === 'aborted') {
      // Keep what arrived (text, reasoning), but not half-made tool calls: they would have
      // no results, which no provider accepts in a later request.
      if (reply.content || reply.reasoning) this.append(assistantMessage(reply, []));
      this.emit({ type: 'turn_end', turn, at: this.now() });
      if (reply.stopReason === 'aborted' || this.controller.signal.aborted)
        return { reason: 'aborted' };
      return { reason: 'error', error: runErrorOf(reply.error) };
    }
    const calls = this.withUniqueIds(reply.toolCalls, turn);
    const asked = assistantMessage(reply, calls);
    this.append(asked);
    if (calls.length === 0) {
      const steered = this.deliverSteering(turn);
      this.emit({ type: 'turn_end', turn, at: this.now() });
      return steered ? undefined : { reason: 'done' };
    }
    const prepared = calls.map((call) => {
      const checked = this.catalog.prepare(call);
      // Arguments cut off by the output limit are the likely reason a call is broken.
      if (reply.stopReason === 'length' && checked.invalid !== undefined)
        checked.invalid += `\n(Your reply reached the output limit before this call was complete: send smaller arguments, e.g. several smaller edits.)`;
      return checked;
    });
    const ends = await runToolBatch(prepared, {
      turn,
      clock: this.options.clock,
      emit: this.emit,
      signal: this.controller.signal,
      aborted: this.aborted,
      stop: () => this.controller.abort(),
      policy: this.options.policy,
      approve: this.options.approve,
      sessionApproved: this.options.sessionApproved ?? (this.ownApprovals ??= new Set()),
      context: this.options.toolContext ?? ({} as Omit<C, keyof ToolContext>),
      resultCap: this.options.toolResultCap ?? DEFAULT_TOOL_RESULT_CAP,
      readRestHint: this.readRestHint,
    });
    let repeated: RunEndEvent['repeatedCall'];
    this.stubApplied(asked, ends);
    for (const { event } of ends) this.append(event.message);
    if (this.options.seesImages) {
      const figures = figuresMessage(ends);
      if (figures) this.append(figures);
    }
    for (const { call, event } of ends) {
      if (event.outcome !== 'ok' && event.outcome !== 'error' && event.outcome !== 'invalid')
        continue;
      const failed = event.outcome !== 'ok';
      if (this.guard.record(call.name, call.args ?? call.arguments, failed) && !repeated) {
        repeated = {
          toolName: call.name,
          arguments: call.arguments,
          lastError: event.message.content,
        };
      }
    }
    if (!this.controller.signal.aborted) this.deliverSteering(turn);
    this.emit({ type: 'turn_end', turn, at: this.now() });
    if (this.controller.signal.aborted) return { reason: 'aborted' };
    if (repeated) return { reason: 'repeated_failure', repeatedCall: repeated };
    return undefined;
  }

  /** Streams one completion, forwarding its deltas; resolves with the final reply. */
  private async streamReply(turn: number): Promise<AssistantReply> {
    this.options.onTurnStart?.(turn);
    this.emit({ type: 'message_start', turn, at: this.now() });
    const dynamic = this.options.dynamicPrompt?.();
    const system: ChatMessage = {
      role: 'system',
      content: agentSystemText(this.staticPrompt, dynamic),
    };
    const request: ChatRequest = {
      ...this.options.request,
      provider: this.options.provider,
      model: this.options.model,
      messages: [system, ...this.conversation],
      ...(this.catalog.specs.length ? { tools: this.catalog.specs } : {}),
      signal: this.controller.signal,
    };
    let final: AssistantReply | undefined;
    for await (const event of this.client.stream(request)) {
      switch (event.type) {
        case 'text_delta':
        case 'reasoning_delta':
          this.emit({ type: event.type, turn, delta: event.delta });
          break;
        case 'toolcall_delta':
          this.emit({ ...event, turn });
          break;
        case 'retry_scheduled':
          this.emit({
            type: 'retry_scheduled',
            turn,
            attempt: event.attempt,
            delayMs: event.delayMs,
            error: event.error.toJSON(),
          });
          break;
        case 'stream_options_unsupported':
          this.options.onStreamOptionsUnsupported?.();
          break;
        case 'done':
        case 'error':
          final = event.message;
          break;
      }
    }
    // The client's contract says a stream ends with done or error; guard against one that
    // does not rather than hang or crash.
    final ??= brokenStreamReply(this.now());
    if (final.usage) addUsage(this.usage, final.usage);
    const { error, ...rest } = final;
    const event: MessageEndEvent = {
      type: 'message_end',
      turn,
      at: this.now(),
      message: assistantMessage(
        final,
        final.stopReason === 'error' || final.stopReason === 'aborted' ? [] : final.toolCalls,
      ),
      reply: error ? { ...rest, error: error.toJSON() } : rest,
      usage: final.usage,
      stopReason: final.stopReason,
    };
    this.emit(event);
    return final;
  }

  /**
   * Gives every call an id unique in this run: servers send empty ids, or the same id for
   * every call, and results are matched to calls by id.
   */
  private withUniqueIds(calls: AssembledToolCall[], turn: number): AssembledToolCall[] {
    return calls.map((call, index) => {
      let id = call.id;
      if (!id || this.usedIds.has(id)) id = `call_t${turn}_${index}_${this.usedIds.size}`;
      this.usedIds.add(id);
      return id === call.id ? call : { ...call, id };
    });
  }

  /** Appends steering typed since the last batch; true when there was any. */
  private deliverSteering(turn: number): boolean {
    const messages = this.options.steering?.takeSteering() ?? [];
    for (const message of messages) {
      this.append(message);
      this.emit({ type: 'user_message', turn, message });
    }
    return messages.length > 0;
  }

  /**
   * Later requests carry the long arguments of the calls that succeeded as a note of their
   * size (applied-arguments.ts); the messages the run reports keep them whole.
   */
  private stubApplied(asked: AssistantMessage, ends: readonly CallEnd[]): void {
    const ok = new Set(ends.filter((end) => end.event.outcome === 'ok').map((e) => e.event.callId));
    const at = this.conversation.indexOf(asked);
    if (at >= 0) this.conversation[at] = withAppliedStubs(asked, ok);
  }

  private append(message: ChatMessage): void {
    this.conversation.push(message);
    this.appended.push(message);
  }

  private end(reason: RunEndReason, extra: Pick<RunEndEvent, 'error' | 'repeatedCall'> = {}): void {
    this.emit({
      type: 'run_end',
      at: this.now(),
      reason,
      turns: this.turn,
      messages: this.appended,
      usage: { ...this.usage },
      ...(extra.error ? { error: extra.error } : {}),
      ...(extra.repeatedCall ? { repeatedCall: extra.repeatedCall } : {}),
    });
  }
}

/** The run's error for a request that failed for good. */
function runErrorOf(error: LlmError | undefined): AgentRunError {
  if (!error) return runError(agentError('internal', { variant: 'no-reason' }));
  const llm = error.toJSON();
  if (error.kind === 'context-overflow') {
    return {
      ...runError(agentError('context-overflow', { ...error.params, variant: 'agent-stopped' })),
      llm,
    };
  }
  // An llm error with its own sentences (old data, a test's script) has no params to pass on.
  if (error.ownWording) return { code: 'llm', message: error.message, hint: error.hint, llm };
  return { ...runError(agentError('llm', { ...error.params, kind: error.kind })), llm };
}

/** A run's error as plain data: its code, params and English (see AgentRunError). */
function runError(error: CoveError<AgentErrorCode>): AgentRunError {
  return { code: error.code, params: error.params, message: error.message, hint: error.hint };
}

function brokenStreamReply(now: number): AssistantReply {
  return {
    role: 'assistant',
    content: '',
    reasoning: '',
    toolCalls: [],
    stopReason: 'error',
    timing: { startedAt: now, finishedAt: now },
    attempts: 1,
  };
}

function addUsage(total: Usage, usage: Usage): void {
  total.inputTokens += usage.inputTokens;
  total.outputTokens += usage.outputTokens;
  total.totalTokens += usage.totalTokens;
  if (usage.cachedInputTokens !== undefined)
    total.cachedInputTokens = (total.cachedInputTokens ?? 0) + usage.cachedInputTokens;
  if (usage.reasoningTokens !== undefined)
    total.reasoningTokens = (total.reasoningTokens ?? 0) + usage.reasoningTokens;
  if (usage.cost !== undefined) total.cost = (total.cost ?? 0) + usage.cost;
}
