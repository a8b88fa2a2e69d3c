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

const invalid = (what: string) =>
  storeError(
    'backup-invalid',
    `This backup is damaged or not a Cove backup: ${what}.`,
    'Nothing was changed. Choose a file made by "Download backup".',
  );

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function expectString(row: Record<string, unknown>, key: string, where: string): void {
  if (typeof row[key] !== 'string' || row[key] === '') throw invalid(`${where} has no ${key}`);
}

function expectNumber(row: Record<string, unknown>, key: string, where: string): void {
  if (typeof row[key] !== 'number' || !Number.isFinite(row[key])) {
    throw invalid(`${where} has no valid ${key}`);
  }
}

/**
 * Checks a parsed snapshot row by row and returns it typed. Throws a CoveError naming the
 * first problem. Checks shapes, duplicate keys and that every file belongs to a workspace
 * of the backup; path rules are checked by the caller, which owns them.
 */
export function validateSnapshot(value: unknown): StoreSnapshot {
  if (!isRecord(value)) throw invalid('no tables');
  const { workspaces, files, settings } = value;
  // Backups made before sessions existed have no session tables: read them as empty.
  const sessions = value.sessions ?? [];
  const nodes = value.nodes ?? [];
  if (
    !Array.isArray(workspaces) ||
    !Array.isArray(files) ||
    !Array.isArray(settings) ||
    !Array.isArray(sessions) ||
    !Array.isArray(nodes)
  ) {
    throw invalid('a table is missing');
  }
  const workspaceIds = new Set<string>();
  workspaces.forEach((row, i) => {
    const where = `workspace #${i + 1}`;
    if (!isRecord(row)) throw invalid(`${where} is not an object`);
    expectString(row, 'id', where);
    expectString(row, 'name', where);
    expectNumber(row, 'createdAt', where);
    expectNumber(row, 'updatedAt', where);
    if (workspaceIds.has(row.id as string)) throw invalid(`workspace id ${row.id} appears twice`);
    workspaceIds.add(row.id as string);
  });
  const fileKeys = new Set<string>();
  files.forEach((row, i) => {
    const where = `file #${i + 1}`;
    if (!isRecord(row)) throw invalid(`${where} is not an object`);
    expectString(row, 'workspaceId', where);
    expectString(row, 'path', where);
    expectNumber(row, 'size', where);
    expectNumber(row, 'mtime', where);
    expectNumber(row, 'version', where);
    if (row.kind !== 'file' && row.kind !== 'folder') throw invalid(`${where} has no valid kind`);
    if (typeof row.content !== 'string' && !(row.content instanceof Uint8Array)) {
      throw invalid(`${where} has no content`);
    }
    if (!workspaceIds.has(row.workspaceId as string)) {
      throw invalid(`${where} belongs to a workspace that is not in the backup`);
    }
    const key = `${row.workspaceId}\u0000${row.path}`;
    if (fileKeys.has(key)) throw invalid(`${row.path} appears twice in one workspace`);
    fileKeys.add(key);
  });
  const settingKeys = new Set<string>();
  settings.forEach((row, i) => {
    const where = `setting #${i + 1}`;
    if (!isRecord(row)) throw invalid(`${where} is not an object`);
    expectString(row, 'key', where);
    if (settingKeys.has(row.key as string)) throw invalid(`setting ${row.key} appears twice`);
    settingKeys.add(row.key as string);
  });
  const sessionIds = new Set<string>();
  sessions.forEach((row, i) => {
    const where = `session #${i + 1}`;
    if (!isRecord(row)) throw invalid(`${where} is not an object`);
    expectString(row, 'id', where);
    expectString(row, 'workspaceId', where);
    expectNumber(row, 'createdAt', where);
    expectNumber(row, 'updatedAt', where);
    if (typeof row.title !== 'string') throw invalid(`${where} has no title`);
    if (row.mode !== 'chat' && row.mode !== 'agent') throw invalid(`${where} has no valid mode`);
    if (row.leafId !== null && typeof row.leafId !== 'string')
      throw invalid(`${where} has no valid leaf`);
    if (!workspaceIds.has(row.workspaceId as string)) {
      throw invalid(`${where} belongs to a workspace that is not in the backup`);
    }
    if (sessionIds.has(row.id as string)) throw invalid(`session id ${row.id} appears twice`);
    sessionIds.add(row.id as string);
  });
  const nodeParents = new Map<string, string | null>();
  const nodeSessions = new Map<string, string>();
  nodes.forEach((row, i) => {
    const where = `message #${i + 1}`;
    if (!isRecord(row)) throw invalid(`${where} is not an object`);
    expectString(row, 'id', where);
    expectString(row, 'sessionId', where);
    expectNumber(row, 'startedAt', where);
    if (typeof row.content !== 'string') throw invalid(`${where} has no content`);
    if (!['system', 'user', 'assistant', 'tool', 'compaction'].includes(row.role as string)) {
      throw invalid(`${where} has no valid role`);
    }
    if (row.parentId !== null && typeof row.parentId !== 'string')
      throw invalid(`${where} has no valid parent`);
    if (!sessionIds.has(row.sessionId as string)) {
      throw invalid(`${where} belongs to a session that is not in the backup`);
    }
    if (nodeParents.has(row.id as string)) throw invalid(`message id ${row.id} appears twice`);
    nodeParents.set(row.id as string, row.parentId as string | null);
    nodeSessions.set(row.id as string, row.sessionId as string);
  });
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
  for (const row of sessions as Record<string, unknown>[]) {
    if (row.leafId !== null && nodeSessions.get(row.leafId as string) !== row.id) {
      throw invalid(`session ${row.id} points to a message that is not in it`);
    }
  }
  return { workspaces, files, settings, sessions, nodes } as unknown as StoreSnapshot;
}
