import { retryingImport } from '../base/retrying-import';
import type { Clock } from '../base/clock';
import { openWithPassphrase, sealWithPassphrase } from '../base/passphrase-box';
import type { CoveStore } from '../store/cove-store';
import type { SettingRecord } from '../store/records';
import { isSecretSetting } from '../store/settings-store';
import { storeError } from '../store/store-errors';

/** A backup read and checked completely, not yet written to the store. */
export interface PendingRestore {
  workspaces: number;
  files: number;
  /** The backup carries API keys, encrypted under the passphrase chosen when it was made. */
  hasKeys: boolean;
  /**
   * Restores in one transaction. With `passphrase` the keys are decrypted first: a wrong
   * one throws CoveError('wrong-passphrase') and changes nothing, so the caller can ask
   * again or call without a passphrase, which restores everything except the keys.
   * `onKeysOpened` is called once the passphrase has opened the keys, before the writing.
   */
  restore(passphrase?: string, onKeysOpened?: () => void): Promise<RestoreResult>;
}

export interface RestoreResult {
  workspaces: number;
  files: number;
  /** How many secret settings (e.g. the provider keys) came back; 0 without them. */
  keys: number;
}

export interface BackupService {
  /**
   * All of Cove's data as one .zip file, with a dated file name. API keys are left out,
   * unless `passphrase` is given: then they are in it encrypted under it (PBKDF2 + AES-GCM),
   * never in plain text. Throws CoveError('passphrase-weak') for a short passphrase.
   */
  create(options?: { passphrase?: string }): Promise<{ name: string; bytes: Uint8Array }>;
  /** Reads and checks the whole file; throws a CoveError and changes nothing when it is bad. */
  open(bytes: Uint8Array): Promise<PendingRestore>;
}

/** The archive code (fflate) loads when a backup is made or restored, not with the app. */
const loadArchive = retryingImport(() => import('../workspace/backup-archive'));

export function createBackupService(store: CoveStore, clock: Clock): BackupService {
  return {
    async create(options = {}) {
      const now = new Date(clock.now());
      const { writeBackup } = await loadArchive();
      const withKeys = options.passphrase !== undefined;
      const snapshot = await store.snapshot({ withSecrets: withKeys });
      const secrets = snapshot.settings.filter((row) => isSecretSetting(row.key));
      const keys = withKeys
        ? await sealWithPassphrase(JSON.stringify(secrets), options.passphrase!)
        : undefined;
      const bytes = writeBackup(snapshot, now, keys ? { keys } : {});
      return { name: `cove-backup-${now.toISOString().slice(0, 10)}.zip`, bytes };
    },
    async open(bytes) {
      const { readBackup } = await loadArchive();
      const { snapshot, keys } = readBackup(bytes);
      const counts = {
        workspaces: snapshot.workspaces.length,
        files: snapshot.files.filter((f) => f.kind === 'file').length,
      };
      return {
        ...counts,
        hasKeys: keys !== undefined,
        async restore(passphrase, onKeysOpened) {
          const secrets =
            keys && passphrase !== undefined
              ? parseSecrets(await openWithPassphrase(keys, passphrase))
              : [];
          if (secrets.length) onKeysOpened?.();
          await store.restore({ ...snapshot, settings: [...snapshot.settings, ...secrets] });
          return { ...counts, keys: secrets.length };
        },
      };
    },
  };
}

/** The secret rows inside a backup's passphrase box, checked. */
function parseSecrets(text: string): SettingRecord[] {
  let rows: unknown;
  try {
    rows = JSON.parse(text);
  } catch {
    rows = undefined;
  }
  const valid =
    Array.isArray(rows) &&
    rows.every(
      (row) =>
        typeof row === 'object' &&
        row !== null &&
        typeof (row as SettingRecord).key === 'string' &&
        isSecretSetting((row as SettingRecord).key),
    );
  if (!valid) {
    throw storeError('backup-invalid', { variant: 'keys' });
  }
  return rows as SettingRecord[];
}
