import { unzipSync } from 'fflate';
import type { FakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { CovePage } from './support/cove-page';
import { expect, test } from './support/fixtures';
import { KeysSettings } from './support/keys-page';

const KEY = 'sk-at-rest-e2e-0123456789abcdef';
const PASSPHRASE = 'a passphrase to remember';

/** Adds the fake provider with a key and one chat model, and closes Settings. */
async function connect(cove: CovePage, provider: FakeOpenAIServer) {
  provider.configure({ models: [{ id: 'chat-model', object: 'model', owned_by: 'fake' }] });
  await cove.openSettings();
  await cove.addProvider({ name: 'Fake', baseURL: provider.baseURL, apiKey: KEY });
  await expect(cove.providerCard('Fake')).toContainText('Key sk-…cdef');
  await cove.page.getByRole('button', { name: 'Close settings' }).click();
  await expect(cove.page.getByRole('combobox', { name: 'Model' })).toHaveValue(/\/chat-model$/);
}

/**
 * Every row of every object store of Cove's IndexedDB as the page reads it with the plain
 * IndexedDB API: strings as they are, bytes as Latin-1 text, a CryptoKey as its properties.
 */
async function rawDatabase(cove: CovePage): Promise<{ text: string; keyExtractable: unknown }> {
  return cove.page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('cove');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tables: Record<string, unknown[]> = {};
    let keyExtractable: unknown = 'no key';
    for (const name of Array.from(db.objectStoreNames)) {
      tables[name] = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    }
    for (const row of (tables['profileKeys'] ?? []) as { key: CryptoKey }[]) {
      keyExtractable = row.key instanceof CryptoKey ? row.key.extractable : 'not a CryptoKey';
      const exported = await crypto.subtle.exportKey('raw', row.key).then(
        () => 'exported',
        (error: Error) => error.name,
      );
      if (exported === 'exported') keyExtractable = 'exported';
    }
    db.close();
    const text = JSON.stringify(tables, (_key, value: unknown) =>
      value instanceof Uint8Array
        ? String.fromCharCode(...value)
        : value instanceof CryptoKey
          ? { cryptoKey: value.type }
          : value,
    );
    return { text, keyExtractable };
  });
}

/** All entries of a zip as Latin-1 text. */
const zipText = (bytes: Buffer) =>
  Object.values(unzipSync(new Uint8Array(bytes)))
    .map((entry) => Buffer.from(entry).toString('latin1'))
    .join('\n');

async function chatOnce(cove: CovePage, provider: FakeOpenAIServer, text: string) {
  provider.script({ content: `Reply to ${text}` });
  const box = cove.page.getByRole('combobox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(
    cove.page.getByRole('article', { name: 'Assistant reply' }).getByText(`Reply to ${text}`),
  ).toBeVisible();
}

test('a saved key is in neither IndexedDB nor a backup, yet requests carry it', async ({
  cove,
  provider,
}) => {
  await connect(cove, provider);

  const raw = await rawDatabase(cove);
  expect(raw.text).toContain('secret.providerKeys');
  expect(raw.text).not.toContain(KEY);
  expect(raw.text).not.toContain(KEY.slice(-12));
  expect(raw.keyExtractable).toBe(false);

  await cove.openSettings();
  const keys = new KeysSettings(cove);
  const plain = zipText(await keys.downloadBackup());
  expect(plain).toContain('cove-backup');
  expect(plain).not.toContain(KEY);
  const withKeys = zipText(await keys.downloadBackup(PASSPHRASE));
  expect(withKeys).toContain('cove.passphrase-box');
  expect(withKeys).not.toContain(KEY);
  await cove.page.getByRole('button', { name: 'Close settings' }).click();

  await chatOnce(cove, provider, 'first');
  expect(provider.chatRequests()[0]!.headers['authorization']).toBe(`Bearer ${KEY}`);
  // The profile's key outlives the page: after a reload the stored key still opens.
  await cove.reload();
  await chatOnce(cove, provider, 'second');
  expect(provider.chatRequests().at(-1)!.headers['authorization']).toBe(`Bearer ${KEY}`);
  expect((await rawDatabase(cove)).text).not.toContain(KEY);
});

test('keys come back from a backup only with its passphrase; a lost profile key asks for the key again', async ({
  cove,
  provider,
  browser,
}) => {
  // Two browser contexts, three passphrase derivations (600,000 PBKDF2 rounds each) and a
  // reload: several times the default budget on a busy 2-core machine.
  test.slow();
  await connect(cove, provider);
  await cove.openSettings();
  const backup = await new KeysSettings(cove).downloadBackup(PASSPHRASE);

  const fresh = await browser.newContext();
  const other = await new CovePage(await fresh.newPage()).open();
  await other.openSettings();
  const keys = new KeysSettings(other);
  await keys.startRestore(backup);
  await keys.enterPassphrase('not the passphrase', 'Restore');
  await expect(keys.passphraseDialog.getByRole('alert')).toContainText(
    'That passphrase does not open the keys in this backup. Nothing has been restored yet.',
  );
  await other.page.screenshot({ path: test.info().outputPath('wrong-passphrase.png') });
  await keys.enterPassphrase(PASSPHRASE, 'Restore');
  // The work is over: the dialog closed once the backup was restored and shown.
  await expect(keys.passphraseDialog).toBeHidden();
  await expect(other.notices).toContainText('and the API keys');
  await expect(other.providerCard('Fake')).toContainText('Key sk-…cdef');
  await other.page.getByRole('button', { name: 'Close settings' }).click();
  await chatOnce(other, provider, 'restored');
  expect(provider.chatRequests().at(-1)!.headers['authorization']).toBe(`Bearer ${KEY}`);

  // Site data partly cleared: the profile's key is gone, the sealed key is still there.
  await other.page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('cove');
        request.onsuccess = () => {
          const tx = request.result.transaction('profileKeys', 'readwrite');
          tx.objectStore('profileKeys').clear();
          tx.oncomplete = () => {
            request.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        request.onerror = () => reject(request.error);
      }),
  );
  await other.reload();
  await other.openSettings();
  const card = other.providerCard('Fake');
  await expect(card).toContainText('The saved key can no longer be read');
  await expect(card.getByRole('button', { name: 'Re-enter the key' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await other.page.screenshot({ path: test.info().outputPath('lost-key.png') });
  await card.getByRole('button', { name: 'Re-enter the key' }).click();
  const form = other.page.getByRole('dialog', { name: 'Edit Fake' });
  await form.getByLabel('API key').fill(KEY);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(card).not.toContainText('can no longer be read');
  await expect(card).toContainText('Key sk-…cdef');
  await fresh.close();
});

test('provider export with keys holds them encrypted and imports them with the passphrase', async ({
  cove,
  provider,
  browser,
}) => {
  await connect(cove, provider);
  await cove.openSettings();
  const text = await new KeysSettings(cove).exportProvidersWithKeys(PASSPHRASE);
  expect(text).not.toContain(KEY);
  expect(text).toContain('cove.passphrase-box');

  const fresh = await browser.newContext();
  const other = await new CovePage(await fresh.newPage()).open();
  await other.openSettings();
  const otherKeys = new KeysSettings(other);
  await otherKeys.startProviderImport(text);
  await otherKeys.enterPassphrase('wrong passphrase', 'Import');
  await expect(otherKeys.passphraseDialog.getByRole('alert')).toContainText(
    'Nothing has been imported yet',
  );
  await otherKeys.enterPassphrase(PASSPHRASE, 'Import');
  await expect(otherKeys.passphraseDialog).toBeHidden();
  await expect(other.notices).toContainText('1 added');
  await expect(other.providerCard('Fake')).toContainText('Key sk-…cdef');
  await fresh.close();
});
