const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes `text` for use as HTML text content or as a double- or single-quoted attribute
 * value: `& < > " '` all become character references, so the browser reads back exactly
 * `text`. Never returns markup.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** Named references decoded by {@link decodeCharacterReferences}; others stay as written. */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  sol: '/',
  bsol: '\\',
  period: '.',
  comma: ',',
  semi: ';',
  lpar: '(',
  rpar: ')',
  num: '#',
  percnt: '%',
  quest: '?',
  equals: '=',
  commat: '@',
  tab: '\t',
  newline: '\n',
};

/**
 * Decodes numeric character references (`&#106;`, `&#x6A;`) and a small set of named ones
 * (`&amp;`, `&colon;`, `&Tab;`…) in a URL or attribute value written by the model. Unknown
 * names stay as written. Callers must escape the result again before putting it in HTML;
 * because they do, an unknown reference can only ever become literal text, never markup.
 */
export function decodeCharacterReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([a-zA-Z][a-zA-Z0-9]{1,31}));?/g,
    (m, dec, hex, name) => {
      if (dec !== undefined || hex !== undefined) {
        const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex, 16);
        if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
        return String.fromCodePoint(code);
      }
      const named = NAMED[(name as string).toLowerCase()];
      return named ?? m;
    },
  );
}
