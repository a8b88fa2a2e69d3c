import { CREDENTIAL_REDACTED, redactKnownSecrets } from '../base/redact-credentials';

/** What replaces a secret in text that a person or a log may see. */
export const REDACTED = CREDENTIAL_REDACTED;

/**
 * Removes an API key from text that came from elsewhere (a server's error message, an echoed
 * header): every exact occurrence, and any word that shares 8 consecutive characters with
 * the key, as servers echo keys masked ("sk-proj-****…mBIA") or cut. The one redaction of
 * src/base/redact-credentials.ts (`redactKnownSecrets`) with one secret; returns the text
 * unchanged when `secret` is empty or a placeholder (under 8 characters).
 */
export function redactSecret(text: string, secret: string | undefined): string {
  return secret ? redactKnownSecrets(text, [secret]) : text;
}
