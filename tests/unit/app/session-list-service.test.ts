import { createRoot, createSignal } from 'solid-js';
import { describe, expect, it } from 'vitest';
import type { ChatService } from '../../../src/app/chat-service';
import { createNoticeService } from '../../../src/app/notice-service';
import type { ProviderService } from '../../../src/app/provider-service';
import { createSessionListService, UNDO_DELETE_MS } from '../../../src/app/session-list-service';
import type { WorkspaceService } from '../../../src/app/workspace-service';
import { makeScriptedChatClient } from '../../../src/llm/scripted-chat-client';
import { createMemoryStore } from '../../../src/store/memory-store';
import type { NodeRecord, SessionRecord } from '../../../src/store/records';
import { testClock } from '../../fakes/stores';

const session = (id: string, title: string, updatedAt: number): SessionRecord => ({
  id,
  workspaceId: 'w',
  title,
  mode: 'chat',
  leafId: null,
  createdAt: 0,
  updatedAt,
  starred: false,
});

const node = (id: string, sessionId: string, parentId: string | null, content: string) =>
  ({
    id,
    sessionId,
    parentId,
    role: parentId ? 'assistant' : 'user',
    content,
    status: 'complete',
    startedAt: 1,
  }) as NodeRecord;

/** The service over a memory store, with a chat service that only lists and opens. */
async function setup() {
  const store = createMemoryStore();
  const clock = testClock();
  const notices = createNoticeService(clock);
  await store.sessions.insert({ ...session('a', 'Dates', 2), leafId: 'a2' }, [
    node('a1', 'a', null, 'How to parse dates'),
    node('a2', 'a', 'a1', 'Use strptime'),
  ]);
  await store.sessions.insert(session('b', 'Plots', 1), []);
  const deletedCheckpoints: string[] = [];
  const checkpoints = store.checkpoints;
  checkpoints.deleteSession = async (id) => {
    deletedCheckpoints.push(id);
    return { checkpoints: 0, blobs: 0 };
  };
  const { service, chat } = createRoot(() => {
    const [sessions, setSessions] = createSignal<SessionRecord[]>([]);
    const [active, setActive] = createSignal<string | undefined>('a');
    const chat = {
      sessions,
      activeSession: () => sessions().find((s) => s.id === active()),
      busy: () => false,
      async reloadSessions() {
        setSessions(await store.sessions.list('w'));
      },
      async openSession(id: string) {
        setActive(id);
      },
      async deleteSession(id: string, options?: { keepCheckpoints?: boolean }) {
        await store.sessions.delete(id);
        if (!options?.keepCheckpoints) await checkpoints.deleteSession(id);
        setSessions(await store.sessions.list('w'));
      },
    } as unknown as ChatService;
    const service = createSessionListService({
      store,
      chat,
      workspaces: { current: () => ({ id: 'w', name: 'W' }) } as unknown as WorkspaceService,
      providers: {
        selectedModel: () => undefined,
        providers: () => [],
      } as unknown as ProviderService,
      client: makeScriptedChatClient([]),
      clock,
      notices,
      newId: (() => {
        let n = 0;
        return () => `new-${++n}`;
      })(),
    });
    return { service, chat };
  });
  await chat.reloadSessions();
  return { store, clock, notices, service, chat, deletedCheckpoints };
}

describe('the sessions list service', () => {
  it('searches message contents through the store after a short pause', async () => {
    const { service, clock } = await setup();
    service.setQuery('strptime');
    expect(service.searching()).toBe(true);
    await clock.advance(1_000);
    expect(service.searching()).toBe(false);
    expect(service.groups().flatMap((g) => g.sessions.map((s) => s.title))).toEqual(['Dates']);
    service.setQuery('');
    await clock.advance(1_000);
    expect(service.groups().flatMap((g) => g.sessions.map((s) => s.title))).toEqual([
      'Dates',
      'Plots',
    ]);
  });

  it('a delete shows Undo, which brings back the session with every node', async () => {
    const { service, store, notices, deletedCheckpoints } = await setup();
    await service.remove('a');
    expect(await store.sessions.get('a')).toBeUndefined();
    const notice = notices.notices().find((n) => n.text === 'Deleted "Dates".');
    expect(notice?.action?.label).toBe('Undo');
    notice!.action!.run();
    await expect.poll(() => store.sessions.get('a')).toBeDefined();
    expect((await store.sessions.nodes('a')).map((n) => n.content).sort()).toEqual([
      'How to parse dates',
      'Use strptime',
    ]);
    expect(deletedCheckpoints).toEqual([]);
  });

  // Invariant 20: deleting a workspace or conversation removes what it owned, only that.
  it('when Undo expires the notice goes and so do the checkpoints', async () => {
    const { service, clock, notices, deletedCheckpoints } = await setup();
    await service.remove('b');
    expect(deletedCheckpoints).toEqual([]);
    await clock.advance(UNDO_DELETE_MS);
    expect(notices.notices().some((n) => n.text === 'Deleted "Plots".')).toBe(false);
    expect(deletedCheckpoints).toEqual(['b']);
  });

  it('a bad import is refused as a notice and writes nothing', async () => {
    const { service, store, notices } = await setup();
    expect(await service.importSession('{"format":"cove-session","version":7}')).toBe(false);
    expect(notices.notices().at(-1)?.text).toMatch(/version 7.*reload Cove/);
    expect(await store.sessions.list('w')).toHaveLength(2);
  });

  it('forks from a message of the session shown and opens the fork', async () => {
    const { service, store, chat } = await setup();
    await service.forkFrom('a1');
    expect(chat.activeSession()?.title).toBe('Dates (fork)');
    const fork = chat.activeSession()!;
    expect((await store.sessions.nodes(fork.id)).map((n) => n.content)).toEqual([
      'How to parse dates',
    ]);
  });
});
