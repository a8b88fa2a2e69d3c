/**
 * Redaction of secrets, in two strengths:
 *
 * - {@link redactKnownSecrets}: the secrets Cove knows (providers' keys, secret header
 *   values of providers and MCP servers), removed wherever they appear, whole or echoed in
 *   part or masked. Safe for any text Cove keeps (conversations, traces, exports, backups):
 *   it changes nothing else. {@link createSecretRedactor} applies it to whole records.
 * - {@link redactCredentials}: that, plus credentials recognized by their shape or their
 *   field: authorization headers, bearer tokens, API-key parameters and fields, and keys
 *   whose shape gives them away (OpenAI/Anthropic/DeepSeek `sk-…`, Groq `gsk_…`, Google
 *   `AIza…`, Hugging Face `hf_…`, GitHub `ghp_…`, xAI `xai-…`). For logs and bug reports
 *   only: the shapes also match ordinary code (`password = input()`), which a conversation
 *   must keep as it is. The name of a field or header stays, so a reader still sees that one
 *   was sent.
 *
 * Never throws.
 */

/** What replaces a credential. */
export const CREDENTIAL_REDACTED = '[redacted]';

/**
 * Secrets shorter than this are placeholders ("ollama", "none", "default") rather than
 * keys; hunting them would blank ordinary words in every conversation.
 */
export const MIN_SECRET_LENGTH = 8;
/** A word sharing this many consecutive characters with a secret is taken for it. */
const WINDOW = 8;
/** What separates words when looking for echoed parts of a secret. */
const WORD = /[^\s"'`,;:()[\]{}<>]+/g;

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
 * The strings to look for when `value` is a secret header's value or a key: itself, and
 * for an `Authorization`-style value ("Bearer abc…", "Basic abc…") the credential after
 * the scheme too, since servers echo the token without it.
 */
export function secretVariants(value: string): string[] {
  const trimmed = value.trim();
  const scheme = /^(?:bearer|basic|token|apikey|api-key|key)\s+(\S.*)$/i.exec(trimmed);
  return scheme ? [trimmed, scheme[1]!.trim()] : [trimmed];
}

/** The secrets worth hunting, longest first (so a longer one is replaced whole). */
function huntable(secrets: readonly string[]): string[] {
  return [...new Set(secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH))].sort(
    (a, b) => b.length - a.length,
  );
}

/**
 * `text` without the known `secrets`: every exact occurrence, and every word that shares
 * {@link WINDOW} consecutive characters with one (servers echo keys masked, "sk-proj-****…
 * mBIA", or cut). Secrets shorter than {@link MIN_SECRET_LENGTH} are left alone.
 */
export function redactKnownSecrets(text: string, secrets: readonly string[]): string {
  const hunted = huntable(secrets);
  if (!hunted.length || !text) return text;
  let result = text;
  for (const secret of hunted) result = result.split(secret).join(CREDENTIAL_REDACTED);
  const windows = new Set<string>();
  for (const secret of hunted) {
    for (let i = 0; i + WINDOW <= secret.length; i++) windows.add(secret.slice(i, i + WINDOW));
  }
  return result.replace(WORD, (word) => {
    if (word === CREDENTIAL_REDACTED || word.length < WINDOW) return word;
    for (let i = 0; i + WINDOW <= word.length; i++) {
      if (windows.has(word.slice(i, i + WINDOW))) return CREDENTIAL_REDACTED;
    }
    return word;
  });
}

/**
 * Removes the secrets Cove knows from what it keeps. Filled by the composition root (it
 * knows the providers and MCP servers) and handed to the layers that persist or export, so
 * none of them imports upward to learn the secrets.
 */
export interface SecretRedactor {
  /** `text` through {@link redactKnownSecrets} with the secrets known now. */
  redactText(text: string): string;
  /**
   * `value` with every string inside it (in plain objects and arrays, at any depth)
   * redacted; other objects (bytes, Blobs, dates) are kept as they are. Returns `value`
   * itself when nothing changed, a copy otherwise: the input is never modified.
   */
  redact<T>(value: T): T;
  /** The secrets known now (for redactCredentials' `known`). */
  secrets(): readonly string[];
}

/** A redactor over `known()`, read at every call (keys change while Cove runs). */
export function createSecretRedactor(known: () => readonly string[]): SecretRedactor {
  const current = () => huntable(known());
  function walk(value: unknown, secrets: readonly string[]): unknown {
    if (typeof value === 'string') return redactKnownSecrets(value, secrets);
    if (Array.isArray(value)) {
      let changed = false;
      const out = value.map((item) => {
        const next = walk(item, secrets);
        if (next !== item) changed = true;
        return next;
      });
      return changed ? out : value;
    }
    if (typeof value === 'object' && value !== null) {
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) return value;
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const next = walk(item, secrets);
        if (next !== item) changed = true;
        out[key] = next;
      }
      return changed ? out : value;
    }
    return value;
  }
  return {
    redactText: (text) => redactKnownSecrets(text, current()),
    redact<T>(value: T): T {
      const secrets = current();
      return secrets.length ? (walk(value, secrets) as T) : value;
    },
    secrets: current,
  };
}

/** A redactor that knows no secrets (tests, demos). */
export const noSecrets: SecretRedactor = createSecretRedactor(() => []);

/**
 * `text` without credentials: the `known` secrets ({@link redactKnownSecrets}) and every
 * credential recognized by its shape or field. For logs and bug reports (see above).
 */
export function redactCredentials(text: string, known: readonly string[] = []): string {
  let result = redactKnownSecrets(text, known);
  for (const [pattern, replacement] of PATTERNS) {
    result = result.replace(pattern, replacement);
  }
  return result;
}
