import { createSignal, type Accessor } from 'solid-js';
import type { CoveStore } from '../store/cove-store';

export interface StorageStatus {
  usage?: number;
  quota?: number;
  /** Whether the browser promised not to evict Cove's data under storage pressure. */
  persisted: boolean;
}

export interface StorageService {
  readonly status: Accessor<StorageStatus>;
  refresh(): Promise<void>;
  /** Asks the browser to keep Cove's data; some browsers decide silently. */
  requestPersistence(): Promise<boolean>;
}

/** The part of the browser's StorageManager (`navigator.storage`) this service uses. */
export type PersistentStorage = Partial<Pick<StorageManager, 'persisted' | 'persist'>>;

/**
 * Storage usage and persistence. `storage` is the page's `navigator.storage`, passed in by
 * the composition root; without it (tests, browsers without it) nothing is ever persisted.
 */
export function createStorageService(
  store: CoveStore,
  storage?: PersistentStorage,
): StorageService {
  const [status, setStatus] = createSignal<StorageStatus>({ persisted: false });
  const refresh = async () => {
    const estimate = await store.estimate();
    const persisted = (await storage?.persisted?.()) ?? false;
    setStatus({ usage: estimate?.usage, quota: estimate?.quota, persisted });
  };
  return {
    status,
    refresh,
    async requestPersistence() {
      const granted = (await storage?.persist?.()) ?? false;
      await refresh();
      return granted;
    },
  };
}
