import { createSignal, type Accessor } from 'solid-js';
import type { CoveStore } from '../store/cove-store';
import type { SetAsideRecord } from '../store/set-aside-store';
import type { StorageUsage } from '../store/usage-store';

export interface StorageStatus {
  usage?: number;
  quota?: number;
  /** Whether the browser promised not to evict Cove's data under storage pressure. */
  persisted: boolean;
}

export interface StorageService {
  readonly status: Accessor<StorageStatus>;
  /** Rows the store found damaged and set aside, oldest first (loaded by `refresh`). */
  readonly setAside: Accessor<readonly SetAsideRecord[]>;
  /** Reads usage, persistence and the set-aside rows again. */
  refresh(): Promise<void>;
  /** Asks the browser to keep Cove's data; some browsers decide silently. */
  requestPersistence(): Promise<boolean>;
  /**
   * These set-aside rows (all when `ids` is absent) as a JSON document to download: each
   * with its table, key, what was wrong, when, and the row as it was stored (bytes as
   * arrays of numbers).
   */
  exportSetAside(ids?: readonly number[]): { name: string; text: string };
  /** Deletes these set-aside rows for good (all when `ids` is absent). */
  deleteSetAside(ids?: readonly number[]): Promise<void>;
  /**
   * What each workspace and conversation holds (`UsageStore.usage`); undefined until first
   * read while someone watches.
   */
  readonly usage: Accessor<StorageUsage | undefined>;
  /**
   * Reads `usage` now and again after every change of workspaces, files or conversations
   * (in this tab or another) until the returned function is called. Reading walks every
   * table, so only a view that shows it watches. A failed read is passed to `onError`.
   */
  watchUsage(onError: (error: unknown) => void): () => void;
}

/** The part of the browser's StorageManager (`navigator.storage`) this service uses. */
export type PersistentStorage = Partial<Pick<StorageManager, 'persisted' | 'persist'>>;

/**
 * Storage usage, persistence and the rows set aside as damaged. `storage` is the page's
 * `navigator.storage`, passed in by the composition root; without it (tests, browsers
 * without it) nothing is ever persisted. The set-aside list follows the store's change
 * feed, so a row set aside (here or in another tab) appears without a reload; so does the
 * usage per workspace and conversation while a view watches it.
 */
export function createStorageService(
  store: CoveStore,
  storage?: PersistentStorage,
): StorageService {
  const [status, setStatus] = createSignal<StorageStatus>({ persisted: false });
  const [setAside, setSetAside] = createSignal<readonly SetAsideRecord[]>([]);
  const refreshSetAside = async () => setSetAside(await store.setAside.list());
  store.changes.subscribe(({ change }) => {
    if (change.type === 'setAside') void refreshSetAside().catch(() => undefined);
  });
  const refresh = async () => {
    const estimate = await store.estimate();
    const persisted = (await storage?.persisted?.()) ?? false;
    setStatus({ usage: estimate?.usage, quota: estimate?.quota, persisted });
    await refreshSetAside();
  };
  const [usage, setUsage] = createSignal<StorageUsage | undefined>();
  const usageWatchers = new Set<(error: unknown) => void>();
  // One read at a time: changes during a read (a reply streaming in) ask for one more.
  let reading: Promise<void> | undefined;
  let readAgain = false;
  const readUsage = () => {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = store.usage
      .usage()
      .then(
        (value) => {
          if (usageWatchers.size) setUsage(value);
        },
        (error: unknown) => usageWatchers.forEach((report) => report(error)),
      )
      .finally(() => {
        reading = undefined;
        if (readAgain && usageWatchers.size) {
          readAgain = false;
          readUsage();
        }
      });
  };
  store.changes.subscribe(({ change }) => {
    if (usageWatchers.size && change.type !== 'settings') readUsage();
  });
  const chosen = (ids?: readonly number[]) =>
    ids ? setAside().filter((record) => ids.includes(record.id!)) : setAside();
  return {
    status,
    setAside,
    refresh,
    async requestPersistence() {
      const granted = (await storage?.persist?.()) ?? false;
      await refresh();
      return granted;
    },
    exportSetAside(ids) {
      const records = chosen(ids);
      const name =
        records.length === 1
          ? `cove-set-aside-${records[0]!.table}-${records[0]!.id}.json`
          : 'cove-set-aside.json';
      const text = JSON.stringify(
        { format: 'cove-set-aside', version: 1, rows: records },
        // JSON has no bytes: a file's or blob's binary content goes as its byte values.
        (_key, value: unknown) => (value instanceof Uint8Array ? Array.from(value) : value),
        2,
      );
      return { name, text };
    },
    async deleteSetAside(ids) {
      await store.setAside.delete(chosen(ids).map((record) => record.id!));
      await refreshSetAside();
    },
    usage,
    watchUsage(onError) {
      // Each watcher's own function, so two views watching with the same one stay two.
      const report = (error: unknown) => onError(error);
      usageWatchers.add(report);
      readUsage();
      return () => {
        usageWatchers.delete(report);
      };
    },
  };
}
