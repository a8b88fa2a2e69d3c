/**
 * A rough token count for text: about four characters a token for English and code, which
 * errs on the high side for most tokenizers. Used only to keep requests inside the window.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
