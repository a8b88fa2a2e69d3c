/** What replaces a secret in text that a person or a log may see. */
export const REDACTED = '[redacted]';

/** Keys shorter than this are placeholders ("ollama", "none"), not secrets worth hunting. */
const MIN_SECRET_LENGTH = 4;
/** A token sharing this many consecutive characters with the key is treated as the key. */
const WINDOW = 8;

/**
 * Removes an API key from text that came from elsewhere (a server's error message, an echoed
 * header). Servers echo keys whole or masked ("sk-proj-****…mBIA"), so besides every exact
 * occurrence it also blanks any word that shares {@link WINDOW} consecutive characters with
 * the key. Returns the text unchanged when `secret` is empty or shorter than 4 characters.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || secret.length < MIN_SECRET_LENGTH) return text;
  let result = text.split(secret).join(REDACTED);
  if (secret.length < WINDOW) return result;
  const windows = new Set<string>();
  for (let i = 0; i + WINDOW <= secret.length; i++) windows.add(secret.slice(i, i + WINDOW));
  result = result.replace(/[^\s"'`,;:()[\]{}<>]+/g, (word) => {
    for (let i = 0; i + WINDOW <= word.length; i++) {
      if (windows.has(word.slice(i, i + WINDOW))) return REDACTED;
    }
    return word;
  });
  return result;
}
