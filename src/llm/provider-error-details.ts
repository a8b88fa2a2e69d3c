/** The parts of a provider's error payload that classification and the user need. */
export interface ProviderErrorDetails {
  /** The server's explanation, whitespace collapsed; may still contain an echoed key. */
  message?: string;
  /** `error.code` or `error.type` as text (`insufficient_quota`, `context_length_exceeded`). */
  code?: string;
  /** A numeric `code` that is an HTTP status (OpenRouter's errors inside a 200 stream). */
  status?: number;
  /** Everything matched against when classifying, lower-cased (message, codes, raw metadata). */
  searchText: string;
}

const MAX_MESSAGE = 300;

/**
 * Pulls a message and a code out of whatever a provider returns as an error: an OpenAI
 * `{error: {message, code, type}}`, a bare `{message, code}` (vLLM, Mistral), FastAPI's
 * `{detail}` (string or list), an `{error: "text"}`, an array of those, plain text or an
 * HTML error page from a proxy. `payload` may be a parsed value or raw text. Never throws.
 */
export function extractErrorDetails(payload: unknown): ProviderErrorDetails {
  const value = typeof payload === 'string' ? parseJson(payload) : payload;
  if (typeof value === 'string') return fromText(value);
  if (Array.isArray(value)) return extractErrorDetails(value[0]);
  if (typeof value !== 'object' || value === null) return { searchText: '' };
  const record = value as Record<string, unknown>;
  const inner = record['error'];
  if (typeof inner === 'string') return fromParts(inner, record['code'], record['type']);
  if (typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
    const error = inner as Record<string, unknown>;
    const metadata = error['metadata'] as Record<string, unknown> | undefined;
    const raw = typeof metadata?.['raw'] === 'string' ? metadata['raw'] : undefined;
    return fromParts(error['message'], error['code'], error['type'], raw);
  }
  if ('detail' in record) return fromParts(detailText(record['detail']), record['code']);
  return fromParts(record['message'], record['code'], record['type']);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fromText(text: string): ProviderErrorDetails {
  let message = text;
  if (/<(!doctype|html|head|body)\b/i.test(text)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
    message = title ?? text.replace(/<[^>]*>/g, ' ');
  }
  return fromParts(message);
}

function fromParts(
  message: unknown,
  code?: unknown,
  type?: unknown,
  raw?: string,
): ProviderErrorDetails {
  const details: ProviderErrorDetails = { searchText: '' };
  const text = messageText(message);
  if (text) details.message = shorten(text);
  if (typeof code === 'number' && code >= 100 && code <= 599) details.status = code;
  const codeText = typeof code === 'string' && code ? code : typeof type === 'string' ? type : '';
  if (codeText) details.code = codeText;
  details.searchText = [text, codeText, typeof type === 'string' ? type : '', raw ?? '']
    .join(' ')
    .toLowerCase();
  return details;
}

function messageText(message: unknown): string {
  if (typeof message === 'string') return message;
  if (message === undefined || message === null) return '';
  return JSON.stringify(message);
}

function detailText(detail: unknown): string {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((item) => {
        if (typeof item !== 'object' || item === null) return String(item);
        const entry = item as { loc?: unknown; msg?: unknown };
        const where = Array.isArray(entry.loc) ? `${entry.loc.join('.')}: ` : '';
        return `${where}${String(entry.msg ?? '')}`;
      })
      .join('; ');
  }
  return messageText(detail);
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_MESSAGE ? `${flat.slice(0, MAX_MESSAGE - 1)}…` : flat;
}
