/**
 * Memory as a JSON file: the export of the user's notes (and the open workspace's), and its
 * import, which replaces the notes of the scopes the file holds. Loaded with Settings, not
 * with the app.
 */
import {
  notesRefusal,
  type MemoryEntry,
  type MemoryNoteState,
  type MemoryPlace,
  type MemoryScope,
} from '../store/assistant-memory-store';
import { memoryRefusalText, type MemoryService } from './memory-service';

/** The format of an export; an import reads the same. */
export const MEMORY_EXPORT_FORMAT = 'cove-memory';

export interface MemoryExport {
  format: typeof MEMORY_EXPORT_FORMAT;
  version: 1;
  user: MemoryNoteState[];
  workspace?: MemoryNoteState[];
}

const notesOf = (entries: MemoryEntry[]): MemoryNoteState[] =>
  entries.map(({ title, text, flagged }) => ({ title, text, ...(flagged ? { flagged } : {}) }));

const isNote = (value: unknown): value is MemoryNoteState =>
  !!value &&
  typeof (value as MemoryNoteState).title === 'string' &&
  typeof (value as MemoryNoteState).text === 'string';

/** The user's notes and, with a workspace, the workspace's, as JSON text. */
export async function exportMemory(memory: MemoryService, workspaceId?: string): Promise<string> {
  const exported: MemoryExport = {
    format: MEMORY_EXPORT_FORMAT,
    version: 1,
    user: notesOf(await memory.list('user')),
    ...(workspaceId ? { workspace: notesOf(await memory.list('workspace', workspaceId)) } : {}),
  };
  return JSON.stringify(exported, null, 2);
}

/**
 * Replaces the notes of the scopes in `text` (an export). Throws a sentence saying what is
 * wrong (not an export, a damaged note, a note over a cap) and writes nothing then; the
 * workspace's notes of a file are skipped when no workspace is open.
 */
export async function importMemory(
  memory: MemoryService,
  text: string,
  workspaceId?: string,
): Promise<void> {
  let data: Partial<MemoryExport>;
  try {
    data = JSON.parse(text) as Partial<MemoryExport>;
  } catch {
    throw new Error('This file is not JSON: choose a memory export (.json).');
  }
  if (data?.format !== MEMORY_EXPORT_FORMAT) {
    throw new Error('This file is not a Cove memory export.');
  }
  const scopes: [MemoryScope, unknown][] = [
    ['user', data.user],
    ['workspace', data.workspace],
  ];
  // Every scope is checked before any is written.
  const plans: [MemoryPlace, MemoryNoteState[]][] = [];
  for (const [scope, notes] of scopes) {
    if (notes === undefined) continue;
    if (!Array.isArray(notes) || !notes.every(isNote)) {
      throw new Error(`The ${scope} notes in this file are damaged.`);
    }
    const refused = notesRefusal(notes);
    if (refused) {
      const which = refused.title ? ` (“${refused.title}”)` : '';
      throw new Error(`Not imported${which}: ${memoryRefusalText(refused.refusal)}`);
    }
    const where = memory.place(scope, workspaceId);
    if (where) plans.push([where, notes]);
  }
  for (const [where, notes] of plans) {
    const outcome = await memory.store.replaceAll(where, notes);
    if (!outcome.ok) throw new Error(`Not imported: ${memoryRefusalText(outcome.refusal)}`);
  }
}
