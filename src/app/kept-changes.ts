/**
 * What the person kept while reviewing the last run's changes (Keep on a change, or Keep
 * all), so that the review shows only what is left, also after a reload. Stored per
 * conversation under `review.kept.<sessionId>` (the conversation owns it: deleting it
 * deletes this), for the run named by its first checkpoint: the next run starts a new review.
 */
import type { SettingsStore } from '../store/settings-store';

interface KeptReview {
  /** The first checkpoint of the run reviewed. */
  checkpointId: string;
  /** By path: the file before the run with the kept changes taken in. */
  files: Record<string, string>;
}

export interface KeptChanges {
  /** The review's base of `path` for that run, when the person kept some of its change. */
  get(sessionId: string, checkpointId: string, path: string): Promise<string | undefined>;
  /** Records `before` as the base of `path` for that run. */
  keep(sessionId: string, checkpointId: string, path: string, before: string): Promise<void>;
  /** Forgets what was kept of `path` (the whole change was put back). */
  forget(sessionId: string, checkpointId: string, path: string): Promise<void>;
}

const keyOf = (sessionId: string) => `review.kept.${sessionId}`;

export function createKeptChanges(settings: SettingsStore): KeptChanges {
  // One write at a time: two quick Keeps must not each drop the other's file.
  let writes: Promise<unknown> = Promise.resolve();
  const read = async (sessionId: string, checkpointId: string) => {
    const stored = await settings.get<KeptReview>(keyOf(sessionId));
    return stored?.checkpointId === checkpointId ? stored.files : {};
  };
  const update = (
    sessionId: string,
    checkpointId: string,
    change: (files: Record<string, string>) => void,
  ): Promise<void> => {
    const next = writes.then(async () => {
      const files = { ...(await read(sessionId, checkpointId)) };
      change(files);
      await settings.set(keyOf(sessionId), { checkpointId, files } satisfies KeptReview);
    });
    writes = next.catch(() => undefined);
    return next;
  };
  return {
    async get(sessionId, checkpointId, path) {
      await writes;
      return (await read(sessionId, checkpointId))[path];
    },
    keep: (sessionId, checkpointId, path, before) =>
      update(sessionId, checkpointId, (files) => {
        files[path] = before;
      }),
    forget: (sessionId, checkpointId, path) =>
      update(sessionId, checkpointId, (files) => {
        delete files[path];
      }),
  };
}
