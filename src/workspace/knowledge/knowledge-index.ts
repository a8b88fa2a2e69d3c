/**
 * One workspace's knowledge: the files and folders the person added, kept indexed as the
 * workspace changes. `sync` compares each covered file's version with the version its
 * passages came from and re-reads only what changed (a file edited, added under a folder
 * of the knowledge, deleted); reads go in batches so a thousand files never sit in memory
 * at once. Runs in the knowledge worker (workers/knowledge.worker.ts) and, unchanged, under
 * Node in tests over the in-memory store.
 */
import type { FileStore } from '../../store/file-store';
import {
  knowledgeChunkId,
  type KnowledgeChunkRecord,
  type KnowledgeFileRecord,
  type KnowledgeFileUpdate,
  type KnowledgeSourceRecord,
  type KnowledgeStore,
} from '../../store/knowledge-store';
import type { FileMeta } from '../../store/records';
import { GIT_FOLDER, visibleOnly } from '../hidden-paths';
import { chunkPages, chunkText } from './knowledge-chunker';
import type { TextExtractor } from './knowledge-extractor';
import { FullTextIndex } from './full-text-index';
import { fuseRankings } from './rank-fusion';
import type { VectorRanker } from './vector-ranker';

/** Files read and indexed per batch (one store read, one store write). */
const BATCH_FILES = 50;
/** Candidates each ranking contributes to a hybrid fusion. */
const FUSION_DEPTH = 50;

export interface KnowledgeIndexDeps {
  workspaceId: string;
  store: KnowledgeStore;
  files: Pick<FileStore, 'list' | 'getMany'>;
  extract: TextExtractor;
  now: () => number;
  /** Ranks by embeddings too when set (an embedding model is chosen). */
  vectors?: VectorRanker;
}

/** What the Knowledge panel shows of one added file or folder. */
export interface KnowledgeEntry {
  path: string;
  kind: 'file' | 'folder';
  files: number;
  chunks: number;
  /** Files skipped (not text) or failed, with the first reason. */
  problems: number;
  problem?: string;
}

/** One retrieved passage with its score. */
export interface KnowledgeHit {
  chunk: KnowledgeChunkRecord;
  score: number;
}

/** Whether `source` covers `path` ('' covers the whole workspace). */
export const covers = (source: string, path: string) =>
  source === '' || path === source || path.startsWith(`${source}/`);

export class KnowledgeIndex {
  private sources: KnowledgeSourceRecord[] = [];
  private readonly files = new Map<string, KnowledgeFileRecord>();
  private readonly chunks = new Map<string, KnowledgeChunkRecord>();
  /** The chunk ids of each file, so dropping a file never scans every chunk. */
  private readonly idsByPath = new Map<string, string[]>();
  private readonly text = new FullTextIndex();

  private constructor(private readonly deps: KnowledgeIndexDeps) {}

  /** Loads what is stored of the workspace's knowledge and brings it up to date. */
  static async open(deps: KnowledgeIndexDeps): Promise<KnowledgeIndex> {
    const index = new KnowledgeIndex(deps);
    const [sources, files, chunks] = await Promise.all([
      deps.store.sources(deps.workspaceId),
      deps.store.files(deps.workspaceId),
      deps.store.chunks(deps.workspaceId),
    ]);
    index.sources = sources;
    for (const file of files) index.files.set(file.path, file);
    index.keep(chunks);
    await deps.vectors?.load(chunks);
    await index.sync();
    return index;
  }

  get chunkCount(): number {
    return this.chunks.size;
  }

  /** Adds a file or folder ('' for everything) and indexes what it holds. */
  async add(path: string): Promise<void> {
    if (!this.sources.some((source) => source.path === path)) {
      const source = { workspaceId: this.deps.workspaceId, path, addedAt: this.deps.now() };
      await this.deps.store.addSource(source);
      this.sources.push(source);
    }
    await this.sync();
  }

  /** Removes a file or folder from the knowledge, with the passages no other source covers. */
  async remove(path: string): Promise<void> {
    await this.deps.store.removeSource(this.deps.workspaceId, path);
    this.sources = this.sources.filter((source) => source.path !== path);
    await this.sync();
  }

  /** Reads every file under `path` again, changed or not. */
  async reindex(path: string): Promise<void> {
    await this.sync((file) => covers(path, file));
  }

  /**
   * Brings the index in step with the workspace: new and changed covered files are read,
   * files gone or no longer covered are dropped. `force` names files to read again even
   * at the same version.
   */
  async sync(force: (path: string) => boolean = () => false): Promise<void> {
    const listing = visibleOnly(
      await this.deps.files.list(this.deps.workspaceId, { without: GIT_FOLDER }),
    );
    const covered = new Map<string, FileMeta>();
    for (const meta of listing) {
      if (meta.kind === 'file' && this.sources.some((source) => covers(source.path, meta.path)))
        covered.set(meta.path, meta);
    }
    const gone = [...this.files.keys()].filter((path) => !covered.has(path));
    if (gone.length) {
      await this.deps.store.removeFiles(this.deps.workspaceId, gone);
      for (const path of gone) this.drop(path);
    }
    const stale = [...covered.values()].filter(
      (meta) => this.files.get(meta.path)?.version !== meta.version || force(meta.path),
    );
    for (let start = 0; start < stale.length; start += BATCH_FILES) {
      await this.indexBatch(stale.slice(start, start + BATCH_FILES).map((meta) => meta.path));
    }
  }

  private keep(chunks: readonly KnowledgeChunkRecord[]): void {
    for (const chunk of chunks) {
      this.chunks.set(chunk.id, chunk);
      const ids = this.idsByPath.get(chunk.path);
      if (ids) ids.push(chunk.id);
      else this.idsByPath.set(chunk.path, [chunk.id]);
    }
    this.text.add(chunks);
  }

  private drop(path: string): void {
    const ids = this.idsByPath.get(path) ?? [];
    this.idsByPath.delete(path);
    this.text.remove(ids);
    for (const id of ids) this.chunks.delete(id);
    this.deps.vectors?.remove(ids);
    this.files.delete(path);
  }

  private async indexBatch(paths: string[]): Promise<void> {
    const { workspaceId, now } = this.deps;
    const records = await this.deps.files.getMany(workspaceId, paths);
    const updates: KnowledgeFileUpdate[] = [];
    for (const [i, record] of records.entries()) {
      const path = paths[i]!;
      if (!record) continue;
      const file = { workspaceId, path, version: record.version, indexedAt: now() };
      try {
        const extracted = await this.deps.extract(path, record.content);
        if (!extracted) {
          updates.push({
            file: { ...file, chunkCount: 0, status: 'skipped', detail: 'not a text file' },
            chunks: [],
          });
          continue;
        }
        const pieces =
          'pages' in extracted
            ? chunkPages(path, extracted.pages)
            : chunkText(path, extracted.text);
        const chunks = pieces.map((piece, ordinal) => ({
          ...piece,
          id: knowledgeChunkId(workspaceId, path, ordinal),
          workspaceId,
          path,
          version: record.version,
        }));
        updates.push({ file: { ...file, chunkCount: chunks.length, status: 'indexed' }, chunks });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        updates.push({ file: { ...file, chunkCount: 0, status: 'failed', detail }, chunks: [] });
      }
    }
    await this.deps.store.putFiles(updates);
    for (const { file, chunks } of updates) {
      this.drop(file.path);
      this.files.set(file.path, file);
      this.keep(chunks);
    }
    await this.deps.vectors?.index(updates.flatMap((update) => update.chunks));
  }

  /**
   * The best `limit` passages for `query`, best first: full text alone, or fused with the
   * embedding ranking by reciprocal rank when embeddings are on and answer.
   */
  async search(query: string, limit: number): Promise<KnowledgeHit[]> {
    const text = this.text.query(query, Math.max(limit, FUSION_DEPTH));
    const semantic = await this.deps.vectors?.query(query, FUSION_DEPTH);
    const ranked = semantic?.length
      ? fuseRankings([text.map((hit) => hit.id), semantic])
      : text.map(({ id, score }) => ({ id, score }));
    return ranked.slice(0, limit).flatMap(({ id, score }) => {
      const chunk = this.chunks.get(id);
      return chunk ? [{ chunk, score }] : [];
    });
  }

  /** The added files and folders with what they hold, sorted by path. */
  entries(): KnowledgeEntry[] {
    return [...this.sources]
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .map((source) => {
        const files = [...this.files.values()].filter((file) => covers(source.path, file.path));
        const problems = files.filter((file) => file.status !== 'indexed');
        const single = files.length === 1 && files[0]!.path === source.path;
        return {
          path: source.path,
          kind: single ? 'file' : 'folder',
          files: files.length,
          chunks: files.reduce((sum, file) => sum + file.chunkCount, 0),
          problems: problems.length,
          ...(problems[0]?.detail ? { problem: `${problems[0].path}: ${problems[0].detail}` } : {}),
        };
      });
  }

  /** The version each indexed file's passages came from. */
  versions(): Record<string, number> {
    return Object.fromEntries([...this.files.values()].map((file) => [file.path, file.version]));
  }
}
