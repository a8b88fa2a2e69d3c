import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { isAbortError } from '../base/errors';

/** A server's `{error: …}` event inside an otherwise healthy stream. */
export class StreamErrorChunk extends Error {
  constructor(readonly error: unknown) {
    super('The server sent an error inside the stream.');
  }
}

/**
 * The chunks of a streamed completion, parsed from its server-sent events with
 * eventsource-parser, by the rules of the openai SDK's own stream: `[DONE]` ends it, a chunk
 * that is not JSON throws a SyntaxError, an `{error: …}` chunk throws a
 * {@link StreamErrorChunk}, and an abort (Stop, the stall watchdog) simply ends it. `onBytes`
 * hears every network read, so a stall watchdog sees progress that has not made a whole
 * event yet.
 *
 * Yields the chunks of one network read together: a fast provider packs dozens of events
 * into a read, and everything downstream (the deltas, the session engine's fold, the page)
 * then works once per read instead of once per event.
 *
 * The body is read with one reader and fed to the parser by hand rather than piped through
 * TextDecoderStream and EventSourceParserStream: each stream stage costs a queue and a
 * promise per piece, which was a third of the client's time per turn (`npm run bench`).
 */
export async function* completionChunks(
  response: Response,
  onBytes: () => void = () => undefined,
): AsyncGenerator<ChatCompletionChunk[]> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) parser.feed(decoder.decode());
      else {
        onBytes();
        parser.feed(decoder.decode(value, { stream: true }));
      }
      const { batch, ended, failure } = readBatch(events.splice(0));
      // What arrived before a bad chunk is the reply's too.
      if (batch.length) yield batch;
      if (failure) throw failure.error;
      if (ended || done) return;
    }
  } catch (error) {
    if (isAbortError(error)) return;
    throw error;
  } finally {
    reader.releaseLock();
  }
}

/** The chunks of one read's events; stops at `[DONE]` or at the first bad chunk. */
function readBatch(events: readonly EventSourceMessage[]): {
  batch: ChatCompletionChunk[];
  ended: boolean;
  failure?: { error: unknown };
} {
  const batch: ChatCompletionChunk[] = [];
  for (const event of events) {
    if (event.data.startsWith('[DONE]')) return { batch, ended: true };
    if (event.event?.startsWith('thread.')) continue;
    try {
      const data = JSON.parse(event.data) as ChatCompletionChunk & { error?: unknown };
      if (data?.error)
        return { batch, ended: true, failure: { error: new StreamErrorChunk(data.error) } };
      batch.push(data);
    } catch (error) {
      return { batch, ended: true, failure: { error } };
    }
  }
  return { batch, ended: false };
}
