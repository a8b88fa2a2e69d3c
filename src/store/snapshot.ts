import { rowProblem } from './row-schemas';
import { storeError } from './store-errors';
import type {
  FileRecord,
  NodeRecord,
  SessionRecord,
  SettingRecord,
  WorkspaceRecord,
} from './records';

/** All of Cove's rows. New tables are added here (and to validation) as they land. */
export interface StoreSnapshot {
  workspaces: WorkspaceRecord[];
  files: FileRecord[];
  settings: SettingRecord[];
  sessions: SessionRecord[];
  nodes: NodeRecord[];
}

const SNAPSHOT_TABLES = ['workspaces', 'files', 'settings', 'sessions', 'nodes'] as const;

const invalid = (what: string) => storeError('backup-invalid', { detail: what });

/** How a row is named in a refusal, so the person can find it in the backup. */
function rowName(table: SnapshotTable, row: unknown, index: number): string {
  const fields = typeof row === 'object' && row !== null ? (row as Record<string, unknown>) : {};
  const named = (label: string, value: unknown) =>
    typeof value === 'string' && value !== '' ? `${label} "${value}"` : `${label} #${index + 1}`;
  switch (table) {
    case 'workspaces':
      return named('workspace', fields.id);
    case 'files':
      return named('file', fields.path);
    case 'settings':
      return named('setting', fields.key);
    case 'sessions':
      return named('session', fields.id);
    case 'nodes':
      return named('message', fields.id);
  }
}

type SnapshotTable = keyof StoreSnapshot;

/**
 * Checks every row of `table` with the schema the store reads it with (row-schemas.ts), so
 * a backup can never write a row that the next start would have to set aside.
 */
function checkRows(table: SnapshotTable, rows: unknown[]): Record<string, unknown>[] {
  rows.forEach((row, index) => {
    const problem = rowProblem(table, row);
    if (problem) throw invalid(`${rowName(table, row, index)} is damaged (${problem})`);
  });
  return rows as Record<string, unknown>[];
}

/** Throws `duplicate` when `key` was seen before; remembers it otherwise. */
function once(seen: Set<string>, key: string, duplicate: string): void {
  if (seen.has(key)) throw invalid(duplicate);
  seen.add(key);
}

/**
 * Checks a parsed snapshot row by row and returns it typed. Throws a CoveError naming the
 * first problem and its row. Checks every row against the store's row schemas, duplicate
 * keys, and the links between rows (every file and session in a workspace of the backup,
 * every message in a session, parents in the same session and reaching a root); path rules
 * are checked by the caller, which owns them.
 */
export function validateSnapshot(value: unknown): StoreSnapshot {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('no tables');
  }
  const tables = value as Record<string, unknown>;
  // Backups made before sessions existed have no session tables: read them as empty.
  const raw: Record<string, unknown> = {
    ...tables,
    sessions: tables.sessions ?? [],
    nodes: tables.nodes ?? [],
  };
  for (const table of SNAPSHOT_TABLES) {
    if (!Array.isArray(raw[table])) throw invalid(`the ${table} table is missing`);
  }
  const workspaces = checkRows('workspaces', raw.workspaces as unknown[]);
  const files = checkRows('files', raw.files as unknown[]);
  const settings = checkRows('settings', raw.settings as unknown[]);
  const sessions = checkRows('sessions', raw.sessions as unknown[]);
  const nodes = checkRows('nodes', raw.nodes as unknown[]);

  const workspaceIds = new Set<string>();
  for (const row of workspaces) {
    once(workspaceIds, row.id as string, `workspace id ${String(row.id)} appears twice`);
  }
  const fileKeys = new Set<string>();
  for (const row of files) {
    if (!workspaceIds.has(row.workspaceId as string)) {
      throw invalid(`file "${String(row.path)}" belongs to a workspace that is not in the backup`);
    }
    const key = `${String(row.workspaceId)}\u0000${String(row.path)}`;
    once(fileKeys, key, `${String(row.path)} appears twice in one workspace`);
  }
  const settingKeys = new Set<string>();
  for (const row of settings) {
    once(settingKeys, row.key as string, `setting ${String(row.key)} appears twice`);
  }
  const sessionIds = new Set<string>();
  for (const row of sessions) {
    if (!workspaceIds.has(row.workspaceId as string)) {
      throw invalid(`session "${String(row.id)}" belongs to a workspace that is not in the backup`);
    }
    once(sessionIds, row.id as string, `session id ${String(row.id)} appears twice`);
  }
  const nodeParents = new Map<string, string | null>();
  const nodeSessions = new Map<string, string>();
  for (const row of nodes) {
    if (!sessionIds.has(row.sessionId as string)) {
      throw invalid(`message "${String(row.id)}" belongs to a session that is not in the backup`);
    }
    if (nodeParents.has(row.id as string)) {
      throw invalid(`message id ${String(row.id)} appears twice`);
    }
    nodeParents.set(row.id as string, row.parentId as string | null);
    nodeSessions.set(row.id as string, row.sessionId as string);
  }
  // Every parent must exist in the same session, and following parents must reach a root.
  for (const [id, parent] of nodeParents) {
    if (parent === null) continue;
    if (!nodeParents.has(parent) || nodeSessions.get(parent) !== nodeSessions.get(id)) {
      throw invalid(`message ${id} points to a parent that is not in its session`);
    }
  }
  const reachesRoot = new Set<string>();
  for (const start of nodeParents.keys()) {
    const seen = new Set<string>();
    let current: string | null = start;
    while (current !== null && !reachesRoot.has(current)) {
      if (seen.has(current)) throw invalid('the messages of a session form a cycle');
      seen.add(current);
      current = nodeParents.get(current) ?? null;
    }
    for (const id of seen) reachesRoot.add(id);
  }
  for (const row of sessions) {
    if (row.leafId !== null && nodeSessions.get(row.leafId as string) !== row.id) {
      throw invalid(`session ${String(row.id)} points to a message that is not in it`);
    }
  }
  return { workspaces, files, settings, sessions, nodes } as unknown as StoreSnapshot;
}
