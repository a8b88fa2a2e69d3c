import Dexie, { type EntityTable } from 'dexie';
import { dehydrateNodes, putAttachmentBlobs, type AttachmentBlobRecord } from './attachment-blobs';
import type { BlobRecord, CheckpointRecord } from './checkpoint-store';
import {
  fileMeta,
  type FileMeta,
  type FileRecord,
  type NodeRecord,
  type SessionRecord,
  type SettingRecord,
  type WorkspaceRecord,
} from './records';
import type {
  KnowledgeChunkRecord,
  KnowledgeFileRecord,
  KnowledgeSourceRecord,
  KnowledgeVectorRecord,
} from './knowledge-store';
import type { LogRecord } from './log-store';
import type { OutlineRecord } from './node-outline';
import { repairStoredPaths, type PathRenamePlanner } from './path-repair-migration';
import type { RunRecord, RunStepRecord } from './run-store';
import type { SetAsideRecord } from './set-aside-store';
import type { TrashRecord } from './trash-store';
import { generateSecretKey, createAesGcmCipher } from './secret-cipher';
import { isSecretSetting } from './settings-store';
import { hasPlaintext, sealSecretValue } from './secret-values';

/**
 * The IndexedDB schema. Bump SCHEMA_VERSION with a new `version(n)` block (never edit an old
 * one) and add a frozen fixture of the previous version to tests/unit/store/migrations.
 */
export const SCHEMA_VERSION = 10;

/** The row of `profileKeys` that holds the key secret settings are sealed with. */
export const SECRETS_KEY_ID = 'secrets';

/**
 * A key that belongs to this browser profile. `key` is a non-extractable CryptoKey: IndexedDB
 * stores it by structured clone, so it can be used after a reload but its bytes can be
 * read by nobody, script included.
 */
export interface ProfileKeyRecord {
  id: string;
  key: CryptoKey;
  createdAt: number;
}

export class CoveDatabase extends Dexie {
  workspaces!: EntityTable<WorkspaceRecord, 'id'>;
  files!: Dexie.Table<FileRecord, [string, string]>;
  /**
   * Every row of `files` without its content (FileMeta), same key: listings read this and
   * never load contents. Every write of `files` writes it in the same transaction.
   */
  fileMeta!: Dexie.Table<FileMeta, [string, string]>;
  settings!: EntityTable<SettingRecord, 'key'>;
  sessions!: EntityTable<SessionRecord, 'id'>;
  nodes!: EntityTable<NodeRecord, 'id'>;
  profileKeys!: EntityTable<ProfileKeyRecord, 'id'>;
  /** Declared in version 1, used since checkpoints (dexie-checkpoint-store.ts). */
  checkpoints!: EntityTable<CheckpointRecord, 'id'>;
  blobs!: EntityTable<BlobRecord, 'hash'>;
  /** Declared in version 1, used since traces (dexie-run-store.ts); `status` indexed in 4. */
  runs!: EntityTable<RunRecord, 'id'>;
  runSteps!: EntityTable<RunStepRecord, 'id'>;
  /** The app log's ring buffer (dexie-log-store.ts), since version 4. */
  logs!: EntityTable<LogRecord, 'seq'>;
  /** Damaged rows moved out of their tables by the row guard (dexie-row-guard.ts), since 5. */
  setAside!: EntityTable<SetAsideRecord, 'id'>;
  /** Recently deleted conversations and branches (dexie-trash-store.ts), since 7. */
  trash!: EntityTable<TrashRecord, 'id'>;
  /** Each session's tree without bodies, a cache checked on every read (node-outline.ts), since 8. */
  outlines!: EntityTable<OutlineRecord, 'sessionId'>;
  /** The knowledge index (dexie-knowledge-store.ts), since 9. */
  knowledgeSources!: Dexie.Table<KnowledgeSourceRecord, [string, string]>;
  knowledgeFiles!: Dexie.Table<KnowledgeFileRecord, [string, string]>;
  knowledgeChunks!: EntityTable<KnowledgeChunkRecord, 'id'>;
  knowledgeVectors!: Dexie.Table<KnowledgeVectorRecord, [string, string]>;
  /** Attachments' large texts, once per content hash (attachment-blobs.ts), since 10. */
  attachmentBlobs!: Dexie.Table<AttachmentBlobRecord, string>;

  /**
   * `now` stamps the profile key a migration creates. `planPathRenames` names the files the
   * schema-6 upgrade renames (src/workspace/path-repair.ts, handed down by the caller: the
   * store cannot import the workspace layer); without it, that upgrade refuses to run when
   * there is a file to rename.
   */
  constructor(
    name: string,
    now: () => number = () => Date.now(),
    planPathRenames?: PathRenamePlanner,
  ) {
    super(name);
    this.version(1).stores({
      workspaces: 'id, updatedAt',
      files: '[workspaceId+path], workspaceId',
      settings: 'key',
      sessions: 'id, workspaceId, updatedAt',
      nodes: 'id, sessionId, parentId, status',
      // Declared now so later features add rows without a schema migration.
      runs: 'id, sessionId, startedAt',
      runSteps: 'id, runId',
      checkpoints: 'id, sessionId, nodeId',
      blobs: 'hash',
      mcpServers: 'id',
    });
    // 2: secret settings (API keys, secret headers) are sealed at rest with a per-profile,
    // non-extractable AES-GCM key kept in `profileKeys`. The upgrade creates the key and
    // seals every plaintext secret in the same versionchange transaction: if anything fails
    // the database stays at version 1 with its data as it was (invariant 5).
    this.version(2)
      .stores({ profileKeys: 'id' })
      .upgrade(async (tx) => {
        const rows = (await tx.table('settings').toArray()) as SettingRecord[];
        const secrets = rows.filter((row) => isSecretSetting(row.key) && hasPlaintext(row.value));
        if (!secrets.length) return;
        // WebCrypto is not IndexedDB: Dexie.waitFor keeps the upgrade transaction alive
        // while it works, so the key and the sealed rows commit together.
        const key = await Dexie.waitFor(generateSecretKey());
        await tx.table('profileKeys').add({ id: SECRETS_KEY_ID, key, createdAt: now() });
        const cipher = createAesGcmCipher(async () => key);
        for (const row of secrets) {
          const value = await Dexie.waitFor(sealSecretValue(row.value, cipher));
          await tx.table('settings').put({ key: row.key, value });
        }
      });
    // 3: `fileMeta` mirrors `files` without contents, so a tree, list_files or a search of
    // names never loads file contents. The upgrade fills it from `files` one row at a time
    // (a cursor, not one array of every content) in the versionchange transaction: a
    // failure leaves version 2 as it was.
    this.version(3)
      .stores({ fileMeta: '[workspaceId+path], workspaceId' })
      .upgrade(async (tx) => {
        const metas: FileMeta[] = [];
        await tx
          .table('files')
          .toCollection()
          .each((row: FileRecord) => {
            metas.push(fileMeta(row));
          });
        if (metas.length) await tx.table('fileMeta').bulkPut(metas);
      });
    // 4: the app log (`logs`, an auto-incremented ring buffer) and runs indexed by `status`,
    // so the runs a closed tab left `running` are found at start without a scan. Runs were
    // never written before this version: nothing to migrate, only new indexes.
    this.version(4).stores({
      runs: 'id, sessionId, startedAt, status',
      logs: '++seq, at',
    });
    // 5: `setAside`, where a row that fails its table's schema is kept (dexie-row-guard.ts).
    // A new table only: no row moves in the upgrade, damaged rows move when first read.
    this.version(5).stores({ setAside: '++id, table' });
    // 6: files whose path has an empty segment or one padded with spaces (" notes.py"), which
    // older versions stored and normalizePath now refuses, get valid names, and what refers
    // to their paths (checkpoints, open tabs, the unsaved journal) follows; a setting tells
    // the next start to say so (path-repair-migration.ts). No schema change.
    this.version(6)
      .stores({})
      .upgrade((tx) => repairStoredPaths(tx, planPathRenames, now()));
    // 7: `trash`, recently deleted conversations and branches, one row each with the rows
    // to put back (trash-store.ts). A new table only: nothing moves in the upgrade. (6 is the
    // file-name migration.)
    this.version(7).stores({ trash: 'id, workspaceId, sessionId, deletedAt' });
    // 8: `outlines`, each session's tree without message bodies, so opening a long
    // conversation reads one row and its active path instead of every message. A cache:
    // written when a session is opened, nothing to migrate (node-outline.ts).
    this.version(8).stores({ outlines: 'sessionId' });
    // 9: the knowledge index: the files and folders added to a workspace's knowledge, each
    // indexed file's status, its passages and their embeddings (knowledge-store.ts). New
    // tables only: nothing to migrate.
    this.version(9).stores({
      knowledgeSources: '[workspaceId+path], workspaceId',
      knowledgeFiles: '[workspaceId+path], workspaceId',
      knowledgeChunks: 'id, workspaceId, [workspaceId+path]',
      knowledgeVectors: '[id+model], workspaceId, [workspaceId+path]',
    });
    // 10: attachments' large texts (a document's pages, a picture's data: URL) move from
    // their messages to `attachmentBlobs`, one row per content hash, and each node lists the
    // hashes it refers to (`attachmentRefs`, multiEntry) so a sweep finds the unused ones.
    // The upgrade moves every stored message's attachments, one node at a time (WebCrypto
    // hashes under Dexie.waitFor). Entries of Recently deleted keep theirs inline: a node
    // without `attachmentRefs` is read as it is.
    this.version(10)
      .stores({
        nodes: 'id, sessionId, parentId, status, *attachmentRefs',
        attachmentBlobs: 'hash',
      })
      .upgrade(async (tx) => {
        const nodes = tx.table('nodes');
        const attached = (await nodes
          .filter((node: NodeRecord) => !!node.attachments?.length)
          .toArray()) as NodeRecord[];
        for (const node of attached) {
          const { rows, blobs } = await Dexie.waitFor(dehydrateNodes([node]));
          if (!blobs.length) continue;
          await putAttachmentBlobs(tx.table('attachmentBlobs'), blobs);
          await nodes.put(rows[0]);
        }
      });
  }
}
