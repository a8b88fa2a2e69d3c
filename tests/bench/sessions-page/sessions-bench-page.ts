// The page tests/bench/sessions.bench.mjs builds and opens in Chromium: Cove's real IndexedDB
// store and session engine, and the chat panel's conversation view (session-signals.ts, conversation-view.ts),
// with no other UI. It exposes `window.coveSessionsBench` for the suite to drive.
//
// The session: 10,000 nodes with 100 branch points. A trunk of 100 exchanges (200 nodes) is
// the active conversation; at each of its 100 questions an edit starts a side branch of 49
// exchanges (98 nodes). Replies are a few hundred characters of Markdown, like real ones.
import { createRoot } from 'solid-js';
import { contextBudget, fitsBudget } from '../../../src/agent/context-budget';
import { buildChatSystem, pathToMessages } from '../../../src/agent/context-builder';
import { createEngineCore } from '../../../src/agent/engine-core';
import {
  createSessionEngine,
  type SessionEngine,
  type SessionEngineDeps,
} from '../../../src/agent/session-engine';
import { createMemorySessionLocks } from '../../../src/agent/session-locks';
import { activePath } from '../../../src/agent/session-tree';
import { createSessionSignals, type SessionSignals } from '../../../src/app/session-signals';
import type { OpenedSession } from '../../../src/store/session-store';
import { systemClock } from '../../../src/base/clock';
import type { ChatClient } from '../../../src/llm/chat-client';
import type { CoveStore } from '../../../src/store/cove-store';
import { openDexieStore } from '../../../src/store/dexie-store';
import type { NodeRecord } from '../../../src/store/records';

const TRUNK_EXCHANGES = 100;
const SIDE_EXCHANGES = 49;
const SESSION = 'bench-session';
/** A model with a 128k window, as the context build sizes its budget for. */
const BENCH_MODEL = {
  contextWindow: 128_000,
  maxOutputTokens: 4_096,
  toolCalling: 'native',
  vision: false,
  reasoning: false,
} as const;

const reply = (i: number) =>
  `Here is what changes in step ${i}:\n\n- read the **input** file\n- parse each line with \`split\`\n- keep the totals in a dict\n\n\`\`\`python\nfor line in lines:\n    total[line[0]] += int(line[1])\n\`\`\`\n\nThat keeps it linear.`;

let store: CoveStore | undefined;
let databaseName = '';
let engine: SessionEngine | undefined;
let view: SessionSignals | undefined;
let trunkQuestions: string[] = [];
/** The last reply of the trunk: the leaf when the session is first opened. */
let trunkLeaf: string | null = null;
let dispose: (() => void) | undefined;

/** A new session state with its views, as the chat panel holds one (nothing shown yet). */
function freshView(): SessionSignals {
  return createRoot((release) => {
    dispose?.();
    dispose = release;
    view = createSessionSignals(() => Date.now());
    return view;
  });
}

/** Shows an opened session, as the chat service does once `engine.load` returned it. */
function showOpened(shown: SessionSignals, sessionId: string, opened: OpenedSession): void {
  shown.dispatch({ type: 'session_selected', sessionId });
  shown.dispatch({
    type: 'session_shown',
    sessionId,
    tree: opened.outline,
    bodies: opened.path,
    leafId: opened.session?.leafId ?? null,
  });
}

/** Messages the view shows now. */
const shownCount = () => view?.messages().length ?? 0;

/** What the engine runs on here: the store, and a model it never asks. */
function engineDeps(): SessionEngineDeps {
  const client: ChatClient = {
    // eslint-disable-next-line require-yield
    async *stream() {
      throw new Error('the bench never asks a model');
    },
  };
  return {
    sessions: store!.sessions,
    clock: systemClock,
    locks: createMemorySessionLocks(),
    client,
    models: { current: () => undefined, streamOptionsUnsupported: () => undefined },
    settings: () => ({ fileContext: false, customSystemPrompt: '' }),
    context: {
      workspaceName: () => 'Bench',
      activeDocument: () => undefined,
      readFile: async () => undefined,
    },
  };
}

/** The session engine over `store`, its leaf moves shown as the chat service shows them. */
function startEngine(): void {
  engine = createSessionEngine(engineDeps());
  engine.subscribe((event) => {
    // As the chat service passes them on (chat-service.ts, mirror).
    if (event.type === 'leaf_moved' || event.type === 'node_appended') view?.dispatch(event);
  });
}

async function time(body: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await body();
  return performance.now() - started;
}

const api = {
  /** A fresh database holding the 10,000-node session; returns its node count. */
  async prepare(): Promise<number> {
    databaseName = `bench-sessions-${Date.now()}`;
    store = await openDexieStore({ name: databaseName });
    await store.workspaces.put({ id: 'bench', name: 'Bench', createdAt: 0, updatedAt: 0 });
    const nodes: NodeRecord[] = [];
    let t = 1;
    const add = (parentId: string | null, role: 'user' | 'assistant', content: string) => {
      const node: NodeRecord = {
        id: `n${nodes.length}`,
        sessionId: SESSION,
        parentId,
        role,
        content,
        status: 'complete',
        startedAt: t++,
        ...(role === 'assistant' ? { model: 'bench/model' } : {}),
      };
      nodes.push(node);
      return node.id;
    };
    let parent: string | null = null;
    const branchParents: (string | null)[] = [];
    trunkQuestions = [];
    for (let i = 0; i < TRUNK_EXCHANGES; i++) {
      branchParents.push(parent);
      const q = add(parent, 'user', `Question ${i}: how do I total the second column?`);
      trunkQuestions.push(q);
      parent = add(q, 'assistant', reply(i));
    }
    const leaf = parent;
    trunkLeaf = leaf;
    for (let b = 0; b < TRUNK_EXCHANGES; b++) {
      let side: string | null = branchParents[b]!;
      for (let i = 0; i < SIDE_EXCHANGES; i++) {
        const q = add(side, 'user', `Side ${b}.${i}: and with pandas instead?`);
        side = add(q, 'assistant', reply(b * 100 + i));
      }
    }
    await store.sessions.insert(
      {
        id: SESSION,
        workspaceId: 'bench',
        title: 'Ten thousand nodes',
        mode: 'chat',
        leafId: leaf,
        createdAt: 0,
        updatedAt: t,
        starred: false,
      },
      nodes,
    );
    startEngine();
    return nodes.length;
  },
  /**
   * Opening the session as the chat panel does: load the session and its nodes from
   * IndexedDB, build the active path and its message views. Returns ms and messages shown.
   */
  async timeOpen(options: { cold: boolean }): Promise<{ ms: number; shown: number }> {
    if (options.cold) {
      // A tab that has not read this session yet: a store of its own, nothing in memory.
      store!.close();
      store = await openDexieStore({ name: databaseName });
      startEngine();
    } else {
      // This tab has read the session before: the read that opening starts has ended.
      await store!.sessions.nodes(SESSION);
    }
    const shown = freshView();
    const ms = await time(async () => {
      showOpened(shown, SESSION, await engine!.load(SESSION));
    });
    return { ms, shown: shownCount() };
  },
  /** One branch switch at the 50th question (next, then back): ms of each, path length after. */
  async timeSwitch(direction: 'next' | 'previous'): Promise<{ ms: number; shown: number }> {
    const at = direction === 'next' ? trunkQuestions[50]! : await sideSiblingOf50();
    const ms = await time(() => engine!.switchBranch(SESSION, at, direction));
    return { ms, shown: shownCount() };
  },
  /** Building the request for the next message from the trunk's 200 messages (nodes in memory). */
  async timeContext(): Promise<{ ms: number; messages: number }> {
    const nodes = await store!.sessions.nodes(SESSION);
    let messages = 0;
    const ms = await time(async () => {
      const path = activePath(nodes, trunkLeaf);
      const system = await buildChatSystem({
        path,
        settings: { fileContext: false, customSystemPrompt: '' },
        sources: {
          workspaceName: () => 'Bench',
          activeDocument: () => undefined,
          readFile: async () => undefined,
        },
        contextWindow: 128_000,
        now: Date.now(),
      });
      const history = pathToMessages(path);
      const budget = contextBudget(BENCH_MODEL, { system });
      messages = fitsBudget(history, budget) ? history.length + 1 : 0;
    });
    return { ms, messages };
  },
  /**
   * Appending to a conversation of `size` nodes (a chain of exchanges), as the engine does
   * for every question, reply and tool result: the store's one transaction, then the views
   * of the path updated by its listener. Returns the median ms of `count` appends.
   */
  async timeAppend(size: number, count: number): Promise<{ ms: number; shown: number }> {
    const id = `append-${size}-${Date.now()}`;
    const nodes: NodeRecord[] = Array.from({ length: size }, (_, i) => ({
      id: `${id}-${i}`,
      sessionId: id,
      parentId: i === 0 ? null : `${id}-${i - 1}`,
      role: i % 2 ? 'assistant' : 'user',
      content: i % 2 ? reply(i) : `Question ${i}`,
      status: 'complete',
      startedAt: i + 1,
    }));
    const leaf = nodes.at(-1)!.id;
    await store!.sessions.insert(
      {
        id,
        workspaceId: 'bench',
        title: `${size} nodes`,
        mode: 'chat',
        leafId: leaf,
        createdAt: 0,
        updatedAt: size,
        starred: false,
      },
      nodes,
    );
    const shown = freshView();
    showOpened(shown, id, await engine!.load(id));
    const core = createEngineCore(engineDeps());
    core.subscribe((event) => {
      if (event.type === 'node_appended') shown.dispatch(event);
    });
    const times: number[] = [];
    let parent = leaf;
    for (let i = 0; i < count; i++) {
      const node: NodeRecord = {
        id: `${id}-extra-${i}`,
        sessionId: id,
        parentId: parent,
        role: 'user',
        content: `Follow-up ${i}`,
        status: 'complete',
        startedAt: size + i + 1,
      };
      times.push(await time(() => core.append(node)));
      parent = node.id;
    }
    times.sort((a, b) => a - b);
    return { ms: times[Math.floor(times.length / 2)]!, shown: shownCount() };
  },
  /** JS heap in use, in bytes (Chromium's performance.memory), with the session shown. */
  heap(): number {
    const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    return memory?.usedJSHeapSize ?? 0;
  },
  close(): void {
    dispose?.();
    store?.close();
  },
};

/** The edit sibling of the 50th trunk question (to switch back from). */
async function sideSiblingOf50(): Promise<string> {
  const nodes = await store!.sessions.nodes(SESSION);
  const q = nodes.find((n) => n.id === trunkQuestions[50]);
  const sibling = nodes.find(
    (n) => n.parentId === q!.parentId && n.id !== q!.id && n.role === 'user',
  );
  return sibling!.id;
}

(globalThis as unknown as { coveSessionsBench: typeof api }).coveSessionsBench = api;
