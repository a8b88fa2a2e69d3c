/**
 * The servers' requests for a completion (MCP sampling) as the person handles them: each
 * is first shown for review (the system prompt and the messages, editable), goes to the
 * selected model only when the person approves, and its reply is shown before it is sent
 * back, or refused. A request whose call ended goes away, refused.
 *
 * A server the person set to "always allow" skips both reviews: it asked for the model
 * once too often to be asked each time. Its requests go to the model at once and the reply
 * goes back as it is; each one is still told afterwards (`onUnasked`: a notice and the log
 * say which server used the model and what it got), so nothing is spent unseen.
 */
import { createSignal, type Accessor } from 'solid-js';
import { describeError } from '../base/errors';
import { newId } from '../base/ids';
import type {
  SamplingAnswer,
  SamplingHandler,
  SamplingMessage,
  SamplingRequest,
} from '../mcp/sampling';

/** What the model made of the approved request, or why it could not. */
export type SampledReply =
  | { ok: true; text: string; model: string; stopReason: 'endTurn' | 'maxTokens' }
  | { ok: false; message: string };

/** Asks the person's selected model; the app wires it to the chat client. */
export type SamplingModel = (
  request: {
    systemPrompt: string;
    messages: SamplingMessage[];
    maxTokens: number;
    temperature?: number;
  },
  signal: AbortSignal,
) => Promise<SampledReply>;

export type SamplingStage =
  | { step: 'review' }
  | { step: 'asking' }
  | { step: 'reply'; reply: Extract<SampledReply, { ok: true }> }
  | { step: 'failed'; message: string };

export interface PendingSampling {
  id: string;
  request: SamplingRequest;
  stage: SamplingStage;
}

/** A request answered without asking (the server is always allowed), as it ended. */
export interface UnaskedSampling {
  serverName: string;
  reply: SampledReply;
}

export interface McpSampling {
  readonly pending: Accessor<readonly PendingSampling[]>;
  /** Calls `listener` after each request answered without asking; returns the stop function. */
  onUnasked(listener: (answered: UnaskedSampling) => void): () => void;
  readonly ask: SamplingHandler;
  /** Sends the request, as the person edited it, to the model. */
  approve(id: string, edited: { systemPrompt: string; messages: SamplingMessage[] }): void;
  /** Returns the reply (as the person left it) to the server. */
  send(id: string, text: string): void;
  refuse(id: string): void;
}

export function createMcpSampling(
  model: SamplingModel,
  makeId: () => string = newId,
  /** True for a server the person lets use the model without asking. */
  allowed: (serverId: string) => boolean = () => false,
): McpSampling {
  const [pending, setPending] = createSignal<readonly PendingSampling[]>([]);
  const unaskedListeners = new Set<(answered: UnaskedSampling) => void>();
  const settles = new Map<string, (answer: SamplingAnswer) => void>();
  const find = (id: string) => pending().find((entry) => entry.id === id);
  const setStage = (id: string, stage: SamplingStage) =>
    setPending((list) => list.map((entry) => (entry.id === id ? { ...entry, stage } : entry)));
  const askModel = (
    request: SamplingRequest,
    edited: { systemPrompt: string; messages: SamplingMessage[] },
  ): Promise<SampledReply> => {
    const { maxTokens, temperature, signal } = request;
    return model(
      { ...edited, maxTokens, ...(temperature !== undefined ? { temperature } : {}) },
      signal,
    ).catch((error: unknown): SampledReply => ({ ok: false, message: describeError(error) }));
  };

  async function answerUnasked(request: SamplingRequest): Promise<SamplingAnswer> {
    const { systemPrompt, messages } = request;
    const reply = await askModel(request, { systemPrompt, messages });
    unaskedListeners.forEach((listener) => listener({ serverName: request.serverName, reply }));
    return reply.ok
      ? { action: 'reply', text: reply.text, model: reply.model, stopReason: reply.stopReason }
      : { action: 'refuse' };
  }

  function settle(id: string, answer: SamplingAnswer): void {
    const resolve = settles.get(id);
    if (!resolve) return;
    settles.delete(id);
    setPending((list) => list.filter((entry) => entry.id !== id));
    resolve(answer);
  }

  return {
    pending,
    onUnasked(listener) {
      unaskedListeners.add(listener);
      return () => unaskedListeners.delete(listener);
    },
    ask: (request) =>
      new Promise((resolve) => {
        if (request.signal.aborted) return resolve({ action: 'refuse' });
        if (allowed(request.serverId)) return resolve(answerUnasked(request));
        const id = makeId();
        settles.set(id, resolve);
        setPending((list) => [...list, { id, request, stage: { step: 'review' } }]);
        request.signal.addEventListener('abort', () => settle(id, { action: 'refuse' }), {
          once: true,
        });
      }),
    approve(id, edited) {
      const entry = find(id);
      if (!entry || entry.stage.step === 'asking') return;
      setStage(id, { step: 'asking' });
      void askModel(entry.request, edited).then((reply) => {
        if (!settles.has(id)) return;
        setStage(
          id,
          reply.ok ? { step: 'reply', reply } : { step: 'failed', message: reply.message },
        );
      });
    },
    send(id, text) {
      const stage = find(id)?.stage;
      if (stage?.step !== 'reply') return;
      const { model: name, stopReason } = stage.reply;
      settle(id, { action: 'reply', text, model: name, stopReason });
    },
    refuse: (id) => settle(id, { action: 'refuse' }),
  };
}
