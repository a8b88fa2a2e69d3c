// Tests of the store read IndexedDB as a disk copy would, and build databases as older Cove
// versions did: both need Dexie, which outside tests only src/store may import.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProviderService, PROVIDER_SETTING_KEYS } from '../../../src/app/provider-service';
import { ManualClock } from '../../../src/base/clock';
import { LocalChangeFeed } from '../../../src/store/change-feed';
import type { CoveStore } from '../../../src/store/cove-store';
import { SCHEMA_VERSION } from '../../../src/store/dexie-database';
import { openDexieStore } from '../../../src/store/dexie-store';
import { isSealedSecret } from '../../../src/store/secret-cipher';
import { storeKinds } from '../../fakes/stores';
import { createV1Database, V1_HEADER, V1_KEY, V1_ROWS } from './migrations/schema-v1';

const KEY = 'sk-at-rest-0123456789abcdef';
const HEADER = 'header-secret-987654';

let counter = 0;
const names: string[] = [];
const open: CoveStore[] = [];
const freshName = () => {
  const name = `cove-secrets-${Date.now()}-${counter++}`;
  names.push(name);
  return name;
};
async function openStore(name: string): Promise<CoveStore> {
  const store = await openDexieStore({ name, changes: new LocalChangeFeed(), now: () => 1 });
  open.push(store);
  return store;
}
afterEach(async () => {
  for (const store of open.splice(0)) store.close();
  for (const name of names.splice(0)) await Dexie.delete(name);
  vi.restoreAllMocks();
});

/**
 * Every row of every table exactly as IndexedDB holds it, read by a separate connection that
 * knows nothing of Cove's code, as text: strings as they are, bytes as Latin-1 (so plaintext
 * hidden in a byte array would show too). This is what a disk copy of the profile shows.
 */
async function rawDump(name: string): Promise<string> {
  const db = new Dexie(name);
  await db.open();
  const tables: Record<string, unknown[]> = {};
  for (const table of db.tables) tables[table.name] = await table.toArray();
  db.close();
  return JSON.stringify(tables, (_key, value: unknown) =>
    value instanceof Uint8Array ? String.fromCharCode(...value) : value,
  );
}

async function rawRow(name: string, table: string, key: string): Promise<unknown> {
  const db = new Dexie(name);
  await db.open();
  const row = await db.table(table).get(key);
  db.close();
  return row;
}

const secretValue = {
  p1: { key: KEY, origin: 'https://api.example.com', headers: { 'X-Api-Key': HEADER } },
};

describe('secret settings at rest (Dexie over fake-indexeddb)', () => {
  it('stores no plaintext: every string of a secret setting is ciphertext in IndexedDB', async () => {
    const name = freshName();
    const store = await openStore(name);
    await store.settings.set('secret.providerKeys', secretValue);
    await store.settings.set('secret.mcpHeaders', { s1: { Authorization: `Bearer ${HEADER}` } });
    await store.settings.set('ui.theme', 'dark');
    const dump = await rawDump(name);
    expect(dump).not.toContain(KEY);
    expect(dump).not.toContain(HEADER);
    expect(dump).not.toContain('api.example.com');
    // Non-secret settings stay readable; ids and header names stay so a lost key can be named.
    expect(dump).toContain('"ui.theme"');
    const row = (await rawRow(name, 'settings', 'secret.providerKeys')) as {
      value: { p1: { key: unknown; headers: Record<string, unknown> } };
    };
    expect(isSealedSecret(row.value.p1.key)).toBe(true);
    expect(isSealedSecret(row.value.p1.headers['X-Api-Key'])).toBe(true);
    // Through the store they read back as written.
    expect(await store.settings.get('secret.providerKeys')).toEqual(secretValue);
  });

  it('the profile key survives a reopen, cannot be exported, and is the only way in', async () => {
    const name = freshName();
    const first = await openStore(name);
    await first.settings.set('secret.providerKeys', secretValue);
    first.close();
    const second = await openStore(name);
    expect(await second.settings.get('secret.providerKeys')).toEqual(secretValue);
    // fake-indexeddb clones values with Node's structuredClone, which clones a CryptoKey
    // within one process as Chromium does across reloads: the row holds a real, usable,
    // non-extractable key. That a key survives a real browser restart is for the e2e test.
    const { key } = (await rawRow(name, 'profileKeys', 'secrets')) as { key: CryptoKey };
    expect(key).toBeInstanceOf(CryptoKey);
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('a lost profile key: secrets come back sealed, the provider says to re-enter the key', async () => {
    const name = freshName();
    const store = await openStore(name);
    const clock = new ManualClock(0);
    const before = createProviderService({
      settings: store.settings,
      clock,
      fetch: globalThis.fetch,
    });
    const id = await before.add({
      presetId: 'custom',
      name: 'Fake',
      baseURL: 'http://127.0.0.1:9/v1',
      apiKey: KEY,
      headers: { 'X-Api-Key': HEADER },
    });
    store.close();
    // Storage partly cleared: the key row is gone, the sealed secrets remain.
    const raw = new Dexie(name);
    await raw.open();
    await raw.table('profileKeys').clear();
    raw.close();

    const reopened = await openStore(name);
    const value = (await reopened.settings.get<Record<string, { key: unknown }>>(
      PROVIDER_SETTING_KEYS.keys,
    ))!;
    expect(isSealedSecret(value[id]!.key)).toBe(true);
    const after = createProviderService({
      settings: reopened.settings,
      clock,
      fetch: globalThis.fetch,
    });
    await after.load();
    expect(after.providers()).toHaveLength(1);
    expect(after.providers()[0]!.apiKey).toBeUndefined();
    expect(after.providers()[0]!.headers).toBeUndefined();
    expect(after.keyLost(id)).toBe(true);
    // An unrelated change keeps the notice; entering a key clears it.
    await after.setChatOptions({ ...after.chatOptions(), temperature: 1 });
    expect(after.keyLost(id)).toBe(true);
    await after.update(id, {
      presetId: 'custom',
      name: 'Fake',
      baseURL: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-new-key-0123456789',
      headers: {},
    });
    expect(after.keyLost(id)).toBe(false);
    expect(after.providers()[0]!.apiKey).toBe('sk-new-key-0123456789');
  });
});

describe('migration from schema 1 (frozen fixture)', () => {
  it('seals plaintext secrets in place and leaves everything else as it was', async () => {
    const name = freshName();
    await createV1Database(name);
    expect(await rawDump(name)).toContain(V1_KEY);
    const store = await openStore(name);
    const dump = await rawDump(name);
    expect(dump).not.toContain(V1_KEY);
    expect(dump).not.toContain(V1_HEADER);
    expect(await store.settings.get('secret.providerKeys')).toEqual(V1_ROWS.settings[2]!.value);
    expect(await store.settings.get('ui.theme')).toBe('dark');
    expect(await store.settings.get('llm.providers')).toEqual(V1_ROWS.settings[1]!.value);
    expect((await store.files.get('w1', 'main.py'))?.content).toBe('print(1)\n');
    const raw = new Dexie(name);
    await raw.open();
    expect(raw.verno).toBe(SCHEMA_VERSION);
    raw.close();
  });

  // Invariant 5: a failed migration or import leaves the previous data readable.
  it('a migration that fails leaves schema 1 and its data as they were', async () => {
    const name = freshName();
    await createV1Database(name);
    vi.spyOn(crypto.subtle, 'encrypt').mockRejectedValue(new Error('crypto broke'));
    await expect(openDexieStore({ name, changes: new LocalChangeFeed() })).rejects.toThrow();
    vi.restoreAllMocks();
    const raw = new Dexie(name);
    await raw.open();
    expect(raw.verno).toBe(1);
    expect(raw.tables.map((table) => table.name)).not.toContain('profileKeys');
    raw.close();
    expect(await rawDump(name)).toContain(V1_KEY);
    // The next start migrates.
    const store = await openStore(name);
    expect(await store.settings.get('secret.providerKeys')).toEqual(V1_ROWS.settings[2]!.value);
    expect(await rawDump(name)).not.toContain(V1_KEY);
  });
});

describe.each(storeKinds)('secret settings contract ($name)', ({ open: openKind }) => {
  it('snapshots leave secrets out unless asked; restore seals what it is given', async () => {
    const store = await openKind();
    open.push(store);
    await store.settings.set('secret.providerKeys', secretValue);
    await store.settings.set('ui.theme', 'dark');
    const plain = await store.snapshot();
    expect(plain.settings.map((row) => row.key)).toEqual(['ui.theme']);
    const withSecrets = await store.snapshot({ withSecrets: true });
    expect(withSecrets.settings).toContainEqual({ key: 'secret.providerKeys', value: secretValue });

    const target = await openKind();
    open.push(target);
    await target.restore(withSecrets);
    expect(await target.settings.get('secret.providerKeys')).toEqual(secretValue);
    await target.settings.delete('secret.providerKeys');
    expect(await target.settings.get('secret.providerKeys')).toBeUndefined();
  });

  it('the last of quick secret writes wins', async () => {
    const store = await openKind();
    open.push(store);
    await Promise.all(
      ['a', 'b', 'c'].map((value) => store.settings.set('secret.order', { value })),
    );
    expect(await store.settings.get('secret.order')).toEqual({ value: 'c' });
  });
});
