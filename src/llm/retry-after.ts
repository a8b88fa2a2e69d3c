/**
 * How long a server asked the client to wait, in milliseconds, or undefined when it did not
 * say. Reads, in order: `retry-after-ms` (OpenAI's precise header), `retry-after` as seconds
 * or as an HTTP date (relative to `now`, clamped at 0), then a "try again in 7.5s" / "in
 * 200ms" phrase in the error message (Groq, OpenAI), for browsers where CORS hides the
 * headers.
 */
export function parseRetryAfter(
  headers: Headers | undefined,
  now: number,
  messageText?: string,
): number | undefined {
  const precise = headers?.get('retry-after-ms');
  if (precise) {
    const ms = Number(precise.trim());
    if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  }
  const value = headers?.get('retry-after')?.trim();
  if (value) {
    if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  if (messageText) {
    const match = /try again in (\d+(?:\.\d+)?)\s*(ms|s|sec|seconds?)\b/i.exec(messageText);
    if (match) {
      const amount = Number(match[1]);
      return Math.round(match[2]!.toLowerCase() === 'ms' ? amount : amount * 1000);
    }
  }
  return undefined;
}
