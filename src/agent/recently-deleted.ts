import type { TrashEntry } from '../store/trash-store';

/**
 * How long a deleted conversation or branch stays in Recently deleted, in milliseconds
 * (30 days); then the next start deletes it for good, with its checkpoints.
 */
export const RECENTLY_DELETED_MS = 30 * 24 * 60 * 60 * 1000;

/** When `entry` leaves Recently deleted for good (ms since the epoch). */
export function trashExpiry(entry: TrashEntry): number {
  return entry.deletedAt + RECENTLY_DELETED_MS;
}
