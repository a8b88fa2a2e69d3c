import Dexie, { type EntityTable } from 'dexie';
import type {
  FileRecord,
  NodeRecord,
  SessionRecord,
  SettingRecord,
  WorkspaceRecord,
} from './records';

/**
 * The IndexedDB schema. Bump SCHEMA_VERSION with a new `version(n)` block (never edit an old
 * one) and add a frozen fixture of the previous version to tests/unit/store/migrations.
 */
export const SCHEMA_VERSION = 1;

export class CoveDatabase extends Dexie {
  workspaces!: EntityTable<WorkspaceRecord, 'id'>;
  files!: Dexie.Table<FileRecord, [string, string]>;
  settings!: EntityTable<SettingRecord, 'key'>;
  sessions!: EntityTable<SessionRecord, 'id'>;
  nodes!: EntityTable<NodeRecord, 'id'>;

  constructor(name: string) {
    super(name);
    this.version(SCHEMA_VERSION).stores({
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
  }
}
