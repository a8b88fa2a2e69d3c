import { ManualClock } from '../../src/base/clock';
import { LocalChangeFeed } from '../../src/store/change-feed';
import type { CoveStore } from '../../src/store/cove-store';
import { openDexieStore } from '../../src/store/dexie-store';
import { createMemoryStore } from '../../src/store/memory-store';

let counter = 0;

/** Both store implementations, so one contract suite runs against each. */
export const storeKinds: { name: string; open: () => Promise<CoveStore> }[] = [
  { name: 'memory', open: async () => createMemoryStore() },
  {
    name: 'dexie (fake-indexeddb)',
    open: () =>
      openDexieStore({
        name: `cove-test-${Date.now()}-${counter++}`,
        changes: new LocalChangeFeed(),
      }),
  },
];

export function testClock(): ManualClock {
  return new ManualClock(Date.UTC(2026, 0, 1));
}
