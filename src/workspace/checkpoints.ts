import type { Clock } from '../base/clock';
import { workspaceError } from './workspace-errors';
import { newId as randomId } from '../base/ids';
import { hashContent } from '../store/blob-hash';
import type { CheckpointRecord, CheckpointStore, FileState } from '../store/checkpoint-store';
import { fileMeta, type FileContent, type FileMeta, type FileRecord } from '../store/records';
import { bytesOfContent } from './file-content';
import { subtree, indexListing } from './file-plans';
import { ancestorsOf, normalizePath } from './paths';
import {
  planPathRewinds,
  rewindBatch,
  type ChangedByHand,
  type FileRewindStep,
  type RewindAction,
} from './rewind-plan';
import type { WorkspaceFiles } from './workspace-files';

/** One file of a rewind preview. */
export interface FileRewind extends FileRewindStep {
  action: RewindAction;
  /** 'yes' when the file changed after the agent wrote it: the rewind would overwrite that. */
  changedByHand: ChangedByHand;
  /** The blob address of `restored` (null with it). */
  restoredHash: string | null;
}

/**
 * What a rewind will do, for a preview and a confirmation. Made by `planRewind`, carried out
 * by `rewind` as it is (if a file changes in between, the rewind refuses and writes nothing).
 */
export interface RewindPlan {
  checkpoint: CheckpointRecord;
  /** Every path the agent touched from the checkpoint on, sorted by path. */
  files: FileRewind[];
}

export interface RewindResult {
  /** Paths written or deleted. */
  changed: string[];
  /**
   * A checkpoint of the files as they were just before the rewind (kind `rewind`): plan and
   * rewind to it to undo the rewind. Null when nothing changed.
   */
  undo: CheckpointRecord | null;
}

const decoder = new TextDecoder();

/** Content in the kind it was recorded as: blobs are shared by text and identical bytes. */
function asKind(content: FileContent, binary: boolean): FileContent {
  if (binary) return bytesOfContent(content);
  return typeof content === 'string' ? content : decoder.decode(content);
}

async function stateOf(row: FileRecord | undefined): Promise<FileState> {
  if (!row || row.kind !== 'file') return { blobHash: null, version: null, binary: false };
  return {
    blobHash: await hashContent(row.content),
    version: row.version,
    binary: typeof row.content !== 'string',
  };
}

/**
 * Checkpoints of one workspace's files, so what an agent turn did can be undone.
 *
 * The seam for the session engine (not wired here):
 * 1. Before a turn's tool call writes, moves or deletes files, `record(sessionId, nodeId,
 *    paths)` with every path it will touch (both ends of a move; a folder stands for the
 *    files in it). Calls for the same node merge into one checkpoint until it is settled,
 *    and the first state recorded for a path wins, so recording just before each write is
 *    right.
 * 2. When the turn ends (done, error or aborted: in a `finally`), `settle(checkpoint)`
 *    notes what the turn left, so a later rewind can tell hand edits from the agent's.
 * 3. "Rewind files to here": `planRewind(checkpoint)` for a preview, then `rewind(plan)`.
 */
export class CheckpointService {
  private readonly newId: () => string;

  constructor(
    private readonly files: WorkspaceFiles,
    private readonly store: CheckpointStore,
    private readonly clock: Clock,
    options: { newId?: () => string } = {},
  ) {
    this.newId = options.newId ?? randomId;
  }

  /**
   * Records the current state of `paths` (content, or absent) for a turn of `nodeId` about
   * to change them. Paths are normalized (CoveError on a bad one, nothing recorded); a
   * folder records every file under it. Returns the checkpoint (merged, see above).
   */
  async record(sessionId: string, nodeId: string, paths: readonly string[]) {
    const rows = await this.readFiles(paths);
    return this.store.record({
      id: this.newId(),
      sessionId,
      workspaceId: this.files.workspaceId,
      nodeId,
      kind: 'turn',
      createdAt: this.clock.now(),
      files: rows.map(({ path, row }) => ({
        path,
        content: row?.content ?? null,
        version: row?.version ?? null,
      })),
    });
  }

  /**
   * Notes what the turn left at each of the checkpoint's paths (see the class comment),
   * including paths merged in after `checkpoint` was returned.
   */
  async settle(checkpoint: CheckpointRecord): Promise<CheckpointRecord> {
    const stored = (await this.store.get(checkpoint.id)) ?? checkpoint;
    const after = await Promise.all(
      stored.files.map(async (file) => ({
        path: file.path,
        ...(await stateOf(await this.files.find(file.path))),
      })),
    );
    return this.store.settle(checkpoint.id, after, this.clock.now());
  }

  /**
   * What rewinding to `checkpoint` changes: every path recorded in it or in a later
   * checkpoint of its session goes back to its state at the checkpoint. Reads the files and
   * the blobs; writes nothing. CoveError `is-folder` when a file must come back where a
   * folder is now.
   */
  async planRewind(checkpoint: CheckpointRecord): Promise<RewindPlan> {
    if (checkpoint.workspaceId !== this.files.workspaceId) {
      throw workspaceError('wrong-workspace', { variant: 'checkpoint' });
    }
    const history = (await this.store.list(checkpoint.sessionId)).filter(
      (row) => row.seq >= checkpoint.seq,
    );
    if (!history.some((row) => row.id === checkpoint.id)) history.unshift(checkpoint);
    const paths = [...new Set(history.flatMap((row) => row.files.map((file) => file.path)))];
    const rows = new Map<string, FileRecord | undefined>();
    const now = new Map<string, FileState>();
    await Promise.all(
      paths.map(async (path) => {
        const row = await this.files.find(path);
        rows.set(path, row);
        now.set(path, await stateOf(row));
      }),
    );
    const rewinds = planPathRewinds(history, now);
    const needed = rewinds
      .filter((r) => r.action !== 'unchanged' && r.target.blobHash !== null)
      .map((r) => r.target.blobHash!);
    const blobs = needed.length ? await this.store.blobs(needed) : new Map();
    return {
      checkpoint,
      files: rewinds.map((r) => {
        const row = rows.get(r.path);
        if (row?.kind === 'folder' && r.target.blobHash !== null) {
          throw workspaceError('is-folder', { variant: 'rewind', path: r.path });
        }
        const content = r.target.blobHash === null ? null : blobs.get(r.target.blobHash);
        return {
          path: r.path,
          action: r.action,
          changedByHand: r.changedByHand,
          current:
            row?.kind === 'file'
              ? { version: row.version, content: row.content, blobHash: now.get(r.path)!.blobHash! }
              : null,
          restoredHash: r.action === 'unchanged' ? null : r.target.blobHash,
          restored:
            r.action === 'unchanged' || content == null ? null : asKind(content, r.target.binary),
        };
      }),
    };
  }

  /**
   * `plan` for `path` alone: the whole file back as it was at the checkpoint, or, with
   * `text`, the file set to `text` (part of its change put back, e.g. one hunk). Carried
   * out by {@link rewind} like any plan: recorded first, so it can be undone and later
   * rewinds know it. Undefined when `plan` does not touch `path`.
   */
  async narrow(plan: RewindPlan, path: string, text?: string): Promise<RewindPlan | undefined> {
    const step = plan.files.find((file) => file.path === normalizePath(path));
    if (!step || step.action === 'unchanged') return undefined;
    if (text === undefined) return { checkpoint: plan.checkpoint, files: [step] };
    if (!step.current) return undefined;
    const partial: FileRewind = {
      ...step,
      action: 'restore',
      restored: text,
      restoredHash: await hashContent(text),
    };
    return { checkpoint: plan.checkpoint, files: [partial] };
  }

  /**
   * Carries out a plan as ONE atomic batch: every file goes back or none does. Each file
   * must still be at the version the plan read (else CoveError `conflict`/`exists`/`missing`
   * and nothing is written: plan again). First records an undo checkpoint of the files
   * about to be overwritten (for `nodeId`, by default the checkpoint's node); if the batch
   * then fails, the undo checkpoint is taken back.
   */
  async rewind(plan: RewindPlan, options: { nodeId?: string } = {}): Promise<RewindResult> {
    const steps = plan.files.filter((file) => file.action !== 'unchanged');
    if (!steps.length) return { changed: [], undo: null };
    const undo = await this.store.record({
      id: this.newId(),
      sessionId: plan.checkpoint.sessionId,
      workspaceId: this.files.workspaceId,
      nodeId: options.nodeId ?? plan.checkpoint.nodeId,
      kind: 'rewind',
      createdAt: this.clock.now(),
      files: steps.map((step) => ({
        path: step.path,
        content: step.current?.content ?? null,
        version: step.current?.version ?? null,
        hash: step.current?.blobHash,
      })),
    });
    let written: FileRecord[];
    try {
      written = await this.files.apply(rewindBatch(steps, await this.foldersOf(steps)));
    } catch (error) {
      await this.store.delete(undo.id);
      throw error;
    }
    const versions = new Map(written.map((row) => [row.path, row.version]));
    // What goes back is a blob's content, so its hash is the blob's address.
    const after = steps.map((step) => ({
      path: step.path,
      blobHash: step.restored === null ? null : step.restoredHash,
      version: step.restored === null ? null : (versions.get(step.path) ?? null),
      binary: step.restored !== null && typeof step.restored !== 'string',
    }));
    return {
      changed: steps.map((step) => step.path),
      undo: await this.store.settle(undo.id, after, this.clock.now()),
    };
  }

  /**
   * The entries at the ancestors of files that come back: all the batch needs to create
   * missing folders, without listing a big workspace.
   */
  private async foldersOf(steps: readonly FileRewindStep[]): Promise<FileMeta[]> {
    const folders = new Set(
      steps
        .filter((step) => !step.current && step.restored !== null)
        .flatMap((step) => ancestorsOf(step.path)),
    );
    const rows = await Promise.all([...folders].map((path) => this.files.find(path)));
    return rows.filter((row) => row !== undefined).map(fileMeta);
  }

  /** The rows at `paths` (normalized), a folder expanded to the files under it. */
  private async readFiles(paths: readonly string[]) {
    const normal = [...new Set(paths.map(normalizePath))];
    const found: { path: string; row: FileRecord | undefined }[] = [];
    let listing: ReturnType<typeof indexListing> | undefined;
    for (const path of normal) {
      const row = await this.files.find(path);
      if (row?.kind !== 'folder') {
        found.push({ path, row });
        continue;
      }
      listing ??= indexListing(await this.files.list());
      for (const entry of subtree(listing, path).reverse()) {
        if (entry.kind === 'file')
          found.push({ path: entry.path, row: await this.files.find(entry.path) });
      }
    }
    return found;
  }
}
