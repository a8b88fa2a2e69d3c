import { createRoot, createSignal } from 'solid-js';
import { describe, expect, it } from 'vitest';
import type { ChatService } from '../../../src/app/chat-service';
import { RECENTLY_DELETED_MS } from '../../../src/agent/session-library';
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
      async deleteSession(id: string) {
        const entry = await store.trash.moveSession(`deleted-${id}`, id, clock.now());
        setSessions(await store.sessions.list('w'));
        return entry;
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
  return { store, clock, notices, service, chat };
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
    const { service, store, notices, chat } = await setup();
    await service.remove('a');
    expect(await store.sessions.get('a')).toBeUndefined();
    const notice = notices.notices().find((n) => n.text === 'Deleted "Dates".');
    expect(notice?.action?.label).toBe('Undo');
    notice!.action!.run();
    await expect.poll(() => chat.activeSession()?.id).toBe('a');
    expect((await store.sessions.nodes('a')).map((n) => n.content).sort()).toEqual([
      'How to parse dates',
      'Use strptime',
    ]);
    expect(await store.trash.list('w')).toEqual([]);
  });

  it('when Undo expires the notice goes; the conversation stays in Recently deleted', async () => {
    const { service, clock, notices } = await setup();
    await service.remove('b');
    await clock.advance(UNDO_DELETE_MS);
    expect(notices.notices().some((n) => n.text === 'Deleted "Plots".')).toBe(false);
    await service.refreshRecentlyDeleted();
    expect(service.recentlyDeleted().map((entry) => [entry.kind, entry.title])).toEqual([
      ['session', 'Plots'],
    ]);
    expect(await service.restoreDeleted(service.recentlyDeleted()[0]!.id)).toBe(true);
    expect(notices.notices().at(-1)?.text).toBe('Restored "Plots".');
    expect(service.groups().flatMap((g) => g.sessions.map((s) => s.title))).toContain('Plots');
    await expect.poll(() => service.recentlyDeleted()).toEqual([]);
  });

  it('a deleted branch has Undo too, and is listed under its conversation', async () => {
    const { service, store, notices } = await setup();
    await service.deleteBranch('a2');
    expect((await store.sessions.nodes('a')).map((n) => n.id)).toEqual(['a1']);
    await expect
      .poll(() => service.recentlyDeleted().map((entry) => [entry.kind, entry.title, entry.first]))
      .toEqual([['branch', 'Dates', 'Use strptime']]);
    notices
      .notices()
      .find((n) => n.text === 'Deleted a branch of "Dates".')!
      .action!.run();
    await expect.poll(async () => (await store.sessions.get('a'))?.leafId).toBe('a2');
    await expect.poll(() => service.recentlyDeleted()).toEqual([]);
  });

  it('a restore that is refused says why and changes nothing', async () => {
    const { service, store, notices } = await setup();
    await service.remove('b');
    // Another way brought a conversation with the same id back meanwhile.
    await store.sessions.insert(session('b', 'Plots again', 3), []);
    await service.refreshRecentlyDeleted();
    expect(await service.restoreDeleted(service.recentlyDeleted()[0]!.id)).toBe(false);
    expect(notices.notices().at(-1)?.text).toMatch(/"Plots".*is stored again/);
    expect((await store.sessions.get('b'))?.title).toBe('Plots again');
    expect(service.recentlyDeleted()).toHaveLength(1);
    await service.deleteNow(service.recentlyDeleted()[0]!.id);
    await expect.poll(() => service.recentlyDeleted()).toEqual([]);
  });

  it('at start, what was deleted more than 30 days ago is deleted for good', async () => {
    const { service, store, clock } = await setup();
    await service.remove('b');
    await clock.advance(RECENTLY_DELETED_MS + 1);
    await service.remove('a');
    await service.start();
    await expect
      .poll(() => service.recentlyDeleted().map((entry) => entry.title))
      .toEqual(['Dates']);
    expect(await store.trash.list('w')).toHaveLength(1);
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
