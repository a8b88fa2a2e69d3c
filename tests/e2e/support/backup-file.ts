import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

const MANIFEST = 'cove-backup.json';

/** A backup's manifest as plain JSON, the way someone editing the file would see it. */
export type BackupManifest = Record<string, unknown> & {
  workspaces: { id: string; name: string }[];
  files: Record<string, unknown>[];
  settings: { key: string; value: unknown }[];
  sessions: Record<string, unknown>[];
  nodes: Record<string, unknown>[];
};

/** The same backup with its manifest edited by `edit`: a backup someone tampered with. */
export function editBackup(bytes: Uint8Array, edit: (manifest: BackupManifest) => void): Buffer {
  const entries = unzipSync(bytes);
  const manifest = JSON.parse(strFromU8(entries[MANIFEST]!)) as BackupManifest;
  edit(manifest);
  entries[MANIFEST] = strToU8(JSON.stringify(manifest));
  return Buffer.from(zipSync(entries));
}

/** The text of `path` in the backup (files are stored under their own entries). */
export function fileInBackup(bytes: Uint8Array, path: string): string | undefined {
  const entries = unzipSync(bytes);
  const manifest = JSON.parse(strFromU8(entries[MANIFEST]!)) as BackupManifest;
  const row = manifest.files.find((file) => file.path === path);
  const entry = row && typeof row.entry === 'string' ? entries[row.entry] : undefined;
  return entry && strFromU8(entry);
}
