/**
 * An agent reply: the agent loop run from a node of the session, inside the engine's run
 * (the session's lock held, Stop on `signal`). Before the loop starts, the conversation is
 * fitted to the window with the run's real frame (its system prompt and tool definitions);
 * after it, the follow-ups the person queued run one by one, unless the run was stopped,
 * failed or hit a limit, when the person decides first.
 */
import type { NodeRecord } from '../store/records';
import type { AgentEvent, AgentRunError, RunEndEvent } from './agent-events';
import { agentRequestFrame, buildChatToolsPrompt } from './agent-prompt';
import { fitContext, type FitResult } from './context-fit';
import { internalError, modelLimits, type EngineCore } from './engine-core';
import type { AgentToolbox } from './session-agent-run';
import type { ReplyModel } from './session-engine-types';
import { draftOf, reduceNode, type NodeDraft } from './session-reducer';

const DONE: Promise<void> = Promise.resolve();

export interface AgentReplyInput {
  sessionId: string;
  /** The question, or the node a run goes on from. */
  parent: NodeRecord;
  model: ReplyModel;
  signal: AbortSignal;
  /** A chat reply that may use tools (memory in chat mode) instead of an agent run. */
  chat?: ChatWithTools;
}

/** A chat reply run by the loop: the chat prompt it answers with, and its few tools. */
export interface ChatWithTools {
  /** The chat system prompt, as a plain chat reply would send it. */
  system: string;
  /** The run's tools (AgentPort.chatToolbox), assembled for each run of the reply. */
  toolbox(): Promise<AgentToolbox>;
}

/** A run that ended before the loop started, told the way the loop tells its end. */
function endBeforeStart(
  reason: RunEndEvent['reason'],
  at: number,
  error?: AgentRunError,
): RunEndEvent {
  return {
    type: 'run_end',
    at,
    reason,
    turns: 0,
    messages: [],
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    ...(error ? { error } : {}),
  };
}

/**
 * Runs the agent once from `fromId`: fits the context (compacting when needed), then drives
 * the loop. Resolves the run's end; a run refused or stopped before it began ends here too.
 */
async function runOnce(
  core: EngineCore,
  input: AgentReplyInput,
  fromId: string,
  force: boolean,
): Promise<RunEndEvent | undefined> {
  const { sessionId, model, signal } = input;
  const { clock } = core.deps;
  const port = core.deps.agent!;
  const drafts = new Map<string, NodeDraft>();
  let ended = false;
  let toolbox: AgentToolbox | undefined;
  const publish = (event: AgentEvent) => {
    if (event.type === 'run_end') ended = true;
    void core.emit({ type: 'agent_event', sessionId, event });
  };
  const endEarly = (end: RunEndEvent) => {
    publish(end);
    return end;
  };
  try {
    const settings = core.deps.settings();
    const { capabilities } = modelLimits(model, settings.maxTokens);
    toolbox = input.chat ? await input.chat.toolbox() : await port.toolbox(sessionId);
    const staticPrompt = input.chat && buildChatToolsPrompt(input.chat.system, toolbox.tools);
    const frame = agentRequestFrame(
      toolbox.tools,
      capabilities.toolCalling,
      toolbox.dynamicPrompt(),
      staticPrompt,
    );
    const fit: FitResult = await fitContext(core, {
      sessionId,
      fromId,
      model,
      frame,
      vision: capabilities.vision,
      minKept: force ? 0 : 1,
      keepLastQuestion: force,
      force,
      signal,
    });
    if (fit.status === 'stopped') return endEarly(endBeforeStart('aborted', clock.now()));
    if (fit.status === 'refused') {
      return endEarly(endBeforeStart('error', clock.now(), fit.error));
    }
    // The loop, its tool catalog and its schema checker load with the first agent run.
    const { runAgentInSession } = await import('./session-agent-run');
    const drafted = (node: NodeRecord, event: Parameters<typeof reduceNode>[1]) => {
      const at = clock.now();
      const draft = reduceNode(drafts.get(node.id) ?? draftOf(node), event, at);
      if (event.type === 'node_end') drafts.delete(node.id);
      else drafts.set(node.id, draft);
      return { draft, at };
    };
    return await runAgentInSession(
      {
        sessionId,
        parentId: fit.fromId,
        modelRef: model.ref,
        clock,
        newId: core.newId,
        append: core.append,
        fold(node, event) {
          const { draft, at } = drafted(node, event);
          return (
            core.emit({ type: 'node_event', sessionId, nodeId: node.id, event, draft, at }) ?? DONE
          );
        },
        publish,
        beginTurn: (nodeId) => toolbox?.beginTurn?.(nodeId),
      },
      {
        client: core.deps.client,
        provider: model.provider,
        model: model.modelId,
        tools: toolbox.tools,
        toolContext: toolbox.context,
        messages: fit.history,
        dynamicPrompt: toolbox.dynamicPrompt,
        policy: port.policy(sessionId),
        approve: (request) => port.approve(sessionId, request),
        sessionApproved: port.sessionApproved(sessionId),
        signal,
        clock,
        steering: core.inbox,
        toolCalling: capabilities.toolCalling,
        seesImages: capabilities.vision,
        request: { maxOutputTokens: settings.maxTokens, temperature: settings.temperature },
        onStreamOptionsUnsupported: () =>
          core.deps.models.streamOptionsUnsupported(model.provider.id),
        ...(staticPrompt ? { staticPrompt } : {}),
        ...(port.maxSteps !== undefined ? { maxSteps: port.maxSteps } : {}),
        ...(port.toolResultCap !== undefined ? { toolResultCap: port.toolResultCap } : {}),
      },
    );
  } catch (failure) {
    // The toolbox threw, or a write failed: the run is over, and the app learns why from a
    // run_end like any other (everything stored stays).
    const error = internalError(failure);
    if (!ended) {
      publish(endBeforeStart('error', clock.now(), { ...error, code: 'internal' }));
    }
    return undefined;
  } finally {
    await toolbox?.finish?.();
    toolbox?.dispose?.();
  }
}

/**
 * Runs the agent from `input.parent`; then, while follow-ups were queued and the run ended
 * `done`, stores the next one and runs again. After the provider said a request overflowed,
 * compacts once (keeping the person's last question verbatim) and goes on.
 */
export async function answerWithAgent(core: EngineCore, input: AgentReplyInput): Promise<void> {
  const { sessionId, signal } = input;
  const { sessions, clock } = core.deps;
  let from = input.parent.id;
  let force = false;
  let overflowRetried = false;
  for (;;) {
    const end = await runOnce(core, input, from, force);
    force = false;
    const leaf = (await sessions.get(sessionId))?.leafId ?? from;
    if (
      end?.reason === 'error' &&
      end.error?.code === 'context-overflow' &&
      !overflowRetried &&
      !signal.aborted
    ) {
      overflowRetried = true;
      force = true;
      from = leaf;
      continue;
    }
    // After Stop, an error or a limit the person decides first: what waits is held.
    if (end?.reason !== 'done') {
      core.inbox.holdUndelivered();
      return;
    }
    core.inbox.requeueUndelivered();
    const next = core.inbox.takeQueued();
    if (!next) return;
    const now = clock.now();
    const question: NodeRecord = {
      id: core.newId(),
      sessionId,
      parentId: leaf,
      role: 'user',
      content: typeof next.content === 'string' ? next.content : '',
      status: 'complete',
      startedAt: now,
      finishedAt: now,
    };
    await core.append(question);
    from = question.id;
  }
}
