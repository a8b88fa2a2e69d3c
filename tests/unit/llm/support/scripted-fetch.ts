import type { FetchLike } from '../../../../src/llm/fetch-like';

/** A request as a fake fetch saw it. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  mode: RequestMode | undefined;
}

/** One canned answer of {@link makeScriptedFetch}. */
export type CannedResponse =
  | {
      status?: number;
      headers?: Record<string, string>;
      /** The body as pieces; each piece is one read of the response stream. */
      pieces?: (string | Uint8Array)[];
      /** After the pieces: end, error the stream (a cut connection), or never end. */
      end?: 'close' | 'error' | 'hang';
    }
  | { networkError: true };

/**
 * A fetch that answers from a queue of canned responses, honours abort signals like a real
 * one (the promise or the body stream fails with an AbortError), and records every request.
 */
export function makeScriptedFetch(
  responses: CannedResponse[],
): FetchLike & { seen: SeenRequest[] } {
  const queue = [...responses];
  const seen: SeenRequest[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    seen.push({
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
      mode: init?.mode,
    });
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw abortError();
    const next = queue.shift();
    if (!next) throw new TypeError('scripted fetch: no response left');
    if ('networkError' in next) throw new TypeError('Failed to fetch');
    const encoder = new TextEncoder();
    const pieces = (next.pieces ?? []).map((piece) =>
      typeof piece === 'string' ? encoder.encode(piece) : piece,
    );
    let index = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const onAbort = () => {
          try {
            controller.error(abortError());
          } catch {
            // Already closed: nothing left to fail.
          }
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      },
      pull(controller) {
        if (index < pieces.length) {
          controller.enqueue(pieces[index++]!);
          return;
        }
        if (next.end === 'error') controller.error(new TypeError('terminated'));
        else if (next.end === 'hang') return new Promise<void>(() => undefined);
        else controller.close();
        return undefined;
      },
    });
    return new Response(body, {
      status: next.status ?? 200,
      headers: next.headers ?? { 'content-type': 'text/event-stream' },
    });
  };
  return Object.assign(fetch, { seen });
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/** Splits bytes at the given offsets. */
export function splitAt(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let start = 0;
  for (const offset of [...offsets, bytes.length]) {
    out.push(bytes.slice(start, offset));
    start = offset;
  }
  return out;
}
