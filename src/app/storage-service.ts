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

export function createStorageService(store: CoveStore): StorageService {
  const [status, setStatus] = createSignal<StorageStatus>({ persisted: false });
  const refresh = async () => {
    const estimate = await store.estimate();
    const persisted = (await navigator.storage?.persisted?.()) ?? false;
    setStatus({ usage: estimate?.usage, quota: estimate?.quota, persisted });
  };
  return {
    status,
    refresh,
    async requestPersistence() {
      const granted = (await navigator.storage?.persist?.()) ?? false;
      await refresh();
      return granted;
    },
  };
}
