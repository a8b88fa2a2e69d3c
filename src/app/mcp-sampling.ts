/**
 * The servers' requests for a completion (MCP sampling) as the person handles them: each
 * is first shown for review (the system prompt and the messages, editable), goes to the
 * selected model only when the person approves, and its reply is shown before it is sent
 * back, or refused. A request whose call ended goes away, refused.
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

export interface McpSampling {
  readonly pending: Accessor<readonly PendingSampling[]>;
  readonly ask: SamplingHandler;
  /** Sends the request, as the person edited it, to the model. */
  approve(id: string, edited: { systemPrompt: string; messages: SamplingMessage[] }): void;
  /** Returns the reply (as the person left it) to the server. */
  send(id: string, text: string): void;
  refuse(id: string): void;
}

export function createMcpSampling(model: SamplingModel, makeId: () => string = newId): McpSampling {
  const [pending, setPending] = createSignal<readonly PendingSampling[]>([]);
  const settles = new Map<string, (answer: SamplingAnswer) => void>();
  const find = (id: string) => pending().find((entry) => entry.id === id);
  const setStage = (id: string, stage: SamplingStage) =>
    setPending((list) => list.map((entry) => (entry.id === id ? { ...entry, stage } : entry)));

  function settle(id: string, answer: SamplingAnswer): void {
    const resolve = settles.get(id);
    if (!resolve) return;
    settles.delete(id);
    setPending((list) => list.filter((entry) => entry.id !== id));
    resolve(answer);
  }

  return {
    pending,
    ask: (request) =>
      new Promise((resolve) => {
        if (request.signal.aborted) return resolve({ action: 'refuse' });
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
      const { maxTokens, temperature, signal } = entry.request;
      model({ ...edited, maxTokens, ...(temperature !== undefined ? { temperature } : {}) }, signal)
        .catch((error: unknown): SampledReply => ({ ok: false, message: describeError(error) }))
        .then((reply) => {
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
