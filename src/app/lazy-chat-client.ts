import type { Clock } from '../base/clock';
import { noSecrets, type SecretRedactor } from '../base/redact-credentials';
// Modules of src/llm by name, not its index: the index carries the openai SDK this defers.
import type { ChatClient } from '../llm/chat-client';
import { failedCallEvent } from '../llm/failed-call';
import { LlmError } from '../llm/llm-error';
import type { FailureContext } from '../llm/llm-failures';
import { redactSecret } from '../llm/redact-secret';
import { retryingImport } from '../base/retrying-import';

/**
 * The failure wording and its network hints (host classification, ipaddr.js) are only for
 * a client that loaded and then failed: the client's own chunk carries them (issue 21).
 */
const loadFailures = retryingImport(() => import('../llm/llm-failures'));

/**
 * A ChatClient whose implementation (the openai SDK) is loaded on the first request, so the
 * app's first load does not carry it. It keeps the ChatClient contract end to end: `stream`
 * never throws. A failed load (offline, or a new deployment removed the chunk) ends the
 * call with one `connection` error event, and the next request tries the load again; an
 * implementation that throws after all ends with an `internal` error event. Failures
 * (retry notices and the final error) pass through `redactor`: the client already removes
 * the provider's own key, but a server may echo any secret Cove knows (an MCP token that
 * came back in a tool result), and the failure is shown and kept.
 */
export function createLazyChatClient(
  load: () => Promise<ChatClient>,
  clock: Clock,
  redactor: SecretRedactor = noSecrets,
): ChatClient {
  const clean = (error: LlmError): LlmError => {
    const data = error.toJSON();
    const redacted = redactor.redact(data);
    return redacted === data ? error : LlmError.fromJSON(redacted);
  };
  let client: Promise<ChatClient> | undefined;
  return {
    async *stream(request) {
      const startedAt = clock.now();
      const context: FailureContext = {
        baseURL: request.provider.baseURL,
        presetId: request.provider.presetId,
        ...(request.provider.apiKey ? { apiKey: request.provider.apiKey } : {}),
      };
      let loaded: ChatClient;
      try {
        client ??= load().catch((error: unknown) => {
          client = undefined;
          throw error;
        });
        loaded = await client;
      } catch (error) {
        yield failedCallEvent(loadFailure(error, context), { startedAt, finishedAt: clock.now() });
        return;
      }
      let ended = false;
      try {
        for await (const event of loaded.stream(request)) {
          if (ended) continue;
          ended = event.type === 'done' || event.type === 'error';
          if (event.type === 'error') {
            const error = clean(event.error);
            yield { ...event, error, message: { ...event.message, error } };
          } else if (event.type === 'retry_scheduled') {
            yield { ...event, error: clean(event.error) };
          } else {
            yield event;
          }
        }
      } catch (error) {
        if (!ended) {
          yield failedCallEvent(await internalFailure(error, context), {
            startedAt,
            finishedAt: clock.now(),
          });
          ended = true;
        }
      }
      if (!ended) {
        yield failedCallEvent(await internalFailure('the reply ended without a result', context), {
          startedAt,
          finishedAt: clock.now(),
        });
      }
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function loadFailure(error: unknown, context: FailureContext): LlmError {
  // The browser's words (which chunk, why) are a detail for a bug report, not the headline.
  return new LlmError(
    'connection',
    { reason: 'load-failed' },
    { detail: redactSecret(messageOf(error), context.apiKey) },
  );
}

/**
 * A bug below: the implementation threw, or ended without its `done` or `error` event. The
 * wording cannot fail to load after the client did (they share a chunk); if it still does,
 * the call ends as a failed load rather than throw.
 */
async function internalFailure(error: unknown, context: FailureContext): Promise<LlmError> {
  try {
    const { makeFailure } = await loadFailures();
    return makeFailure('internal', context, { internalMessage: messageOf(error) });
  } catch (loadError) {
    return loadFailure(loadError, context);
  }
}
