import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import { sealWithPassphrase } from '../../../src/base/passphrase-box';
import type { CoveStore } from '../../../src/store/cove-store';
import { readBackup, writeBackup } from '../../../src/workspace/backup-archive';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { storeKinds, testClock } from '../../fakes/stores';

function failure(run: () => unknown): CoveError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CoveError);
    return error as CoveError;
  }
  throw new Error('expected a failure');
}

describe.each(storeKinds)('backup over the $name store', ({ open }) => {
  const opened: CoveStore[] = [];
  afterEach(() => opened.splice(0).forEach((s) => s.close()));

  async function filledStore() {
    const store = await open();
    opened.push(store);
    const catalog = new WorkspaceCatalog(store, testClock());
    const a = await catalog.create('A');
    const b = await catalog.create('B');
    await store.sessions.put({
      id: 's1',
      workspaceId: a.id,
      title: 'Chat',
      mode: 'chat',
      leafId: null,
      createdAt: 1,
      updatedAt: 1,
      starred: false,
    });
    await store.sessions.append(
      {
        id: 'n1',
        sessionId: 's1',
        parentId: null,
        role: 'user',
        content: 'hi',
        status: 'complete',
        startedAt: 2,
      },
      2,
    );
    await store.sessions.append(
      {
        id: 'n2',
        sessionId: 's1',
        parentId: 'n1',
        role: 'assistant',
        content: 'hello',
        status: 'complete',
        startedAt: 3,
      },
      3,
    );
    await store.settings.set('secret.provider.p1', 'sk-test-123');
    await catalog.files(a.id).write('src/main.py', 'print("a")\r\n');
    await catalog.files(a.id).write('img.bin', new Uint8Array([0, 255, 1, 254]));
    await catalog.files(b.id).createFolder('empty');
    await store.settings.set('ui.theme', 'dark');
    return store;
  }

  // Invariant 14: export, wipe, import gives back the same files and tree.
  it('export, wipe, import gives back equal data', async () => {
    const source = await filledStore();
    const before = await source.snapshot();
    const archive = writeBackup(before, new Date('2026-12-02T00:00:00Z'));
    const target = await open();
    opened.push(target);
    await target.restore(readBackup(archive).snapshot);
    const after = await target.snapshot();
    expect(after.nodes.length).toBe(2);
    expect((await target.sessions.get('s1'))?.leafId).toBe('n2');
    // Keys stay behind unless asked for.
    expect(after.settings.some((row) => row.key.startsWith('secret.'))).toBe(false);
    before.settings = before.settings.filter((row) => !row.key.startsWith('secret.'));
    const sort = <T extends object>(rows: T[]) =>
      [...rows].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
    expect(sort(after.workspaces)).toEqual(sort(before.workspaces));
    expect(sort(after.settings)).toEqual(sort(before.settings));
    expect(after.files.length).toBe(before.files.length);
    for (const file of before.files) {
      const match = after.files.find(
        (f) => f.workspaceId === file.workspaceId && f.path === file.path,
      );
      expect(match).toEqual(file);
    }
  });

  it('never writes secrets in plain text; keys travel only in the passphrase box', async () => {
    const source = await filledStore();
    // Even a snapshot that carries opened secrets does not put them in the manifest.
    const snapshot = await source.snapshot({ withSecrets: true });
    expect(snapshot.settings).toContainEqual({ key: 'secret.provider.p1', value: 'sk-test-123' });
    const plain = writeBackup(snapshot, new Date());
    expect(new TextDecoder().decode(unzipSync(plain)['cove-backup.json'])).not.toContain(
      'sk-test-123',
    );
    expect(readBackup(plain).keys).toBeUndefined();
    const keys = await sealWithPassphrase('[]', 'a long passphrase');
    const boxed = readBackup(writeBackup(snapshot, new Date(), { keys }));
    expect(boxed.keys).toEqual(keys);
    expect(boxed.snapshot.settings.some((row) => row.key.startsWith('secret.'))).toBe(false);
  });

  it('drops plain-text secret rows a crafted backup carries', async () => {
    const source = await filledStore();
    const snapshot = await source.snapshot();
    snapshot.settings.push({ key: 'secret.providerKeys', value: { p1: { key: 'sk-planted' } } });
    const manifest = JSON.parse(
      new TextDecoder().decode(unzipSync(writeBackup(snapshot, new Date()))['cove-backup.json']),
    );
    manifest.settings.push({ key: 'secret.providerKeys', value: { p1: { key: 'sk-planted' } } });
    const entries = unzipSync(writeBackup(snapshot, new Date()));
    entries['cove-backup.json'] = new TextEncoder().encode(JSON.stringify(manifest));
    const read = readBackup(zipSync(entries));
    expect(JSON.stringify(read.snapshot.settings)).not.toContain('sk-planted');
  });

  it('restoring into an existing install replaces the backed-up workspaces and keeps others', async () => {
    const source = await filledStore();
    const archive = writeBackup(await source.snapshot(), new Date());
    const target = await open();
    opened.push(target);
    const catalog = new WorkspaceCatalog(target, testClock());
    const mine = await catalog.create('Mine');
    await catalog.files(mine.id).write('keep.py', 'keep');
    await target.restore(readBackup(archive).snapshot);
    const names = (await catalog.list()).map((w) => w.name).sort();
    expect(names).toEqual(['A', 'B', 'Mine']);
    expect((await catalog.files(mine.id).read('keep.py')).content).toBe('keep');
  });
});

describe('readBackup refuses bad files before anything is written', () => {
  const good = () =>
    writeBackup(
      {
        workspaces: [{ id: 'w1', name: 'W', createdAt: 1, updatedAt: 2 }],
        files: [
          {
            workspaceId: 'w1',
            path: 'a.py',
            kind: 'file',
            content: 'x',
            size: 1,
            mtime: 3,
            version: 1,
          },
        ],
        settings: [],
        sessions: [
          {
            id: 's1',
            workspaceId: 'w1',
            title: 'T',
            mode: 'chat',
            leafId: 'n2',
            createdAt: 1,
            updatedAt: 2,
            starred: false,
          },
        ],
        nodes: [
          {
            id: 'n1',
            sessionId: 's1',
            parentId: null,
            role: 'user',
            content: 'hi',
            status: 'complete',
            startedAt: 1,
          },
          {
            id: 'n2',
            sessionId: 's1',
            parentId: 'n1',
            role: 'assistant',
            content: 'hello',
            status: 'complete',
            startedAt: 2,
          },
        ],
      },
      new Date(),
    );

  function tamper(mutate: (manifest: Record<string, unknown>) => void): Uint8Array {
    const entries = unzipSync(good());
    const manifest = JSON.parse(new TextDecoder().decode(entries['cove-backup.json']));
    mutate(manifest);
    entries['cove-backup.json'] = strToU8(JSON.stringify(manifest));
    return zipSync(entries);
  }

  it('accepts the untouched file', () => {
    expect(readBackup(good()).snapshot.files[0]!.content).toBe('x');
  });

  // Invariant 5: a failed migration or import leaves the previous data readable.
  it.each([
    ['not a zip', () => strToU8('hello')],
    ['no manifest', () => zipSync({ 'other.json': strToU8('{}') })],
    ['manifest not JSON', () => zipSync({ 'cove-backup.json': strToU8('{nope') })],
    ['foreign format', () => tamper((m) => (m.format = 'something-else'))],
    [
      'a path escaping the workspace',
      () => tamper((m) => ((m.files as { path: string }[])[0]!.path = '../x')),
    ],
    [
      'a file of an unknown workspace',
      () => tamper((m) => ((m.files as { workspaceId: string }[])[0]!.workspaceId = 'zz')),
    ],
    ['a wrong size', () => tamper((m) => ((m.files as { size: number }[])[0]!.size = 99))],
    [
      'duplicate workspace ids',
      () => tamper((m) => (m.workspaces as unknown[]).push((m.workspaces as unknown[])[0])),
    ],
    ['a truncated archive', () => good().subarray(0, 40)],
    [
      'messages that form a cycle',
      () => tamper((m) => ((m.nodes as { parentId: string }[])[0]!.parentId = 'n2')),
    ],
    [
      'a message whose parent is missing',
      () => tamper((m) => ((m.nodes as { parentId: string }[])[1]!.parentId = 'zz')),
    ],
    ['duplicate message ids', () => tamper((m) => ((m.nodes as { id: string }[])[1]!.id = 'n1'))],
    [
      'a session whose leaf is elsewhere',
      () => tamper((m) => ((m.sessions as { leafId: string }[])[0]!.leafId = 'nope')),
    ],
  ])('refuses %s', (_name, make) => {
    const error = failure(() => readBackup(make()));
    expect(error.code).toBe('backup-invalid');
    expect(error.hint).toContain('Nothing was changed');
  });

  it.each([
    [
      'a settings row whose value Cove walks at start',
      (m: Record<string, unknown>) =>
        (m.settings = [{ key: 'editor.tabs.w1', value: { garbage: [1, 2] } }]),
      /setting "editor\.tabs\.w1" is damaged \(at value\.paths: /,
    ],
    [
      'a file row with a field of the wrong type',
      (m: Record<string, unknown>) => ((m.files as { mtime: unknown }[])[0]!.mtime = 'yesterday'),
      /file "a\.py" is damaged \(at mtime: /,
    ],
    [
      'a session node with an unknown status',
      (m: Record<string, unknown>) => ((m.nodes as { status: unknown }[])[1]!.status = 42),
      /message "n2" is damaged \(at status: /,
    ],
    [
      'a session with its tool calls of the wrong shape',
      (m: Record<string, unknown>) =>
        ((m.nodes as { toolCalls: unknown }[])[1]!.toolCalls = [{ id: 1 }]),
      /message "n2" is damaged \(at toolCalls\[0\]\.id: /,
    ],
  ])('refuses %s whole, naming the row', (_name, mutate, message) => {
    const error = failure(() => readBackup(tamper(mutate)));
    expect(error.code).toBe('backup-invalid');
    expect(error.message).toMatch(message);
  });

  it('says when a backup comes from a newer version', () => {
    expect(failure(() => readBackup(tamper((m) => (m.formatVersion = 99)))).code).toBe(
      'backup-newer',
    );
  });
});
