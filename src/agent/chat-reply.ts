/**
 * A chat reply: the system prompt for the question, the conversation fitted to the window
 * (context-fit.ts), then one streamed completion folded into the reply node. Runs inside
 * the engine's run (the session's lock held, Stop on `signal`).
 */
import type { ChatMessage } from '../llm/chat-message';
import type { LlmEvent } from '../llm/llm-events';
import type { NodeRecord, StoredError } from '../store/records';
import { buildChatSystem } from './context-builder';
import { fitContext, type FitResult } from './context-fit';
import { internalError, modelLimits, type EngineCore } from './engine-core';
import type { ReplyModel } from './session-engine-types';
import type { SessionEvent } from './session-events';
import { draftOf, reduceNode, type NodeDraft } from './session-reducer';
import { activePath } from './session-tree';

/** What a Continue request adds after the cut-off reply. */
export const CONTINUE_INSTRUCTION =
  'Your previous reply was cut off. Continue it from exactly where it stopped, without repeating what you already wrote.';

export interface ChatReplyInput {
  sessionId: string;
  /** The question, or (for `continuation`) the reply that was cut off. */
  parent: NodeRecord;
  model: ReplyModel;
  /** `parent` is a reply that was cut off, and the model is asked to go on. */
  continuation: boolean;
  signal: AbortSignal;
}

/** Folds events into `node` and publishes each step; resolves the final draft. */
function folder(core: EngineCore, node: NodeRecord) {
  let draft = draftOf(node);
  return {
    draft: () => draft,
    fold(event: SessionEvent) {
      const at = core.deps.clock.now();
      draft = reduceNode(draft, event, at);
      return core.emit({
        type: 'node_event',
        sessionId: node.sessionId,
        nodeId: node.id,
        event,
        draft,
        at,
      });
    },
  };
}

/** Ends `answer` without asking the model: refused (with `error`) or stopped. */
async function endUnasked(
  core: EngineCore,
  answer: NodeRecord,
  error: StoredError | undefined,
): Promise<void> {
  const { fold } = folder(core, answer);
  await core.emit({ type: 'reply_start', sessionId: answer.sessionId, node: answer });
  void fold(error ? { type: 'node_failed', error } : { type: 'node_stopped' });
  await fold({ type: 'node_end' });
}

/** A completion already asked for: its events, the first of them on its way. */
interface SentRequest {
  events: AsyncIterator<LlmEvent>;
  first: Promise<IteratorResult<LlmEvent>>;
  /** Gives the request up (the reply's node could not be written). */
  cancel(): void;
}

/**
 * Sends the request for `messages` now, so that it travels while the reply's node is
 * written: the node is stored before anything of the reply is folded into it, but the
 * model need not wait for the store (an IndexedDB write takes milliseconds).
 */
function sendRequest(
  core: EngineCore,
  model: ReplyModel,
  messages: ChatMessage[],
  signal: AbortSignal,
): SentRequest {
  const settings = core.deps.settings();
  const controller = new AbortController();
  const abort = () => controller.abort(signal.reason);
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  const stream = core.deps.client.stream({
    provider: model.provider,
    model: model.modelId,
    messages,
    maxOutputTokens: settings.maxTokens,
    temperature: settings.temperature,
    signal: controller.signal,
  });
  const events = stream[Symbol.asyncIterator]();
  const first = events.next();
  return {
    events,
    first,
    cancel() {
      abort();
      first.catch(() => undefined);
      void events.return?.(undefined)?.catch(() => undefined);
    },
  };
}

/** Folds the events of `request` into `answer`; resolves the reply as it ended. */
async function streamInto(
  core: EngineCore,
  answer: NodeRecord,
  model: ReplyModel,
  request: SentRequest,
): Promise<NodeDraft> {
  const { fold, draft } = folder(core, answer);
  try {
    await core.emit({ type: 'reply_start', sessionId: answer.sessionId, node: answer });
    const maybeYield = core.deps.makeYielder?.();
    for (let next = await request.first; !next.done; next = await request.events.next()) {
      const event = next.value;
      // A fast stream delivers thousands of events per network read; let the page paint.
      const pause = maybeYield?.();
      if (pause) await pause;
      if (event.type === 'stream_options_unsupported') {
        core.deps.models.streamOptionsUnsupported(model.provider.id);
      }
      void fold(event);
    }
  } catch (failure) {
    // The client never throws; a listener or the yielder might. Keep what arrived.
    void fold({ type: 'node_failed', error: internalError(failure) });
  } finally {
    await fold({ type: 'node_end' });
  }
  return draft();
}

/**
 * Appends the reply under the question (or under the compaction made for it) and streams
 * it. When the provider says the request was over its window anyway, compacts once more
 * and asks again; the failed reply stays in the tree beside it (a branch).
 */
export async function answerWithChat(core: EngineCore, input: ChatReplyInput): Promise<void> {
  const { sessionId, model, signal } = input;
  const { clock, sessions } = core.deps;
  const settings = core.deps.settings();
  const { capabilities } = modelLimits(model, settings.maxTokens);
  let system = '';
  type Fitted = FitResult | { status: 'failed'; fromId: string; error: StoredError };
  const fit = async (fromId: string, force: boolean): Promise<Fitted> => {
    try {
      const nodes = await sessions.nodes(sessionId);
      let path: NodeRecord[] | undefined;
      if (!system) {
        path = activePath(nodes, fromId);
        system = await buildChatSystem({
          path,
          settings,
          sources: core.deps.context,
          contextWindow: capabilities.contextWindow,
          now: clock.now(),
        });
      }
      return await fitContext(core, {
        sessionId,
        fromId,
        model,
        frame: { system },
        vision: capabilities.vision,
        minKept: 1,
        force,
        signal,
        nodes,
        ...(path ? { path } : {}),
      });
    } catch (failure) {
      return { status: 'failed', fromId, error: internalError(failure) };
    }
  };
  const ask = async (fitted: Fitted): Promise<NodeDraft | undefined> => {
    const answer: NodeRecord = {
      id: core.newId(),
      sessionId,
      parentId: fitted.fromId,
      role: 'assistant',
      content: '',
      status: 'streaming',
      model: model.ref,
      startedAt: clock.now(),
    };
    if (fitted.status !== 'fits') {
      await core.append(answer);
      await endUnasked(core, answer, fitted.status === 'stopped' ? undefined : fitted.error);
      return undefined;
    }
    const messages: ChatMessage[] = [{ role: 'system', content: system }, ...fitted.history];
    // Not stored: the instruction belongs to this request, the tree keeps only the replies.
    if (input.continuation) messages.push({ role: 'user', content: CONTINUE_INSTRUCTION });
    const request = sendRequest(core, model, messages, signal);
    try {
      await core.append(answer);
    } catch (failure) {
      request.cancel();
      throw failure;
    }
    return streamInto(core, answer, model, request);
  };

  const first = await fit(input.parent.id, false);
  const ended = await ask(first);
  if (ended?.error?.code !== 'context-overflow' || signal.aborted) return;
  const again = await fit(first.fromId, true);
  // Nothing could be compacted: asking again would overflow again; the error stands.
  if (again.status === 'fits' && again.fromId === first.fromId) return;
  await ask(again);
}
