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
 * {@link StreamErrorChunk}, and an abort (Stop, the stall watchdog) simply ends it. `onBytes` hears every
 * network read, so a stall watchdog sees progress that has not made a whole event yet.
 *
 * The body is read with one reader and fed to the parser by hand rather than piped through
 * TextDecoderStream and EventSourceParserStream: each stream stage costs a queue and a
 * promise per piece, which was a third of the client's time per turn (`npm run bench`).
 */
export async function* completionChunks(
  response: Response,
  onBytes: () => void = () => undefined,
): AsyncGenerator<ChatCompletionChunk> {
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
      for (const event of events.splice(0)) {
        if (event.data.startsWith('[DONE]')) return;
        if (event.event?.startsWith('thread.')) continue;
        const data = JSON.parse(event.data) as ChatCompletionChunk & { error?: unknown };
        if (data?.error) throw new StreamErrorChunk(data.error);
        yield data;
      }
      if (done) return;
    }
  } catch (error) {
    if (isAbortError(error)) return;
    throw error;
  } finally {
    reader.releaseLock();
  }
}
