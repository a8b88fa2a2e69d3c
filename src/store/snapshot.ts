import { CoveError } from '../base/errors';
import type { FileRecord, SettingRecord, WorkspaceRecord } from './records';

/** All of Cove's rows. New tables are added here (and to validation) as they land. */
export interface StoreSnapshot {
  workspaces: WorkspaceRecord[];
  files: FileRecord[];
  settings: SettingRecord[];
}

const invalid = (what: string) =>
  new CoveError(
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
  if (!Array.isArray(workspaces) || !Array.isArray(files) || !Array.isArray(settings)) {
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
  return value as unknown as StoreSnapshot;
}
