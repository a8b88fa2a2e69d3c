/** A response body read up to a byte cap. */
export interface CappedBody {
  bytes: Uint8Array;
  /** True when the body went on past the cap and the rest was not read. */
  truncated: boolean;
}

/**
 * Reads at most `maxBytes` of a response body, then cancels the rest so a huge download
 * stops at once. Aborting `signal` cancels the body and rejects with the signal's reason,
 * also when the body is not the fetch's own (whose stream errors on that abort anyway).
 */
export async function readCappedBody(
  response: Response,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<CappedBody> {
  signal?.throwIfAborted();
  if (!response.body) {
    const all = new Uint8Array(await response.arrayBuffer());
    return { bytes: all.subarray(0, maxBytes), truncated: all.length > maxBytes };
  }
  const reader = response.body.getReader();
  // Cancelling ends a pending read at once (done), whoever's stream it is.
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await readChunks(reader, maxBytes, signal);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

async function readChunks(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
  signal: AbortSignal | undefined,
): Promise<CappedBody> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    signal?.throwIfAborted();
    if (done) break;
    if (size + value.length > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { bytes, truncated };
}
