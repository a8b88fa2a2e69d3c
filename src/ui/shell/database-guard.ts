import { createSignal, type Accessor } from 'solid-js';
import type { DatabaseEvent } from '../../store/dexie-store';

/** Tracks whether this tab lost its database to a newer version (it must reload). */
export function createDatabaseGuard(): {
  blocked: Accessor<DatabaseEvent | undefined>;
  onDatabaseEvent: (event: DatabaseEvent) => void;
} {
  const [blocked, setBlocked] = createSignal<DatabaseEvent | undefined>();
  return { blocked, onDatabaseEvent: setBlocked };
}
