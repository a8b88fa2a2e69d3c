import type { Clock } from '../base/clock';
import type { ChatClient, ChatRequest } from './chat-client';
import { DeltaAssembler } from './delta-assembler';
import { doneEvent, errorEvent } from './reply-events';
import { LlmError, type LlmErrorData } from './llm-error';
import type { LlmEvent } from './llm-events';

/** One reply the scripted client plays back. */
export interface ScriptedReply {
  text?: string;
  reasoning?: string;
  /** Arguments as JSON text (may be deliberately invalid) or as an object. */
  toolCalls?: { id?: string; name: string; arguments: string | Record<string, unknown> }[];
  /** Defaults to `tool_calls` when there are tool calls, else `stop`. */
  finishReason?: string;
  usage?: { inputTokens: number; outputTokens: number };
  /** Characters per text or reasoning delta; whole text in one delta when absent. */
  chunkSize?: number;
  /** End with this error after streaming the parts above (a partial reply). */
  error?: LlmErrorData;
  /**
   * Holds the stream after `afterChunks` chunks (0: before the first; past the last: just
   * before `done`) until `until()` resolves or the request is aborted, so a test can act
   * while a reply is mid-way (see tests/fakes/gate.ts).
   */
  pause?: { afterChunks: number; until: () => PromiseLike<void> };
}

/** A scripted reply, or a function that builds one from the request it answers. */
export type ScriptStep = ScriptedReply | ((request: ChatRequest) => ScriptedReply);

/** The in-memory {@link ChatClient}: plays a queue of replies and records the requests. */
export interface ScriptedChatClient extends ChatClient {
  /** Every request received, in order. */
  readonly requests: readonly ChatRequest[];
  /** Appends replies to the queue. */
  push(...steps: ScriptStep[]): void;
  /** Replies not yet played. */
  readonly remaining: number;
}

/**
 * A {@link ChatClient} without a network, for the agent loop's tests, demos and offline use:
 * each `stream` call plays the next scripted reply. The reply goes through the same delta
 * assembler as real streams, so events, tool-call parsing and the final message have exactly
 * the real shapes. Honours the request's abort signal between deltas. When the script is
 * used up, the call ends with an `internal` error naming the problem.
 */
export function makeScriptedChatClient(
  steps: ScriptStep[] = [],
  options: { clock?: Clock } = {},
): ScriptedChatClient {
  const queue = [...steps];
  const requests: ChatRequest[] = [];
  const now = () => options.clock?.now() ?? 0;
  return {
    requests,
    push: (...more) => void queue.push(...more),
    get remaining() {
      return queue.length;
    },
    async *stream(request): AsyncGenerator<LlmEvent> {
      requests.push(request);
      const startedAt = now();
      const step = queue.shift();
      if (!step) {
        yield failed(
          new LlmError('internal', { reason: 'script-empty' }),
          new DeltaAssembler(),
          startedAt,
          now(),
        );
        return;
      }
      const reply = typeof step === 'function' ? step(request) : step;
      const assembler = new DeltaAssembler();
      let firstTokenAt: number | undefined;
      const chunks = chunksOf(reply);
      const pauseAt = reply.pause ? Math.min(reply.pause.afterChunks, chunks.length) : -1;
      for (let index = 0; index <= chunks.length; index++) {
        if (index === pauseAt) await untilOrAbort(reply.pause!.until(), request.signal);
        if (request.signal?.aborted) {
          yield failed(abortedError(), assembler, startedAt, now(), firstTokenAt);
          return;
        }
        if (index === chunks.length) break;
        for (const event of assembler.push(chunks[index])) {
          firstTokenAt ??= now();
          yield event;
        }
      }
      for (const event of assembler.flush()) yield event;
      if (reply.error) {
        yield failed(LlmError.fromJSON(reply.error), assembler, startedAt, now(), firstTokenAt);
        return;
      }
      yield doneEvent(assembler.result(), { startedAt, attempts: 1, firstTokenAt, now: now() });
    },
  };
}

/** Waits for `gate`, or less if the signal aborts first. Never rejects. */
function untilOrAbort(gate: PromiseLike<void>, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const onAbort = () => resolve();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    gate.then(settle, settle);
  });
}

function abortedError(): LlmError {
  return new LlmError('aborted');
}

function failed(
  error: LlmError,
  assembler: DeltaAssembler,
  startedAt: number,
  finishedAt: number,
  firstTokenAt?: number,
): LlmEvent {
  return errorEvent(error, assembler.result(), {
    startedAt,
    attempts: 1,
    firstTokenAt,
    now: finishedAt,
  });
}

/** The reply as OpenAI-style chunks: reasoning, text, tool calls, then finish and usage. */
function chunksOf(reply: ScriptedReply): Record<string, unknown>[] {
  const chunks: Record<string, unknown>[] = [];
  const delta = (fields: Record<string, unknown>, finish: string | null = null) =>
    chunks.push({ id: 'scripted', choices: [{ index: 0, delta: fields, finish_reason: finish }] });
  for (const piece of pieces(reply.reasoning, reply.chunkSize)) delta({ reasoning_content: piece });
  for (const piece of pieces(reply.text, reply.chunkSize)) delta({ content: piece });
  (reply.toolCalls ?? []).forEach((call, index) => {
    const args =
      typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    delta({
      tool_calls: [
        {
          index,
          id: call.id ?? `call_scripted_${index}`,
          type: 'function',
          function: { name: call.name, arguments: args },
        },
      ],
    });
  });
  if (!reply.error) {
    delta({}, reply.finishReason ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop'));
    if (reply.usage) {
      chunks.push({
        id: 'scripted',
        choices: [],
        usage: {
          prompt_tokens: reply.usage.inputTokens,
          completion_tokens: reply.usage.outputTokens,
          total_tokens: reply.usage.inputTokens + reply.usage.outputTokens,
        },
      });
    }
  }
  return chunks;
}

function pieces(text: string | undefined, size: number | undefined): string[] {
  if (!text) return [];
  if (!size || size <= 0) return [text];
  // By code points, so an emoji is never cut in half.
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}
