/**
 * Memory as the app uses it: the notes of the user's scope and of the open workspace, which
 * scopes are on, and the Undo of a saved note (export and import: memory-transfer.ts). The
 * agent's tools reach the notes through `host`; the Settings section and the conversation's
 * "Saved to memory" receipts through the rest.
 */
import { createSignal, type Accessor } from 'solid-js';
import type { MemoryIndex } from '../agent/memory-prompt';
import {
  createAssistantMemoryStore,
  isMemorySettingKey,
  type AssistantMemoryStore,
  type MemoryEntry,
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

/** Which scopes are on: a scope that is off is neither read nor written nor listed. */
export interface MemorySwitches {
  user: boolean;
  workspace: boolean;
  /** Chat replies get the memory tools too ("Remember that …" in chat mode); agent runs always do. */
  chat: boolean;
}

export const MEMORY_SWITCHES_KEY = 'memory.switches';
const DEFAULT_SWITCHES: MemorySwitches = { user: true, workspace: true, chat: false };

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
  };
}
