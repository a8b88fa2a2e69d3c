/**
 * Blanks credentials in text bound for a log, a trace or a bug report: authorization
 * headers, bearer tokens, API-key parameters and fields, and keys whose shape gives them
 * away (OpenAI/Anthropic/DeepSeek `sk-…`, Groq `gsk_…`, Google `AIza…`, Hugging Face `hf_…`,
 * GitHub `ghp_…`, xAI `xai-…`). Keys Cove knows (a provider's own) are also passed in and
 * removed exactly, so a key of no known shape is caught too. The name of a field or header
 * stays, so a reader still sees that one was sent. Never throws.
 */

/** What replaces a credential. */
export const CREDENTIAL_REDACTED = '[redacted]';

/** Characters a credential value may not contain here: whitespace, quotes and separators. */
const VALUE = `(?!\\[redacted\\])[^\\s"'\`,;&)}\\]]+`;

const PATTERNS: readonly [RegExp, string][] = [
  // Authorization: Bearer xyz / "authorization": "Basic xyz" / proxy-authorization=xyz
  [
    new RegExp(
      `((?:proxy-)?authorization["']?\\s*[:=]\\s*["']?)((?:bearer|basic|token)\\s+)?${VALUE}`,
      'gi',
    ),
    `$1$2${CREDENTIAL_REDACTED}`,
  ],
  [new RegExp(`\\b(bearer\\s+)${VALUE}`, 'gi'), `$1${CREDENTIAL_REDACTED}`],
  // api_key=…, "x-api-key": "…", access_token: …, password=…, client_secret …
  [
    new RegExp(
      `\\b((?:x-)?api[-_]?key|access[-_]?token|auth[-_]?token|refresh[-_]?token|client[-_]?secret|secret[-_]?key|password)(["']?\\s*[:=]\\s*["']?)${VALUE}`,
      'gi',
    ),
    `$1$2${CREDENTIAL_REDACTED}`,
  ],
  // ?key=… in a URL (Google's API keys travel this way).
  [new RegExp(`([?&](?:key|token)=)${VALUE}`, 'gi'), `$1${CREDENTIAL_REDACTED}`],
  [
    /\b(?:sk|pk|rk)-[A-Za-z0-9_-]{12,}|\bgsk_[A-Za-z0-9]{12,}|\bAIza[0-9A-Za-z_-]{20,}|\bhf_[A-Za-z0-9]{12,}|\bgh[pousr]_[A-Za-z0-9]{20,}|\bxai-[A-Za-z0-9]{12,}/g,
    CREDENTIAL_REDACTED,
  ],
];

/**
 * `text` without credentials. `known` are secret values to remove wherever they appear
 * (values shorter than 4 characters are placeholders like "none" and are left alone).
 */
export function redactCredentials(text: string, known: readonly string[] = []): string {
  let result = text;
  for (const secret of known) {
    if (secret.length >= 4) result = result.split(secret).join(CREDENTIAL_REDACTED);
  }
  for (const [pattern, replacement] of PATTERNS) {
    result = result.replace(pattern, replacement);
  }
  return result;
}
