import type { UiCatalog } from '../../app/messages/catalog';
import type { ModelCapabilities } from '../../llm';

/** The words of a capability line, in the language shown. */
export type CapabilityWords = UiCatalog['providers']['caps'];

/**
 * A key as settings show it: its kind prefix (`sk-`, `gsk_`) and the last four characters,
 * never more. Keys too short to hide anything show as dots only.
 */
export function maskKey(key: string): string {
  if (key.length < 12) return '••••';
  const prefix = /^[A-Za-z]{1,5}[-_]/.exec(key)?.[0] ?? '';
  return `${prefix}…${key.slice(-4)}`;
}

/**
 * `host[:port]` of a URL or an origin, for short messages; the input when it is no URL, and
 * `unknown` (worded by the caller) when there is none.
 */
export function hostOf(url: string | undefined, unknown: string): string {
  if (!url) return unknown;
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Token counts as people say them: 128000 → "128k", 131072 → "128k", 1048576 → "1M",
 * 512 → "512". Round thousands count in 1000s, powers of two in 1024s.
 */
export function formatTokens(tokens: number): string {
  const binary = (size: number) => tokens % 1000 !== 0 && tokens % size === 0;
  if (tokens >= 1_000_000) return `${trim(tokens / (binary(1_048_576) ? 1_048_576 : 1e6))}M`;
  if (tokens >= 1000) return `${trim(tokens / (binary(1024) ? 1024 : 1000))}k`;
  return String(tokens);
}

function trim(value: number): string {
  return value >= 100 ? Math.round(value).toString() : Number(value.toFixed(1)).toString();
}

/** One line about a model's capabilities, e.g. "128k context · 16k out · tools · vision". */
export function describeCapabilities(caps: ModelCapabilities, words: CapabilityWords): string {
  const parts = [
    words.context(formatTokens(caps.contextWindow)),
    words.out(formatTokens(caps.maxOutputTokens)),
  ];
  parts.push(
    caps.toolCalling === 'native'
      ? words.tools
      : caps.toolCalling === 'text'
        ? words.toolsViaText
        : words.noTools,
  );
  if (caps.vision) parts.push(words.vision);
  if (caps.reasoning) parts.push(words.reasoning);
  if (caps.price) {
    parts.push(
      words.price(String(caps.price.inputPerMillion), String(caps.price.outputPerMillion)),
    );
  }
  return parts.join(' · ');
}
