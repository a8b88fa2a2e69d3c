/**
 * The assistant's memory: short named notes (a title and Markdown text) the assistant saved
 * across conversations, in two scopes: the user's (every workspace) and one workspace's.
 *
 * Each scope is one settings row (`memory.user`, `memory.workspace.<workspace id>`), so the
 * notes ride on what settings already have: the Dexie and the in-memory store, the change
 * feed across tabs, backups, and deletion with their workspace (`isOwnedSetting`). The caps
 * keep a scope's row small (at most {@link MEMORY_SCOPE_MAX_CHARS} of text).
 */
import type { SettingsStore } from './settings-store';

export type MemoryScope = 'user' | 'workspace';

/** Where a note lives: the user's scope, or one workspace's. */
export type MemoryPlace = { scope: 'user' } | { scope: 'workspace'; workspaceId: string };

/** Longest title, in characters. */
export const MEMORY_TITLE_MAX_CHARS = 80;
/** Longest note text, in characters. */
export const MEMORY_ENTRY_MAX_CHARS = 2_000;
/** Most text (titles and notes) one scope holds, in characters. */
export const MEMORY_SCOPE_MAX_CHARS = 16_000;

/** A note as it was before a write, kept so that write can be undone. */
export interface MemoryNoteState {
  title: string;
  text: string;
  flagged?: string;
}

/** One note. */
export interface MemoryEntry extends MemoryNoteState {
  createdAt: number;
  updatedAt: number;
  /** Increases with every write in the scope; names the write an Undo takes back. */
  revision: number;
  /**
   * Set when the text was written after a tool brought outside text into the run (a fetched
   * page, a file, an MCP result): that tool's name. Shown wherever the note is.
   */
  flagged?: string;
  /** The note before the write of `revision`; null: that write created it. */
  before?: MemoryNoteState | null;
}

/** Why a write was refused: which cap, its limit and the size asked for, in characters. */
export type MemoryRefusal =
  { cap: 'title' | 'entry' | 'total'; limit: number; size: number } | { cap: 'empty' };

export type MemoryWriteOutcome =
  { ok: true; entry: MemoryEntry } | { ok: false; refusal: MemoryRefusal };

/** What a write stores under `title`. */
export interface MemoryWrite {
  title: string;
  text: string;
  /** The tool whose outside text came before this write in its run (see MemoryEntry). */
  flagged?: string;
  /** The note's title before, when a person renames it (Settings); default `title`. */
  renameFrom?: string;
}

/** The notes of both scopes; every method reads the row afresh (another tab may write). */
export interface AssistantMemoryStore {
  /** The scope's notes, by title (case-insensitive). */
  list(place: MemoryPlace): Promise<MemoryEntry[]>;
  /** The note whose title matches, ignoring case and outer spaces. */
  find(place: MemoryPlace, title: string): Promise<MemoryEntry | undefined>;
  /** Creates or replaces a note; a refusal names the cap it would pass and writes nothing. */
  write(place: MemoryPlace, write: MemoryWrite): Promise<MemoryWriteOutcome>;
  /** Deletes the note; false when there was none. */
  delete(place: MemoryPlace, title: string): Promise<boolean>;
  /**
   * Takes back the write of `revision` to the note titled `title`: the note as it was
   * before, or gone if that write created it. False (nothing changed) when the note was
   * written again since, or is gone.
   */
  undo(place: MemoryPlace, title: string, revision: number): Promise<boolean>;
  /**
   * Replaces the scope's notes with `notes` (an import); refused whole, writing nothing, on
   * a note over a cap or over the scope's total.
   */
  replaceAll(
    place: MemoryPlace,
    notes: readonly MemoryNoteState[],
  ): Promise<{ ok: true } | { ok: false; refusal: MemoryRefusal; title?: string }>;
}

/** The settings key of a scope's notes; a workspace's ends in its id, so it goes with it. */
export function memorySettingKey(place: MemoryPlace): string {
  return place.scope === 'user' ? 'memory.user' : `memory.workspace.${place.workspaceId}`;
}

/** True for a settings key that holds notes (to follow the change feed). */
export function isMemorySettingKey(key: string): boolean {
  return key === 'memory.user' || key.startsWith('memory.workspace.');
}

interface MemoryRow {
  entries: MemoryEntry[];
  revision: number;
}

const sameTitle = (a: string, b: string) =>
  a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

const sizeOf = (note: MemoryNoteState) => note.title.length + note.text.length;

/** The first cap `note` passes alone, if any. */
export function noteRefusal(
  note: Pick<MemoryNoteState, 'title' | 'text'>,
): MemoryRefusal | undefined {
  const title = note.title.trim();
  if (!title || !note.text.trim()) return { cap: 'empty' };
  if (title.length > MEMORY_TITLE_MAX_CHARS) {
    return { cap: 'title', limit: MEMORY_TITLE_MAX_CHARS, size: title.length };
  }
  if (note.text.length > MEMORY_ENTRY_MAX_CHARS) {
    return { cap: 'entry', limit: MEMORY_ENTRY_MAX_CHARS, size: note.text.length };
  }
  return undefined;
}

/** The first cap `notes` pass together (a note alone, or the scope's total), if any. */
export function notesRefusal(
  notes: readonly MemoryNoteState[],
): { refusal: MemoryRefusal; title?: string } | undefined {
  for (const note of notes) {
    const refusal = noteRefusal(note);
    if (refusal) return { refusal, title: note.title };
  }
  const total = totalRefusal(notes);
  return total ? { refusal: total } : undefined;
}

function totalRefusal(entries: readonly MemoryNoteState[]): MemoryRefusal | undefined {
  const size = entries.reduce((sum, entry) => sum + sizeOf(entry), 0);
  return size > MEMORY_SCOPE_MAX_CHARS
    ? { cap: 'total', limit: MEMORY_SCOPE_MAX_CHARS, size }
    : undefined;
}

/** A row as read: anything not shaped like notes counts as none (a damaged row is not fatal). */
function rowOf(value: unknown): MemoryRow {
  const row = value as Partial<MemoryRow> | undefined;
  if (!row || !Array.isArray(row.entries)) return { entries: [], revision: 0 };
  const entries = row.entries.filter(
    (entry): entry is MemoryEntry =>
      !!entry && typeof entry.title === 'string' && typeof entry.text === 'string',
  );
  const revision = Math.max(
    typeof row.revision === 'number' ? row.revision : 0,
    ...entries.map((entry) => entry.revision ?? 0),
  );
  return { entries, revision };
}

const byTitle = (a: MemoryEntry, b: MemoryEntry) =>
  a.title.localeCompare(b.title, undefined, { sensitivity: 'base' });

/** The notes over a settings store (Dexie or in-memory); `now` stamps the writes. */
export function createAssistantMemoryStore(
  settings: SettingsStore,
  now: () => number,
): AssistantMemoryStore {
  /** Writes of one tab to one row go one after the other, so none is lost. */
  const queues = new Map<string, Promise<unknown>>();
  function update<T>(
    place: MemoryPlace,
    change: (row: MemoryRow) => { row?: MemoryRow; value: T },
  ) {
    const key = memorySettingKey(place);
    const next = (queues.get(key) ?? Promise.resolve()).then(async () => {
      const { row, value } = change(rowOf(await settings.get(key)));
      if (row) {
        if (row.entries.length) await settings.set(key, row);
        else await settings.delete(key);
      }
      return value;
    });
    queues.set(
      key,
      next.catch(() => undefined),
    );
    return next;
  }
  const read = async (place: MemoryPlace) =>
    rowOf(await settings.get(memorySettingKey(place))).entries;

  return {
    list: async (place) => [...(await read(place))].sort(byTitle),
    find: async (place, title) =>
      (await read(place)).find((entry) => sameTitle(entry.title, title)),
    write: (place, write) =>
      update<MemoryWriteOutcome>(place, (row) => {
        const title = write.title.trim();
        const refusal = noteRefusal({ title, text: write.text });
        if (refusal) return { value: { ok: false, refusal } };
        const old = row.entries.find((entry) => sameTitle(entry.title, write.renameFrom ?? title));
        const revision = row.revision + 1;
        const at = now();
        const entry: MemoryEntry = {
          title,
          text: write.text,
          createdAt: old?.createdAt ?? at,
          updatedAt: at,
          revision,
          ...(write.flagged ? { flagged: write.flagged } : {}),
          before: old ? stateOf(old) : null,
        };
        // A rename onto another note's title replaces that note too.
        const entries = [
          ...row.entries.filter((other) => other !== old && !sameTitle(other.title, title)),
          entry,
        ];
        const total = totalRefusal(entries);
        if (total) return { value: { ok: false, refusal: total } };
        return { row: { entries, revision }, value: { ok: true, entry } };
      }),
    delete: (place, title) =>
      update(place, (row) => {
        const entries = row.entries.filter((entry) => !sameTitle(entry.title, title));
        if (entries.length === row.entries.length) return { value: false };
        return { row: { entries, revision: row.revision }, value: true };
      }),
    undo: (place, title, revision) =>
      update(place, (row) => {
        const entry = row.entries.find((candidate) => sameTitle(candidate.title, title));
        if (!entry || entry.revision !== revision || entry.before === undefined) {
          return { value: false };
        }
        const rest = row.entries.filter((other) => other !== entry);
        const before = entry.before;
        const entries = before
          ? [
              ...rest,
              {
                ...before,
                createdAt: entry.createdAt,
                updatedAt: now(),
                revision: row.revision + 1,
              },
            ]
          : rest;
        return { row: { entries, revision: row.revision + 1 }, value: true };
      }),
    replaceAll: (place, notes) =>
      update<{ ok: true } | { ok: false; refusal: MemoryRefusal; title?: string }>(place, (row) => {
        const refused = notesRefusal(notes);
        if (refused) return { value: { ok: false as const, ...refused } };
        const at = now();
        let revision = row.revision;
        const entries: MemoryEntry[] = [];
        for (const note of notes) {
          if (entries.some((entry) => sameTitle(entry.title, note.title))) continue;
          entries.push({
            ...stateOf({ ...note, title: note.title.trim() }),
            createdAt: at,
            updatedAt: at,
            revision: ++revision,
          });
        }
        return { row: { entries, revision }, value: { ok: true as const } };
      }),
  };
}

function stateOf(note: MemoryNoteState): MemoryNoteState {
  return { title: note.title, text: note.text, ...(note.flagged ? { flagged: note.flagged } : {}) };
}
