/**
 * Turns the bytes a program writes into text for the output panel. Bytes that are not
 * valid UTF-8 become U+FFFD (the replacement character) instead of failing; a character
 * split across two writes is joined, not replaced.
 */
export class OutputDecoder {
  private readonly decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

  /** Text of `bytes`; an incomplete character at the end waits for the next call. */
  decode(bytes: Uint8Array): string {
    return this.decoder.decode(bytes, { stream: true });
  }

  /** Text still held back (an incomplete character becomes U+FFFD); resets the decoder. */
  end(): string {
    return this.decoder.decode();
  }
}
