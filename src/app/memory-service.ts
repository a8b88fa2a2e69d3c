/**
 * Memory as the app uses it: the notes of the user's scope and of the open workspace, which
 * scopes are on (and whether chat conversations get the memory tools), export and import as
 * JSON, and the Undo of a saved note. The agent's tools reach the notes through `host`; the
 * Settings section and the conversation's "Saved to memory" receipts through the rest.
 */
import { createSignal, type Accessor } from 'solid-js';
import type { MemoryIndex } from '../agent/memory-prompt';
import {
  createAssistantMemoryStore,
  isMemorySettingKey,
  notesRefusal,
  type AssistantMemoryStore,
  type MemoryEntry,
  type MemoryNoteState,
  type MemoryPlace,
  type MemoryRefusal,
  type MemoryScope,
  type MemoryWrite,
  type MemoryWriteOutcome,
} from '../store/assistant-memory-store';
import type { ChangeFeed } from '../store/change-feed';
import type { SettingsStore } from '../store/settings-store';
import type { MemoryToolHost } from '../tools/memory/memory-tool-context';
import type { ToolReceipt } from '../tools/tool';

/** Which scopes are on, and whether chat conversations get the memory tools too. */
export interface MemorySwitches {
  user: boolean;
  workspace: boolean;
  /** Agent conversations always get them while a scope is on; chat ones when this is set. */
  chat: boolean;
}

export const MEMORY_SWITCHES_KEY = 'memory.switches';
const DEFAULT_SWITCHES: MemorySwitches = { user: true, workspace: true, chat: false };

/** The format of an export; an import reads the same. */
export const MEMORY_EXPORT_FORMAT = 'cove-memory';

export interface MemoryExport {
  format: typeof MEMORY_EXPORT_FORMAT;
  version: 1;
  user: MemoryNoteState[];
  workspace?: MemoryNoteState[];
}

export interface MemoryService {
  readonly store: AssistantMemoryStore;
  readonly switches: Accessor<MemorySwitches>;
  setSwitches(next: MemorySwitches): Promise<void>;
  /** Increases whenever a note changes here or in another tab; lists read it to refresh. */
  readonly version: Accessor<number>;
  /** The scope's place for the open workspace; undefined: no workspace open. */
  place(scope: MemoryScope, workspaceId?: string): MemoryPlace | undefined;
  list(scope: MemoryScope, workspaceId?: string): Promise<MemoryEntry[]>;
  write(scope: MemoryScope, write: MemoryWrite, workspaceId?: string): Promise<MemoryWriteOutcome>;
  delete(scope: MemoryScope, title: string, workspaceId?: string): Promise<boolean>;
  /** Takes back a saved note (a receipt's Undo); false when it was written again since. */
  undo(receipt: ToolReceipt, workspaceId?: string): Promise<boolean>;
  /** The titles per scope that is on, for the agent's prompt. */
  index(workspaceId?: string): Promise<MemoryIndex>;
  /** What the memory tools of one run use; `outsideSource` comes from the run. */
  host(workspaceId: string | undefined, outsideSource: () => string | undefined): MemoryToolHost;
  /** The user's notes and, with a workspace, the workspace's, as JSON text. */
  exportJson(workspaceId?: string): Promise<string>;
  /**
   * Replaces the notes of the scopes in `text` (an export). Throws a sentence saying what is
   * wrong (not an export, a note over a cap) and writes nothing then.
   */
  importJson(text: string, workspaceId?: string): Promise<void>;
}

/** A refusal as a sentence for a person: which cap, its limit and the size. */
export function memoryRefusalText(refusal: MemoryRefusal): string {
  switch (refusal.cap) {
    case 'empty':
      return 'A note needs a title and text.';
    case 'title':
      return `The title is ${refusal.size} characters; a title holds at most ${refusal.limit}.`;
    case 'entry':
      return `The note is ${refusal.size} characters; a note holds at most ${refusal.limit}.`;
    case 'total':
      return `Memory would hold ${refusal.size} characters; each scope holds at most ${refusal.limit}.`;
  }
}

const isNote = (value: unknown): value is MemoryNoteState =>
  !!value &&
  typeof (value as MemoryNoteState).title === 'string' &&
  typeof (value as MemoryNoteState).text === 'string';

export function createMemoryService(deps: {
  settings: SettingsStore;
  changes: ChangeFeed;
  now: () => number;
}): MemoryService {
  const store = createAssistantMemoryStore(deps.settings, deps.now);
  const [switches, setSwitchesSignal] = createSignal<MemorySwitches>(DEFAULT_SWITCHES);
  const [version, setVersion] = createSignal(0);
  const loadSwitches = async () =>
    setSwitchesSignal({
      ...DEFAULT_SWITCHES,
      ...(await deps.settings.get<Partial<MemorySwitches>>(MEMORY_SWITCHES_KEY)),
    });
  void loadSwitches();
  deps.changes.subscribe(({ change }) => {
    if (
      change.type === 'restored' ||
      (change.type === 'settings' && isMemorySettingKey(change.key))
    )
      setVersion((v) => v + 1);
    if (
      change.type === 'restored' ||
      (change.type === 'settings' && change.key === MEMORY_SWITCHES_KEY)
    )
      void loadSwitches();
  });

  const place = (scope: MemoryScope, workspaceId?: string): MemoryPlace | undefined =>
    scope === 'user' ? { scope } : workspaceId ? { scope, workspaceId } : undefined;
  const list = async (scope: MemoryScope, workspaceId?: string) => {
    const where = place(scope, workspaceId);
    return where ? store.list(where) : [];
  };
  const notesOf = (entries: MemoryEntry[]): MemoryNoteState[] =>
    entries.map(({ title, text, flagged }) => ({ title, text, ...(flagged ? { flagged } : {}) }));

  return {
    store,
    switches,
    version,
    async setSwitches(next) {
      await deps.settings.set(MEMORY_SWITCHES_KEY, next);
      setSwitchesSignal(next);
    },
    place,
    list,
    async write(scope, write, workspaceId) {
      const where = place(scope, workspaceId);
      if (!where) return { ok: false, refusal: { cap: 'empty' } };
      return store.write(where, write);
    },
    async delete(scope, title, workspaceId) {
      const where = place(scope, workspaceId);
      return where ? store.delete(where, title) : false;
    },
    async undo(receipt, workspaceId) {
      const where = place(receipt.scope, workspaceId);
      return where ? store.undo(where, receipt.title, receipt.revision) : false;
    },
    async index(workspaceId) {
      const on = switches();
      const titles = async (scope: MemoryScope) =>
        (await list(scope, workspaceId)).map((entry) => entry.title);
      return {
        ...(on.user ? { user: await titles('user') } : {}),
        ...(on.workspace && workspaceId ? { workspace: await titles('workspace') } : {}),
      };
    },
    host: (workspaceId, outsideSource) => ({
      store,
      ...(workspaceId ? { workspaceId } : {}),
      enabled: (scope) => switches()[scope],
      outsideSource,
    }),
    async exportJson(workspaceId) {
      const exported: MemoryExport = {
        format: MEMORY_EXPORT_FORMAT,
        version: 1,
        user: notesOf(await list('user')),
        ...(workspaceId ? { workspace: notesOf(await list('workspace', workspaceId)) } : {}),
      };
      return JSON.stringify(exported, null, 2);
    },
    async importJson(text, workspaceId) {
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
        const where = place(scope, workspaceId);
        const refused = notesRefusal(notes);
        if (refused) {
          const which = refused.title ? ` (“${refused.title}”)` : '';
          throw new Error(`Not imported${which}: ${memoryRefusalText(refused.refusal)}`);
        }
        if (where) plans.push([where, notes]);
      }
      for (const [where, notes] of plans) {
        const outcome = await store.replaceAll(where, notes);
        if (!outcome.ok) {
          const which = outcome.title ? ` (“${outcome.title}”)` : '';
          throw new Error(`Not imported${which}: ${memoryRefusalText(outcome.refusal)}`);
        }
      }
    },
  };
}
