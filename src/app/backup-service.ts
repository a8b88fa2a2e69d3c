import type { Clock } from '../base/clock';
import type { CoveStore } from '../store/cove-store';

export interface BackupService {
  /** All of Cove's data as one .zip file, with a dated file name. */
  create(): Promise<{ name: string; bytes: Uint8Array }>;
  /**
   * Checks the whole file, then restores it in one transaction. Throws a CoveError and
   * changes nothing when the file is bad. Returns how many workspaces and files came back.
   */
  restore(bytes: Uint8Array): Promise<{ workspaces: number; files: number }>;
}

/** The archive code (fflate) loads when a backup is made or restored, not with the app. */
const loadArchive = () => import('../workspace/backup-archive');

export function createBackupService(store: CoveStore, clock: Clock): BackupService {
  return {
    async create() {
      const now = new Date(clock.now());
      const { writeBackup } = await loadArchive();
      const bytes = writeBackup(await store.snapshot(), now);
      return { name: `cove-backup-${now.toISOString().slice(0, 10)}.zip`, bytes };
    },
    async restore(bytes) {
      const { readBackup } = await loadArchive();
      const snapshot = readBackup(bytes);
      await store.restore(snapshot);
      return {
        workspaces: snapshot.workspaces.length,
        files: snapshot.files.filter((f) => f.kind === 'file').length,
      };
    },
  };
}
