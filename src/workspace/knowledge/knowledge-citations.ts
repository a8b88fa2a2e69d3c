/**
 * Passages retrieved for a message travel with it as one attachment whose text the model
 * reads: numbered passages, each tagged with its source (path, lines or page, the file's
 * version). The same text is parsed back to map a reply's "[n]" to its source, so the
 * mapping survives a reload, a fork and an export without a field of its own. Pure.
 */

/** A retrieved passage as the model sees it and a citation resolves to. */
export interface KnowledgePassage {
  /** 1-based number the model cites it by ("[1]"). */
  n: number;
  path: string;
  startLine: number;
  endLine: number;
  /** 1-based page of a paged document (PDF). */
  page?: number;
  /** The file's version when the passage was indexed (FileRecord.version). */
  version: number;
  heading?: string;
  text: string;
}

/** The name of the attachment that carries passages (its chip's label). */
export const KNOWLEDGE_ATTACHMENT_PREFIX = 'Knowledge';

const quoted = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const unquoted = (value: string) => value.replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** Where a passage is, for people: "docs/a.md:3-10" or "paper.pdf p. 3". */
export function passageLocation(passage: Omit<KnowledgePassage, 'n' | 'text'>): string {
  const lines =
    passage.startLine === passage.endLine
      ? `${passage.startLine}`
      : `${passage.startLine}-${passage.endLine}`;
  return passage.page ? `${passage.path} p. ${passage.page}` : `${passage.path}:${lines}`;
}

/** The attachment text for `passages`, with the instruction to cite them by number. */
export function formatKnowledgePassages(passages: readonly KnowledgePassage[]): string {
  const intro = passages.length
    ? 'Passages from the workspace knowledge, retrieved for this message. When you use one, cite it by its number in square brackets, like [1]; cite only these numbers.'
    : 'The workspace knowledge has no passage for this message.';
  const body = passages.map((p) => {
    const attributes: Record<string, string> = {
      n: String(p.n),
      path: p.path,
      lines: `${p.startLine}-${p.endLine}`,
      version: String(p.version),
      ...(p.page ? { page: String(p.page) } : {}),
      ...(p.heading ? { heading: p.heading } : {}),
    };
    const attrs = Object.entries(attributes)
      .map(([key, value]) => ` ${key}="${quoted(value)}"`)
      .join('');
    return `<passage${attrs}>\n${p.text}\n</passage>`;
  });
  return `<knowledge>\n${intro}\n${body.join('\n')}\n</knowledge>`;
}

/** A passage ends where the next begins or the list ends, so its text may hold the tag. */
const PASSAGE_TAG =
  /<passage((?:\s+[a-z]+="[^"]*")+)>\n([\s\S]*?)\n<\/passage>(?=\n<passage |\n<\/knowledge>$)/g;
const ATTRIBUTE = /([a-z]+)="([^"]*)"/g;

/** The passages of an attachment made by formatKnowledgePassages; [] for any other text. */
export function parseKnowledgePassages(text: string): KnowledgePassage[] {
  if (!text.startsWith('<knowledge>')) return [];
  const passages: KnowledgePassage[] = [];
  for (const match of text.matchAll(PASSAGE_TAG)) {
    const attributes = new Map(
      [...match[1]!.matchAll(ATTRIBUTE)].map((m) => [m[1]!, unquoted(m[2]!)] as const),
    );
    const [start, end] = (attributes.get('lines') ?? '').split('-').map(Number);
    const n = Number(attributes.get('n'));
    const path = attributes.get('path');
    if (!path || !Number.isInteger(n) || !start || !end) continue;
    const page = Number(attributes.get('page'));
    const heading = attributes.get('heading');
    passages.push({
      n,
      path,
      startLine: start,
      endLine: end,
      version: Number(attributes.get('version')) || 0,
      ...(page ? { page } : {}),
      ...(heading ? { heading } : {}),
      text: match[2]!,
    });
  }
  return passages;
}

/** One "[n]" in a reply's text. */
export interface CitationMark {
  /** Offset of "[" in the text. */
  index: number;
  /** Length of the mark ("[12]" is 4). */
  length: number;
  n: number;
  /** The passage it cites; undefined when no passage of that number was retrieved. */
  passage?: KnowledgePassage;
}

/** "[1]", "[12]"; not "[1](url)" (a link) nor "[x]" (a checkbox). */
const MARK = /\[(\d{1,3})\](?!\()/g;

/** The citation marks of `text`, each with the retrieved passage it names, in order. */
export function findCitations(text: string, passages: readonly KnowledgePassage[]): CitationMark[] {
  const byNumber = new Map(passages.map((p) => [p.n, p]));
  return [...text.matchAll(MARK)].map((match) => {
    const n = Number(match[1]);
    const passage = byNumber.get(n);
    return { index: match.index, length: match[0].length, n, ...(passage ? { passage } : {}) };
  });
}
