import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { startFakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { expect, test } from './support/fixtures';

const KEY = 'sk-cove-e2e-0123456789abcdef';

async function downloadText(page: Page, click: () => Promise<void>): Promise<string> {
  const download = page.waitForEvent('download');
  await click();
  return readFile(await (await download).path(), 'utf8');
}

test('add a provider against the fake server and test the connection', async ({
  cove,
  provider,
}) => {
  await cove.openSettings();
  await cove.addProvider({ name: 'Fake', baseURL: provider.baseURL });
  const card = cove.providerCard('Fake');
  const count = provider.config.models.length;
  // A new provider is tested at once, which also lists its models.
  await expect(card.getByRole('status')).toHaveText(`Connected: ${count} models`);
  await expect(card.getByText(`Models (${count})`)).toBeVisible();
  await expect(card.getByText(provider.baseURL)).toBeVisible();
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(card.getByRole('status')).toHaveText(`Connected: ${count} models`);
  await expect(cove.settings.getByLabel('Default model')).toHaveValue(/\/fake-401$/);
});

test('the form says which field is wrong and what to do', async ({ cove }) => {
  await cove.openSettings();
  await cove.settings.getByRole('button', { name: 'Add provider' }).click();
  const form = cove.page.getByRole('dialog', { name: 'Add provider' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('OpenAI');
  await expect(form.getByLabel('Base URL')).toHaveValue('https://api.openai.com/v1');
  await expect(form.getByText('Stored only in this browser')).toBeVisible();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('alert')).toContainText('OpenAI needs an API key');
  await expect(form.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Preset').selectOption({ label: 'Ollama' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Ollama');
  await expect(form.getByLabel('Base URL')).toHaveValue('http://localhost:11434/v1');
  await form.getByLabel('Base URL').fill('localhost:11434');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('alert')).toContainText('must start with http:// or https://');
  await expect(form.getByRole('alert')).toContainText('usually http://localhost:11434/v1');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
});

test('a wrong key shows an auth error that explains itself and never shows the key', async ({
  cove,
  provider,
}) => {
  provider.configure({ apiKey: 'the-right-key-0000' });
  await cove.openSettings();
  await cove.addProvider({ name: 'Fake', baseURL: provider.baseURL, apiKey: `Bearer ${KEY}\n` });
  const card = cove.providerCard('Fake');
  const alert = card.getByRole('alert');
  await expect(alert).toContainText('rejected the API key (HTTP 401)');
  await expect(alert).toContainText('Check the key in Settings → Providers');
  await expect(card.getByText('sk-…cdef')).toBeVisible();
  // The server echoed the key in its error; the page shows it nowhere.
  expect(
    provider.requests.some((request) => request.headers['authorization'] === `Bearer ${KEY}`),
  ).toBe(true);
  expect(await cove.page.content()).not.toContain(KEY);
  expect(await cove.page.locator('body').innerText()).not.toContain('0123456789abcdef');
});

test('a server without CORS headers is reported as CORS, with what to allow', async ({
  cove,
  provider,
}) => {
  provider.configure({ cors: 'none' });
  await cove.openSettings();
  await cove.addProvider({ name: 'No CORS', baseURL: provider.baseURL });
  const alert = cove.providerCard('No CORS').getByRole('alert');
  await expect(alert).toContainText('CORS settings do not allow requests from this page');
  await expect(alert).toContainText('must allow the origin http://localhost:4173');
  await expect(alert).toContainText('Authorization and Content-Type');
});

test('refresh models fills the model picker; a model can be added and edited by hand', async ({
  cove,
  provider,
}) => {
  provider.configure({ models: [{ id: 'alpha' }] });
  await cove.openSettings();
  await cove.addProvider({ name: 'Fake', baseURL: provider.baseURL });
  const card = cove.providerCard('Fake');
  await expect(card.getByRole('status')).toHaveText('Connected: 1 model');
  provider.configure({
    models: [{ id: 'alpha' }, { id: 'beta', context_length: 131072 }, { id: 'gamma' }],
  });
  await card.getByText('Models (1)').click();
  await card.getByRole('button', { name: 'Refresh models' }).click();
  await expect(card.getByRole('status')).toHaveText('Models refreshed: the server lists 3 models.');
  const picker = cove.settings.getByLabel('Default model');
  await expect(picker.locator('option')).toHaveText(['alpha', 'beta', 'gamma']);
  await expect(card.getByRole('list', { name: 'Models of Fake' })).toContainText('128k context');

  await picker.selectOption({ label: 'beta' });
  await card.getByRole('button', { name: 'Add model' }).click();
  const editor = cove.page.getByRole('dialog', { name: 'Add a model to Fake' });
  await editor.getByLabel('Model ID').fill('by-hand');
  await editor.getByLabel('Context window (tokens)').fill('32000');
  await editor.getByLabel('Tool calling').selectOption('text');
  await editor.getByLabel('Vision (accepts images)').check();
  await editor.getByRole('button', { name: 'Save model' }).click();
  await expect(editor).toBeHidden();
  const models = card.getByRole('list', { name: 'Models of Fake' });
  await expect(models.getByRole('listitem').filter({ hasText: 'by-hand' })).toContainText(
    '32k context · 4k out · tools via text · vision',
  );

  await card.getByRole('button', { name: 'Edit model alpha' }).click();
  const alpha = cove.page.getByRole('dialog', { name: 'Model alpha' });
  await alpha.getByLabel('Max output (tokens)').fill('999999');
  await alpha.getByLabel('Context window (tokens)').fill('1000');
  await alpha.getByRole('button', { name: 'Save model' }).click();
  await expect(alpha.getByRole('alert')).toContainText('larger than the context window');
  await alpha.getByLabel('Max output (tokens)').fill('500');
  await alpha.getByRole('button', { name: 'Save model' }).click();
  await expect(alpha).toBeHidden();
  await expect(models.getByRole('listitem').filter({ hasText: 'alpha' })).toContainText(
    '1k context · 500 out',
  );
  await expect(picker).toHaveValue(/\/beta$/);
});

test('export leaves keys out unless asked', async ({ cove, provider }) => {
  await cove.openSettings();
  await cove.addProvider({ name: 'Fake', baseURL: provider.baseURL, apiKey: KEY });
  const exportButton = cove.settings.getByRole('button', { name: 'Export configuration' });
  const plain = await downloadText(cove.page, () => exportButton.click());
  expect(plain).toContain(provider.baseURL);
  expect(plain).not.toContain(KEY);
  await cove.settings.getByLabel('Include API keys').check();
  await expect(cove.settings.getByText('encrypted with a passphrase you choose')).toBeVisible();
  // With keys, the file holds them only encrypted (tests/e2e/keys-at-rest.spec.ts imports it).
  const withKeys = await downloadText(cove.page, async () => {
    await exportButton.click();
    const ask = cove.page.getByRole('dialog', { name: 'Choose a passphrase for the keys' });
    await ask.getByLabel('Passphrase', { exact: true }).fill('a long passphrase');
    await ask.getByLabel('Repeat the passphrase').fill('a long passphrase');
    await ask.getByRole('button', { name: 'Export' }).click();
  });
  expect(withKeys).not.toContain(KEY);
  expect(JSON.parse(withKeys).keys.format).toBe('cove.passphrase-box');
});

// Invariant 8: an API key goes only to its own origin, in the auth header.
test('an import that points a saved key at another host asks first', async ({ cove, provider }) => {
  const other = await startFakeOpenAIServer();
  try {
    provider.configure({ apiKey: KEY });
    other.configure({ apiKey: KEY });
    await cove.openSettings();
    await cove.addProvider({ name: 'Fake', baseURL: provider.baseURL, apiKey: KEY });
    const card = cove.providerCard('Fake');
    await expect(card.getByRole('status')).toContainText('Connected');
    const exported = JSON.parse(
      await downloadText(cove.page, () =>
        cove.settings.getByRole('button', { name: 'Export configuration' }).click(),
      ),
    );
    exported.providers[0].baseURL = other.baseURL;

    const importFile = async () => {
      const chooser = cove.page.waitForEvent('filechooser');
      await cove.settings.getByRole('button', { name: 'Import configuration…' }).click();
      await (
        await chooser
      ).setFiles({
        name: 'providers.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(exported)),
      });
    };
    const fromHost = new URL(provider.url).host;
    const toHost = new URL(other.url).host;
    await importFile();
    const ask = cove.page.getByRole('alertdialog', {
      name: `Send the key saved for ${fromHost} to ${toHost}?`,
    });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(cove.notices).toContainText('Provider configuration imported: 1 updated.');
    await expect(card.getByText(other.baseURL)).toBeVisible();
    await expect(card.getByRole('note')).toContainText('so Cove does not send the key there');
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByRole('alert')).toContainText('so Cove did not send it');
    expect(other.requests).toEqual([]);

    await importFile();
    await ask.getByRole('button', { name: 'Send the key there' }).click();
    await expect(card.getByRole('note')).toBeHidden();
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByRole('status')).toContainText('Connected');
    expect(other.requests.at(-1)?.headers['authorization']).toBe(`Bearer ${KEY}`);
  } finally {
    await other.close();
  }
});

test('changing the base URL of a provider with a key asks there and then', async ({
  cove,
  provider,
}) => {
  const other = await startFakeOpenAIServer();
  try {
    await cove.openSettings();
    await cove.addProvider({ name: 'Fake', baseURL: provider.baseURL, apiKey: KEY });
    const card = cove.providerCard('Fake');
    await card.getByRole('button', { name: 'Edit Fake' }).click();
    const form = cove.page.getByRole('dialog', { name: 'Edit Fake' });
    await expect(form.getByLabel('API key')).toHaveValue('');
    await expect(form.getByLabel('API key')).toHaveAttribute('placeholder', /sk-…cdef/);
    await form.getByLabel('Base URL').fill(other.baseURL);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    const ask = cove.page.getByRole('alertdialog', {
      name: `Send the key saved for ${new URL(provider.url).host} to ${new URL(other.url).host}?`,
    });
    await ask.getByRole('button', { name: 'Send the key there' }).click();
    await expect(form).toBeHidden();
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByRole('status')).toContainText('Connected');
    expect(other.requests.at(-1)?.headers['authorization']).toBe(`Bearer ${KEY}`);
  } finally {
    await other.close();
  }
});

test('keys and chat options survive a reload; removing asks first', async ({ cove, provider }) => {
  provider.configure({ apiKey: KEY });
  await cove.openSettings();
  await cove.addProvider({ name: 'Fake', baseURL: provider.baseURL, apiKey: KEY });
  await cove.settings.getByLabel('Use the open file as context').uncheck();
  await cove.settings.getByLabel('Temperature').fill('0.4');
  await cove.settings.getByLabel('Temperature').blur();
  await cove.settings.getByLabel('Max tokens per reply').fill('-3');
  await cove.settings.getByLabel('Max tokens per reply').blur();
  await expect(cove.settings.getByRole('alert')).toContainText(
    'Max tokens must be a whole number above 0',
  );
  await cove.settings.getByLabel('Custom system prompt').fill('Answer in French.');
  await cove.settings.getByLabel('Custom system prompt').blur();
  await expect(cove.settings.getByRole('status').filter({ hasText: 'Saving…' })).toBeHidden();
  await expect(cove.settings.getByText('Changes saved')).toBeVisible();

  await cove.reload();
  await cove.openSettings();
  const card = cove.providerCard('Fake');
  await expect(card.getByText('sk-…cdef')).toBeVisible();
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(card.getByRole('status')).toContainText('Connected');
  await expect(cove.settings.getByLabel('Use the open file as context')).not.toBeChecked();
  await expect(cove.settings.getByLabel('Temperature')).toHaveValue('0.4');
  await expect(cove.settings.getByLabel('Max tokens per reply')).toHaveValue('');
  await expect(cove.settings.getByLabel('Custom system prompt')).toHaveValue('Answer in French.');

  await card.getByRole('button', { name: 'Remove Fake' }).click();
  await cove.page
    .getByRole('alertdialog', { name: 'Remove Fake?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(card).toBeHidden();
  await expect(cove.settings.getByText('No providers yet')).toBeVisible();
});
