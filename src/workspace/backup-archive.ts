import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { workspaceError } from './workspace-errors';
import { isPassphraseBox, type PassphraseBox } from '../base/passphrase-box';
import type { FileRecord } from '../store/records';
import { isSecretSetting } from '../store/settings-store';
import { validateSnapshot, type StoreSnapshot } from '../store/snapshot';
import { bytesOfContent, contentFromBytes } from './file-content';
import { normalizePath } from './paths';

/** Identifies Cove backups; bump FORMAT_VERSION when the layout changes. */
const FORMAT = 'cove-backup';
const FORMAT_VERSION = 1;
const MANIFEST = 'cove-backup.json';

type ManifestFile = Omit<FileRecord, 'content'> & { entry: string; binary: boolean };

interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  exportedAt: string;
  workspaces: StoreSnapshot['workspaces'];
  settings: StoreSnapshot['settings'];
  sessions: StoreSnapshot['sessions'];
  nodes: StoreSnapshot['nodes'];
  files: ManifestFile[];
  /**
   * The secret settings (API keys and their bindings, secret headers), only when the person
   * chose to include them: a JSON array of setting rows encrypted under their passphrase.
   */
  keys?: PassphraseBox;
}

/** What a backup holds: the rows to restore, and the encrypted keys when it has them. */
export interface BackupContents {
  snapshot: StoreSnapshot;
  keys?: PassphraseBox;
}

/**
 * Packs a snapshot of all of Cove's data into one .zip: a JSON manifest with every row and
 * each file's exact bytes as its own entry (so binaries stay binary and the archive can be
 * opened by hand). `exportedAt` is the ISO time written into the manifest. Secret settings
 * (API keys) in the snapshot are never written in plain text; `keys`, the secret rows
 * already encrypted under the person's passphrase, is stored as it is when given.
 */
export function writeBackup(
  snapshot: StoreSnapshot,
  exportedAt: Date,
  options: { keys?: PassphraseBox } = {},
): Uint8Array {
  const entries: Zippable = {};
  const files: ManifestFile[] = snapshot.files.map((row, index) => {
    const entry = `files/${index}`;
    entries[entry] = bytesOfContent(row.content);
    const { content, ...meta } = row;
    return { ...meta, entry, binary: typeof content !== 'string' };
  });
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    exportedAt: exportedAt.toISOString(),
    workspaces: snapshot.workspaces,
    settings: snapshot.settings.filter((row) => !isSecretSetting(row.key)),
    sessions: snapshot.sessions,
    nodes: snapshot.nodes,
    files,
    ...(options.keys ? { keys: options.keys } : {}),
  };
  entries[MANIFEST] = strToU8(JSON.stringify(manifest));
  return zipSync(entries, { level: 6 });
}

const invalid = (what: string) =>
  workspaceError('backup-invalid', { variant: 'archive', detail: what });

/**
 * Reads and fully checks a backup before anything is restored: the archive, the manifest,
 * every row's shape, every path, every file's bytes and size. Throws CoveError
 * `backup-invalid` naming the first problem. Secret settings in plain text are dropped (Cove
 * never writes them; keys come back only through the passphrase-encrypted `keys`).
 */
export function readBackup(bytes: Uint8Array): BackupContents {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch {
    throw invalid('it is not a readable zip archive');
  }
  const manifestBytes = entries[MANIFEST];
  if (!manifestBytes) throw invalid(`${MANIFEST} is missing`);
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(strFromU8(manifestBytes)) as Partial<Manifest>;
  } catch {
    throw invalid(`${MANIFEST} is not valid JSON`);
  }
  if (manifest.format !== FORMAT) throw invalid('it was not made by Cove');
  if (manifest.formatVersion !== FORMAT_VERSION) {
    throw workspaceError('backup-newer', { format: String(manifest.formatVersion) });
  }
  if (!Array.isArray(manifest.files)) throw invalid('the file list is missing');
  const files = manifest.files.map((meta, i) => {
    if (typeof meta !== 'object' || meta === null) throw invalid(`file #${i + 1} is not an object`);
    const data = typeof meta.entry === 'string' ? entries[meta.entry] : undefined;
    if (!data) throw invalid(`the bytes of "${String(meta.path)}" are missing`);
    if (data.byteLength !== meta.size) throw invalid(`"${String(meta.path)}" has the wrong size`);
    let normal: string;
    try {
      normal = normalizePath(String(meta.path));
    } catch {
      throw invalid(`"${String(meta.path)}" is not a valid path`);
    }
    if (normal !== meta.path) throw invalid(`"${String(meta.path)}" is not a valid path`);
    const content = meta.kind === 'folder' ? '' : meta.binary ? data : contentFromBytes(data);
    if (!meta.binary && typeof content !== 'string') {
      throw invalid(`"${meta.path}" should be text but is not valid UTF-8`);
    }
    const { entry: _entry, binary: _binary, ...row } = meta;
    return { ...row, content } as FileRecord;
  });
  if (manifest.keys !== undefined && !isPassphraseBox(manifest.keys)) {
    throw invalid('its encrypted keys are damaged');
  }
  const snapshot = validateSnapshot({
    workspaces: manifest.workspaces,
    settings: manifest.settings,
    sessions: manifest.sessions,
    nodes: manifest.nodes,
    files,
  });
  snapshot.settings = snapshot.settings.filter((row) => !isSecretSetting(row.key));
  return manifest.keys ? { snapshot, keys: manifest.keys } : { snapshot };
}
