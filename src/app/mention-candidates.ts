/**
 * What an `@` mention can name: the workspace's files and folders and the Python functions
 * and classes defined in its files, and the few of them that match what follows the `@`.
 * Pure: the caller lists the workspace and parses the files.
 */
import type { PythonSymbol } from '../agent/python-symbols';
import type { FileMeta } from '../store/records';
import type { FuzzyMatcher } from '../workspace/fuzzy-match';

/** One thing the mention menu offers. */
export type MentionCandidate =
  | { kind: 'file'; path: string }
  | { kind: 'folder'; path: string }
  | {
      kind: 'symbol';
      path: string;
      /** The name as defined; `qualified` adds its classes ("Shape.area"). */
      name: string;
      qualified: string;
      symbolKind: PythonSymbol['kind'];
      line: number;
    };

/** The Python symbols of one file, for {@link mentionCandidates}. */
export interface FileSymbols {
  path: string;
  symbols: readonly PythonSymbol[];
}

/** Files and folders in path order, then symbols file by file in source order. */
export function mentionCandidates(
  entries: readonly FileMeta[],
  symbols: readonly FileSymbols[] = [],
): MentionCandidate[] {
  const paths: MentionCandidate[] = entries.map((entry) => ({
    kind: entry.kind === 'folder' ? 'folder' : 'file',
    path: entry.path,
  }));
  const defined = symbols.flatMap((file) =>
    file.symbols.map((symbol): MentionCandidate => ({
      kind: 'symbol',
      path: file.path,
      name: symbol.name,
      qualified: symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name,
      symbolKind: symbol.kind,
      line: symbol.line,
    })),
  );
  return [...paths, ...defined];
}

/** What the menu shows and the list's option is named by: a path, or a symbol's name. */
export function candidateLabel(candidate: MentionCandidate): string {
  if (candidate.kind === 'folder') return `${candidate.path}/`;
  if (candidate.kind === 'symbol') return candidate.qualified;
  return candidate.path;
}

/** The line under the label: what kind of thing it is and where. */
export function candidateDetail(candidate: MentionCandidate): string {
  if (candidate.kind === 'symbol') {
    return `${candidate.symbolKind} · ${candidate.path}:${candidate.line}`;
  }
  return candidate.kind;
}

/** What the message text holds for a picked mention: a readable `@path` token. */
export function mentionToken(candidate: MentionCandidate): string {
  if (candidate.kind === 'symbol') return `@${candidate.path}:${candidate.line}`;
  return `@${candidateLabel(candidate)}`;
}

/** A key that is the same for the same thing (a mention is attached once). */
export function candidateKey(candidate: MentionCandidate): string {
  return candidate.kind === 'symbol'
    ? `symbol:${candidate.path}:${candidate.line}:${candidate.name}`
    : `${candidate.kind}:${candidate.path}`;
}

/**
 * At most `limit` candidates matching `query` (fuzzy, as quick open: `match` is
 * fuzzy-match.ts's fuzzyMatch), best first. An empty query lists files and folders first,
 * in path order. Files rank before symbols of equal
 * score: a path is what a person most often means.
 */
export function filterMentions(
  candidates: readonly MentionCandidate[],
  query: string,
  match: FuzzyMatcher,
  limit = 30,
): MentionCandidate[] {
  if (!query) return candidates.slice(0, limit);
  const ranked: { candidate: MentionCandidate; score: number; index: number }[] = [];
  candidates.forEach((candidate, index) => {
    // A folder is matched by its path: with the trailing slash its own name would be empty.
    const text = candidate.kind === 'folder' ? candidate.path : candidateLabel(candidate);
    const found = match(query, text);
    if (found) ranked.push({ candidate, score: found.score, index });
  });
  ranked.sort((a, b) => b.score - a.score || a.index - b.index);
  return ranked.slice(0, limit).map((entry) => entry.candidate);
}
