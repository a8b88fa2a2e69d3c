import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackupService } from '../../../src/app/backup-service';
import { describeError } from '../../../src/app/messages/describe-error';
import { createProviderService } from '../../../src/app/provider-service';
import { sealWithPassphrase } from '../../../src/base/passphrase-box';
import type { CoveStore } from '../../../src/store/cove-store';
import { writeBackup } from '../../../src/workspace/backup-archive';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { storeKinds, testClock } from '../../fakes/stores';

const KEY = 'sk-backup-0123456789abcdef';
const HEADER = 'backup-header-secret-42';
const PASSPHRASE = 'backups are forever';

/** Every entry of a zip as Latin-1 text, so a key in any entry, text or bytes, shows. */
const zipText = (bytes: Uint8Array) =>
  Object.values(unzipSync(bytes))
    .map((entry) => String.fromCharCode(...entry))
    .join('\n');

describe.each(storeKinds)('backups and API keys ($name)', ({ open }) => {
  const opened: CoveStore[] = [];
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
  });
  const fresh = async () => {
    const store = await open();
    opened.push(store);
    return store;
  };
  const providersOf = (store: CoveStore) =>
    createProviderService({
      settings: store.settings,
      clock: testClock(),
      fetch: globalThis.fetch,
    });

  async function source() {
    const store = await fresh();
    const workspace = await new WorkspaceCatalog(store, testClock()).create('Keys');
    await new WorkspaceCatalog(store, testClock()).files(workspace.id).write('a.py', 'x = 1\n');
    const providers = providersOf(store);
    const id = await providers.add({
      presetId: 'custom',
      name: 'Fake',
      baseURL: 'http://127.0.0.1:9/v1',
      apiKey: KEY,
      headers: { 'X-Api-Key': HEADER, 'X-Title': 'Cove' },
    });
    return { store, backups: createBackupService(store, testClock()), id };
  }

  it('a backup without keys has neither the key nor the secret header', async () => {
    const { backups } = await source();
    const { bytes } = await backups.create();
    const text = zipText(bytes);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(HEADER);
    expect(text).toContain('X-Title');
    expect((await backups.open(bytes)).hasKeys).toBe(false);
  });

  it('a backup with keys holds them only encrypted, and restores them with the passphrase', async () => {
    const { backups, id } = await source();
    const { bytes } = await backups.create({ passphrase: PASSPHRASE });
    const text = zipText(bytes);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(HEADER);

    const target = await fresh();
    const pending = await createBackupService(target, testClock()).open(bytes);
    expect(pending).toMatchObject({ workspaces: 1, files: 1, hasKeys: true });
    expect(await pending.restore(PASSPHRASE)).toEqual({ workspaces: 1, files: 1, keys: 1 });
    const providers = providersOf(target);
    await providers.load();
    expect(providers.providers()).toEqual([
      expect.objectContaining({
        id,
        apiKey: KEY,
        keyOrigin: 'http://127.0.0.1:9',
        headers: { 'X-Title': 'Cove', 'X-Api-Key': HEADER },
      }),
    ]);
  });

  it('a wrong passphrase restores nothing; without it everything but the keys comes back', async () => {
    const { backups } = await source();
    const { bytes } = await backups.create({ passphrase: PASSPHRASE });
    const target = await fresh();
    const pending = await createBackupService(target, testClock()).open(bytes);
    await expect(pending.restore('Backups are forever')).rejects.toMatchObject({
      code: 'wrong-passphrase',
    });
    expect(await target.workspaces.list()).toEqual([]);
    expect(await target.settings.get('llm.providers')).toBeUndefined();

    expect(await pending.restore()).toEqual({ workspaces: 1, files: 1, keys: 0 });
    const providers = providersOf(target);
    await providers.load();
    expect(providers.providers()).toHaveLength(1);
    expect(providers.providers()[0]!.apiKey).toBeUndefined();
    expect((await target.workspaces.list()).map((w) => w.name)).toEqual(['Keys']);
  });

  it('refuses keys it cannot read, saying to restore without them, and changes nothing', async () => {
    const { store } = await source();
    // Opens with the passphrase, but holds a row that is not a secret setting.
    const keys = await sealWithPassphrase('[{"key":"theme","value":"dark"}]', PASSPHRASE, 100_000);
    const bytes = writeBackup(await store.snapshot({ withSecrets: false }), new Date(0), { keys });
    const target = await fresh();
    const pending = await createBackupService(target, testClock()).open(bytes);
    const error = await pending.restore(PASSPHRASE).catch((e: unknown) => e);
    // Data worded by the catalog, not English given where it was raised.
    expect(error).toMatchObject({ params: { variant: 'keys' }, ownWording: undefined });
    expect(describeError(error)).toMatchObject({
      code: 'backup-invalid',
      message: 'The encrypted keys in this backup are not in a form Cove knows.',
      hint: 'Nothing was changed. Restore without the keys, then enter them again in Settings.',
    });
    expect(await target.workspaces.list()).toEqual([]);
  });

  it('refuses a short passphrase before writing anything', async () => {
    const { backups } = await source();
    await expect(backups.create({ passphrase: 'short' })).rejects.toMatchObject({
      code: 'passphrase-weak',
    });
  });
});
