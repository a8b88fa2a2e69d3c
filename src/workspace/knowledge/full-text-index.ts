/**
 * Full-text search over knowledge passages with MiniSearch: BM25 scores, prefix matches
 * ("config" finds "configuration") and fuzzy matches for longer words (typos), headings
 * and paths weighted above body text. Common English words are left out of the index and
 * of queries, so a question in plain words ranks by what it is about.
 */
import MiniSearch from 'minisearch';
import type { KnowledgeChunkRecord } from '../../store/knowledge-store';

const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can do does for from has have how i if in into is it its ' +
    'me my no not of on or our so that the their then there these this to was we what when ' +
    'where which who why will with you your'
  ).split(' '),
);

/** Lower-cased words, stop words left out; identifiers split at "_" like other punctuation. */
function processTerm(term: string): string | null {
  const word = term.toLowerCase();
  return word.length < 2 || STOP_WORDS.has(word) ? null : word;
}

/** One full-text hit: the chunk's id and its BM25 score. */
export interface FullTextHit {
  id: string;
  score: number;
}

type Indexed = Pick<KnowledgeChunkRecord, 'id' | 'path' | 'heading' | 'text'>;

/** The index of one workspace's passages; fed whole at open, then file by file. */
export class FullTextIndex {
  private readonly search = new MiniSearch<Indexed>({
    fields: ['text', 'heading', 'path'],
    storeFields: [],
    processTerm,
    searchOptions: {
      boost: { heading: 2, path: 1.5 },
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      maxFuzzy: 2,
    },
  });

  get size(): number {
    return this.search.documentCount;
  }

  add(chunks: readonly Indexed[]): void {
    this.search.addAll(chunks.map(({ id, path, heading, text }) => ({ id, path, heading, text })));
  }

  remove(ids: readonly string[]): void {
    for (const id of ids) if (this.search.has(id)) this.search.discard(id);
  }

  /** The best `limit` chunks for `query`, best first; [] for a query of only stop words. */
  query(query: string, limit: number): FullTextHit[] {
    return this.search
      .search(query)
      .slice(0, limit)
      .map((result) => ({ id: String(result.id), score: result.score }));
  }
}
