import type { Clock } from '../base/clock';
import { runAttempt, type AttemptOutcome } from './chat-attempt';
import type { ChatClient, ChatRequest } from './chat-client';
import type { AssembledReply } from './delta-assembler';
import type { FetchLike } from './fetch-like';
import type { LlmEvent } from './llm-events';
import { makeFailure, type FailureContext } from './llm-failures';
import { toWireMessages } from './message-conversion';
import { doneEvent, errorEvent } from './reply-events';
import { normalizeBaseURL, resolveModelSettings } from './provider-config';
import { checkProviderReady } from './provider-readiness';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retry-policy';

/** What the HTTP chat client needs from the composition root. */
export interface OpenAIChatClientDeps {
  fetch: FetchLike;
  clock: Clock;
  /** `location.origin` of the page, for CORS and Local Network Access advice. */
  pageOrigin?: string;
  retryPolicy?: RetryPolicy;
  /** Timeout of the no-cors probe that tells CORS from a dead server (default 5 s). */
  probeTimeoutMs?: number;
}

/**
 * The {@link ChatClient} for any OpenAI-compatible `/chat/completions` endpoint (one POST
 * per attempt through the provider fetch; see chat-attempt.ts). Streams with `stream_options.include_usage` unless the provider is known to
 * refuse it; on a refusal it repeats the request once without it and emits
 * `stream_options_unsupported`. Retries retryable failures that produced no output, per the
 * retry policy, emitting `retry_scheduled` before each wait.
 */
export function makeOpenAIChatClient(deps: OpenAIChatClientDeps): ChatClient {
  return { stream: (request) => streamChat(request, deps) };
}

async function* streamChat(
  request: ChatRequest,
  deps: OpenAIChatClientDeps,
): AsyncGenerator<LlmEvent> {
  const startedAt = deps.clock.now();
  const context: FailureContext = {
    baseURL: request.provider.baseURL,
    presetId: request.provider.presetId,
    ...(request.provider.apiKey ? { apiKey: request.provider.apiKey } : {}),
    ...(deps.pageOrigin ? { pageOrigin: deps.pageOrigin } : {}),
  };
  let attempts = 0;
  try {
    const problem = checkProviderReady(request.provider, context);
    if (problem) {
      yield errorEvent(problem, emptyReply(), { startedAt, attempts, now: deps.clock.now() });
      return;
    }
    const policy = deps.retryPolicy ?? DEFAULT_RETRY_POLICY;
    const settings = resolveModelSettings(request.provider, request.model);
    const base = normalizeBaseURL(request.provider.baseURL);
    const baseURL = base.ok ? base.url : request.provider.baseURL;
    let useStreamOptions = request.provider.supportsStreamOptions !== false;
    let retries = 0;
    for (;;) {
      attempts++;
      const outcome: AttemptOutcome = yield* runAttempt({
        fetch: deps.fetch,
        clock: deps.clock,
        baseURL,
        ...(request.provider.apiKey ? { apiKey: request.provider.apiKey } : {}),
        ...(request.provider.keyOrigin ? { keyOrigin: request.provider.keyOrigin } : {}),
        ...(request.provider.headers ? { headers: request.provider.headers } : {}),
        body: requestBody(request, settings, useStreamOptions),
        stallTimeoutMs: request.stallTimeoutMs ?? settings.stallTimeoutMs,
        ...(deps.probeTimeoutMs !== undefined ? { probeTimeoutMs: deps.probeTimeoutMs } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
        failureContext: context,
      });
      const timing = {
        startedAt,
        attempts,
        firstTokenAt: outcome.firstTokenAt,
        now: deps.clock.now(),
      };
      if (outcome.type === 'done') {
        yield doneEvent(outcome.reply, timing);
        return;
      }
      if (!outcome.produced && outcome.streamOptionsRejected && useStreamOptions) {
        useStreamOptions = false;
        yield { type: 'stream_options_unsupported' };
        continue;
      }
      const delay = outcome.produced ? null : retryDelayMs(outcome.error, retries, policy);
      if (delay === null) {
        yield errorEvent(outcome.error, outcome.partial, timing);
        return;
      }
      retries++;
      yield { type: 'retry_scheduled', attempt: retries, delayMs: delay, error: outcome.error };
      try {
        await deps.clock.sleep(delay, request.signal);
      } catch {
        yield errorEvent(makeFailure('aborted', context), outcome.partial, {
          ...timing,
          now: deps.clock.now(),
        });
        return;
      }
    }
  } catch (error) {
    // Only a bug in this layer gets here; the contract says the stream still ends cleanly.
    const message = error instanceof Error ? error.message : String(error);
    yield errorEvent(makeFailure('internal', context, { internalMessage: message }), emptyReply(), {
      startedAt,
      attempts,
      now: deps.clock.now(),
    });
  }
}

function requestBody(
  request: ChatRequest,
  settings: ReturnType<typeof resolveModelSettings>,
  useStreamOptions: boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...request.extraBody,
    model: request.model,
    messages: toWireMessages(request.messages, {
      sendReasoningBack: request.sendReasoningBack ?? settings.sendReasoningBack,
      vision: request.vision ?? settings.capabilities.vision,
    }),
    stream: true,
  };
  if (useStreamOptions) body['stream_options'] = { include_usage: true };
  else delete body['stream_options'];
  if (request.tools && request.tools.length > 0) {
    body['tools'] = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
    if (request.toolChoice) body['tool_choice'] = request.toolChoice;
  } else {
    delete body['tools'];
    delete body['tool_choice'];
  }
  if (request.maxOutputTokens !== undefined)
    body[settings.maxTokensParam] = request.maxOutputTokens;
  if (request.temperature !== undefined) body['temperature'] = request.temperature;
  return body;
}

function emptyReply(): AssembledReply {
  return { content: '', reasoning: '', toolCalls: [] };
}
