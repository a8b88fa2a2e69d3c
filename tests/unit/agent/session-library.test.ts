import { afterEach, describe, expect, it } from 'vitest';
import { createSessionLibrary, RECENTLY_DELETED_MS } from '../../../src/agent/session-library';
import { activePath } from '../../../src/agent/session-tree';
import { CoveError } from '../../../src/base/errors';
import type { CoveStore } from '../../../src/store/cove-store';
import type { NodeRecord, SessionRecord } from '../../../src/store/records';
import { storeKinds, testClock } from '../../fakes/stores';

const session = (id: string, extra: Partial<SessionRecord> = {}): SessionRecord => ({
  id,
  workspaceId: 'w1',
  title: `Session ${id}`,
  mode: 'chat',
  leafId: null,
  createdAt: 1,
  updatedAt: 1,
  starred: false,
  ...extra,
});

const node = (id: string, parentId: string | null, startedAt: number, content = id) =>
  ({
    id,
    sessionId: 's1',
    parentId,
    role: startedAt % 2 ? 'user' : 'assistant',
    content,
    status: 'complete',
    startedAt,
  }) as NodeRecord;

describe.each(storeKinds)('session library over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  async function setup() {
    store = await open();
    const clock = testClock();
    let n = 0;
    const library = createSessionLibrary({
      sessions: store.sessions,
      trash: store.trash,
      clock,
      newId: () => `n${++n}`,
    });
    // q1 ─ a1 ─ q2 ─ a2 ; a1 ─ q2b ─ a2b (newer)
    await store.sessions.insert(session('s1', { leafId: 'a2b', updatedAt: 5 }), [
      node('q1', null, 1, 'How to parse dates'),
      node('a1', 'q1', 2, 'Use datetime.strptime'),
      node('q2', 'a1', 3, 'And time zones?'),
      node('a2', 'q2', 4, 'Use zoneinfo'),
      node('q2b', 'a1', 5, 'And locales?'),
      node('a2b', 'q2b', 6, 'Use babel'),
    ]);
    await store.sessions.insert(session('s2', { title: 'Plotting', updatedAt: 9 }), []);
    return { library, clock };
  }

  const contents = async (sessionId: string) => {
    const stored = await store.sessions.get(sessionId);
    const nodes = await store.sessions.nodes(sessionId);
    return activePath(nodes, stored?.leafId ?? null).map((x) => x.content);
  };

  it('forks the path to a message into a new session', async () => {
    const { library } = await setup();
    const fork = await library.fork('s1', 'q2');
    expect(fork.title).toBe('Session s1 (fork)');
    expect(await contents(fork.id)).toEqual([
      'How to parse dates',
      'Use datetime.strptime',
      'And time zones?',
    ]);
    expect(await store.sessions.nodes(fork.id)).toHaveLength(3);
    expect(await store.sessions.nodes('s1')).toHaveLength(6);
  });

  it('duplicates the whole tree', async () => {
    const { library } = await setup();
    const copy = await library.duplicate('s1');
    expect(await store.sessions.nodes(copy.id)).toHaveLength(6);
    expect(await contents(copy.id)).toEqual(await contents('s1'));
  });

  it('deletes a branch in one write and moves the active path to its sibling', async () => {
    const { library } = await setup();
    const entry = await library.deleteBranch('s1', 'q2b');
    expect(entry).toMatchObject({ kind: 'branch', title: 'Session s1', messages: 2 });
    expect((await store.sessions.get('s1'))?.leafId).toBe('a2');
    expect((await store.sessions.nodes('s1')).map((x) => x.id).sort()).toEqual(
      ['a1', 'a2', 'q1', 'q2'].sort(),
    );
    expect(await contents('s1')).toEqual([
      'How to parse dates',
      'Use datetime.strptime',
      'And time zones?',
      'Use zoneinfo',
    ]);
  });

  it('jumps to the newest leaf under a node without making the session newer', async () => {
    const { library } = await setup();
    expect(await library.jumpTo('s1', 'q2')).toBe('a2');
    const stored = await store.sessions.get('s1');
    expect(stored?.leafId).toBe('a2');
    expect(stored?.updatedAt).toBe(5);
  });

  const byId = (a: NodeRecord, b: NodeRecord) => a.id.localeCompare(b.id);

  it('a deleted branch is listed with its conversation and goes back under its parent, shown', async () => {
    const { library } = await setup();
    const before = (await store.sessions.nodes('s1')).sort(byId);
    const entry = await library.deleteBranch('s1', 'q2b');
    expect(await library.recentlyDeleted('w1')).toEqual([
      expect.objectContaining({
        id: entry.id,
        kind: 'branch',
        title: 'Session s1',
        first: 'And locales?',
      }),
    ]);
    await library.restoreDeleted(entry.id);
    expect((await store.sessions.nodes('s1')).sort(byId)).toEqual(before);
    // The branch that was shown when it was deleted is shown again.
    expect(await contents('s1')).toEqual([
      'How to parse dates',
      'Use datetime.strptime',
      'And locales?',
      'Use babel',
    ]);
    expect(await library.recentlyDeleted('w1')).toEqual([]);
  });

  it('a branch whose conversation is deleted too goes back only after it, and says so', async () => {
    const { library } = await setup();
    const branch = await library.deleteBranch('s1', 'q2');
    const whole = await store.trash.moveSession('whole', 's1', 2);
    await expect(library.restoreDeleted(branch.id)).rejects.toMatchObject({
      code: 'missing',
      hint: expect.stringMatching(/Restore the conversation first/),
    });
    await library.restoreDeleted(whole!.id);
    await library.restoreDeleted(branch.id);
    expect(await store.sessions.nodes('s1')).toHaveLength(6);
  });

  it('deleting a conversation for good takes its deleted branches with it', async () => {
    const { library } = await setup();
    await library.deleteBranch('s1', 'q2');
    const whole = await store.trash.moveSession('whole', 's1', 2);
    expect(await library.recentlyDeleted('w1')).toHaveLength(2);
    await library.deleteForGood([whole!.id]);
    expect(await library.recentlyDeleted('w1')).toEqual([]);
  });

  it('entries expire RECENTLY_DELETED_MS after their delete, not before', async () => {
    const { library, clock } = await setup();
    const entry = await library.deleteBranch('s1', 'q2');
    expect(library.expiresAt(entry)).toBe(clock.now() + RECENTLY_DELETED_MS);
    await clock.advance(RECENTLY_DELETED_MS);
    expect(await library.purgeExpired()).toBe(0);
    await clock.advance(1);
    expect(await library.purgeExpired()).toBe(1);
    expect(await library.recentlyDeleted('w1')).toEqual([]);
  });

  it('searches titles and message contents, case-insensitively', async () => {
    const { library } = await setup();
    expect(await library.search('w1', 'ZONEINFO')).toEqual(['s1']);
    expect(await library.search('w1', 'plot')).toEqual(['s2']);
    expect(await library.search('w1', 'nothing like this')).toEqual([]);
    expect(await library.search('w1', '')).toEqual(['s2', 's1']);
  });

  it('stars without changing the order of activity', async () => {
    const { library } = await setup();
    await library.star('s1', true);
    const stored = await store.sessions.get('s1');
    expect(stored?.starred).toBe(true);
    expect(stored?.updatedAt).toBe(5);
  });

  // Invariant 14: export, wipe, import gives back the same files and tree.
  it('exports JSON that imports back as an equal tree in a new session', async () => {
    const { library } = await setup();
    const file = await library.exportJson('s1');
    expect(file.name).toBe('session-s1.json');
    const imported = await library.importJson(file.text, 'w1');
    expect(imported.id).not.toBe('s1');
    expect(await store.sessions.nodes(imported.id)).toHaveLength(6);
    expect(await contents(imported.id)).toEqual(await contents('s1'));
    // Beside the conversation it came from, the import says what it is.
    expect(imported.title).toBe('Session s1 (imported)');
    // Into a workspace without it, the title stays as it was.
    const elsewhere = await library.importJson(file.text, 'w2');
    expect(elsewhere.title).toBe('Session s1');
  });

  // Invariant 5: a failed migration or import leaves the previous data readable.
  it('a refused import writes nothing', async () => {
    const { library } = await setup();
    const file = JSON.parse((await library.exportJson('s1')).text);
    file.nodes[5].parentId = 'ghost';
    await expect(library.importJson(JSON.stringify(file), 'w1')).rejects.toThrow(/ghost/);
    expect(await store.sessions.list('w1')).toHaveLength(2);
  });

  // Invariant 4: writes that belong together are one transaction.
  it('an insert that clashes with stored ids writes nothing at all', async () => {
    await setup();
    const clash = [node('fresh', null, 1), node('a1', 'fresh', 2)];
    await expect(store.sessions.insert(session('s3'), clash)).rejects.toBeInstanceOf(CoveError);
    expect(await store.sessions.get('s3')).toBeUndefined();
    expect((await store.sessions.nodes('s3')).length).toBe(0);
  });

  it('Markdown export holds the active branch', async () => {
    const { library } = await setup();
    const file = await library.exportMarkdown('s1');
    expect(file.name).toBe('session-s1.md');
    expect(file.text).toContain('Use babel');
    expect(file.text).not.toContain('Use zoneinfo');
  });

  it('Markdown export names the model, not the internal provider id', async () => {
    const { library } = await setup();
    await store.sessions.insert(session('s9', { leafId: 'r' }), [
      { ...node('u', null, 1, 'hi'), sessionId: 's9' },
      { ...node('r', 'u', 2, 'hello'), sessionId: 's9', model: 'k3x9q2/gpt-4o-mini' },
    ]);
    const file = await library.exportMarkdown('s9');
    expect(file.text).toContain('## Assistant (gpt-4o-mini)');
    expect(file.text).not.toContain('k3x9q2');
  });
});
