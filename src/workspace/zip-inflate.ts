import { Inflate, inflateSync } from 'fflate';

/**
 * Compressed entries up to this size are inflated in one call, straight into a buffer of
 * their declared size. One call cannot be stopped part-way, so this also bounds the work an
 * entry that lies about its size can cause: at most ~1,032 bytes out per byte in (deflate's
 * limit), ~66 MB of writes, before the lie is seen and the archive refused.
 */
const ONE_CALL_BYTES = 64 * 1024;

/** Compressed bytes fed to the streaming inflater at a time: bounds one step's output. */
const STEP_BYTES = 32 * 1024;

/** What inflating an entry gave: its bytes, or what was wrong with them. */
export type InflateOutcome =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; problem: 'larger' | 'smaller' | 'corrupt'; detail?: string };

/**
 * Inflates one raw-deflate zip entry that must expand to exactly `expected` bytes (its size
 * in the archive's central directory). The result is the only view of its buffer (which
 * may be one byte longer), so the buffer can be transferred to another thread. Never
 * allocates much more than
 * `expected`: output past it stops the work and reports `larger`.
 *
 * Why not fflate's streaming `Inflate` for every entry: each of its steps allocates a
 * buffer of 160 KB or more, and in Chromium an allocation of that size costs 0.3–3 ms, so
 * an archive of 10,000 small files took minutes. A buffer of the declared size costs
 * nothing for small files.
 */
export function inflateEntry(compressed: Uint8Array, expected: number): InflateOutcome {
  if (!compressed.byteLength) {
    return expected ? { ok: false, problem: 'smaller' } : { ok: true, bytes: new Uint8Array(0) };
  }
  try {
    return compressed.byteLength <= ONE_CALL_BYTES
      ? inflateInOneCall(compressed, expected)
      : inflateInSteps(compressed, expected);
  } catch (error) {
    return {
      ok: false,
      problem: 'corrupt',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}

function inflateInOneCall(compressed: Uint8Array, expected: number): InflateOutcome {
  // One byte of room more than declared: a full buffer means the entry holds more. fflate
  // drops what does not fit instead of growing a buffer it was given.
  const room = new Uint8Array(expected + 1);
  const out = inflateSync(compressed, { out: room });
  if (out.byteLength > expected) return { ok: false, problem: 'larger' };
  if (out.byteLength < expected) return { ok: false, problem: 'smaller' };
  // A view that leaves the spare byte unused: copying every file would cost more.
  return { ok: true, bytes: out };
}

function inflateInSteps(compressed: Uint8Array, expected: number): InflateOutcome {
  const out = new Uint8Array(expected);
  let size = 0;
  let larger = false;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    if (size + chunk.byteLength > expected) {
      larger = true;
      return;
    }
    out.set(chunk, size);
    size += chunk.byteLength;
    if (final) ended = true;
  });
  for (let at = 0; at < compressed.byteLength && !larger; at += STEP_BYTES) {
    const end = Math.min(at + STEP_BYTES, compressed.byteLength);
    inflater.push(compressed.subarray(at, end), end === compressed.byteLength);
  }
  if (larger) return { ok: false, problem: 'larger' };
  if (!ended || size < expected) return { ok: false, problem: 'smaller' };
  return { ok: true, bytes: out };
}
