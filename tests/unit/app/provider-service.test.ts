import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { CoveError } from '../../../src/base/errors';
import {
  createProviderService,
  PROVIDER_SETTING_KEYS,
  type ProviderDraft,
} from '../../../src/app/provider-service';
import { keySendDecision } from '../../../src/llm';
import { Listeners } from '../../../src/base/listeners';
import type { ChangeFeed, ChangeNotice, StoreChange } from '../../../src/store/change-feed';
import type { CoveStore } from '../../../src/store/cove-store';
import { createMemoryStore } from '../../../src/store/memory-store';
import { isSecretSetting } from '../../../src/store/settings-store';
import {
  startFakeOpenAIServer,
  type FakeOpenAIServer,
} from '../../fixtures/fake-openai-server.mjs';

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const KEY = 'sk-test-0123456789abcdef';
const PASSPHRASE = 'a passphrase for tests';

function setup(store: CoveStore = createMemoryStore()) {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const providers = createProviderService({
    settings: store.settings,
    clock,
    fetch: globalThis.fetch,
    pageOrigin: 'http://localhost:4173',
    changes: store.changes,
  });
  return { store, clock, providers };
}

const draft = (extra: Partial<ProviderDraft> = {}): ProviderDraft => ({
  presetId: 'custom',
  name: 'Fake',
  baseURL: server.baseURL,
  apiKey: '',
  headers: {},
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<CoveError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CoveError) return error;
    throw error;
  }
  throw new Error('expected a CoveError');
}

/** Everything settings hold that a backup would carry, as text. */
async function nonSecretSettings(store: CoveStore): Promise<string> {
  const snapshot = await store.snapshot();
  return JSON.stringify(snapshot.settings.filter((row) => !isSecretSetting(row.key)));
}

/** A change feed where every notice looks as if it came from another tab. */
class OtherTabFeed implements ChangeFeed {
  private readonly listeners = new Listeners<ChangeNotice>();
  publish(change: StoreChange): void {
    this.listeners.emit({ change, local: false });
  }
  subscribe(listener: (notice: ChangeNotice) => void): () => void {
    return this.listeners.subscribe(listener);
  }
  close(): void {}
}

describe('provider service: adding, validating, editing, removing', () => {
  it('adds a provider with a normalized base URL and key, bound to its origin', async () => {
    const { providers } = setup();
    const id = await providers.add(
      draft({ baseURL: `${server.baseURL}/chat/completions/`, apiKey: `  Bearer ${KEY}\n` }),
    );
    expect(providers.providers()).toEqual([
      {
        id,
        name: 'Fake',
        presetId: 'custom',
        baseURL: server.baseURL,
        apiKey: KEY,
        keyOrigin: server.url,
      },
    ]);
    expect(keySendDecision(providers.providers()[0]!).status).toBe('allowed');
  });

  it('refuses a bad draft with an error that names the field, and stores nothing', async () => {
    // Every rule of the draft is tested in tests/unit/llm/provider-draft.test.ts.
    const { providers, store } = setup();
    const error = await failure(providers.add(draft({ name: '  ' })));
    expect(error.code).toBe('provider-name');
    expect(error.hint).not.toBe('');
    expect(providers.providers()).toEqual([]);
    expect(await store.settings.get(PROVIDER_SETTING_KEYS.providers)).toBeUndefined();
  });
  it('removes a provider and its key', async () => {
    const { providers, store } = setup();
    const id = await providers.add(draft({ apiKey: KEY }));
    await providers.add(draft({ name: 'Other' }));
    await providers.remove(id);
    expect(providers.providers().map((p) => p.name)).toEqual(['Other']);
    expect(JSON.stringify(await store.settings.get(PROVIDER_SETTING_KEYS.keys))).not.toContain(KEY);
  });

  it('loads what an earlier session stored', async () => {
    const store = createMemoryStore();
    const first = setup(store).providers;
    await first.add(draft({ apiKey: KEY }));
    const second = setup(store).providers;
    await second.load();
    expect(second.providers()).toEqual(first.providers());
  });
});

describe('provider service: where keys live', () => {
  it('keeps keys and secret-looking headers only under secret settings', async () => {
    const { providers, store } = setup();
    await providers.add(
      draft({ apiKey: KEY, headers: { 'X-Title': 'Cove', 'X-Api-Key': 'hdr-secret-value' } }),
    );
    const visible = await nonSecretSettings(store);
    expect(visible).not.toContain(KEY);
    expect(visible).not.toContain('hdr-secret-value');
    expect(visible).toContain('X-Title');
    expect(PROVIDER_SETTING_KEYS.keys.startsWith('secret.')).toBe(true);
    const secret = JSON.stringify(await store.settings.get(PROVIDER_SETTING_KEYS.keys));
    expect(secret).toContain(KEY);
    // The rest of Cove sees the provider whole.
    expect(providers.providers()[0]!.headers).toEqual({
      'X-Title': 'Cove',
      'X-Api-Key': 'hdr-secret-value',
    });
  });

  it('a restored configuration that moves the base URL cannot carry the key along', async () => {
    const { providers, store } = setup();
    const id = await providers.add(draft({ apiKey: KEY }));
    // As a backup restore would write it: only the non-secret settings change.
    const stored = (await store.settings.get<Record<string, unknown>[]>(
      PROVIDER_SETTING_KEYS.providers,
    ))!;
    stored[0]!['baseURL'] = 'https://collector.example/v1';
    stored[0]!['keyOrigin'] = 'https://collector.example';
    await store.settings.set(PROVIDER_SETTING_KEYS.providers, stored);
    await providers.load();
    const provider = providers.providers().find((p) => p.id === id)!;
    expect(provider.keyOrigin).toBe(server.url);
    expect(keySendDecision(provider).status).toBe('needs_confirmation');
  });
});

describe('provider service: key binding', () => {
  it('a new base URL keeps the key bound to the old origin until confirmed', async () => {
    const { providers } = setup();
    const id = await providers.add(draft({ apiKey: KEY }));
    await providers.update(id, draft({ baseURL: 'http://127.0.0.2:9/v1', apiKey: KEY }));
    const moved = providers.providers()[0]!;
    expect(moved.keyOrigin).toBe(server.url);
    expect(keySendDecision(moved)).toEqual({
      status: 'needs_confirmation',
      keyOrigin: server.url,
      targetOrigin: 'http://127.0.0.2:9',
    });
    const refused = await providers.testConnection(id);
    expect(refused.ok === false && refused.error.kind).toBe('key-origin');
    await providers.confirmKeyOrigin(id);
    expect(providers.providers()[0]!.keyOrigin).toBe('http://127.0.0.2:9');
  });
});

describe('provider service: connection and models', () => {
  it('tests the connection, sending the key to its server only', async () => {
    const { providers } = setup();
    server.configure({ apiKey: KEY });
    const id = await providers.add(draft({ apiKey: KEY }));
    const result = await providers.testConnection(id);
    expect(result).toMatchObject({ ok: true, modelCount: server.config.models.length });
    expect(server.requests.at(-1)?.headers['authorization']).toBe(`Bearer ${KEY}`);
  });

  it('reports a wrong key as auth, without the key in any text', async () => {
    const { providers } = setup();
    server.configure({ apiKey: 'the-right-key-0000' });
    const id = await providers.add(draft({ apiKey: KEY }));
    const result = await providers.testConnection(id);
    if (result.ok) throw new Error('expected a failure');
    expect(result.error.kind).toBe('auth');
    expect(JSON.stringify({ ...result.error.toJSON(), text: result.error.userText })).not.toContain(
      KEY,
    );
  });

  it('a first successful test fills an empty model list; later tests change nothing', async () => {
    const { providers } = setup();
    server.configure({ models: [{ id: 'b' }, { id: 'a' }] });
    const id = await providers.add(draft());
    await providers.testConnection(id);
    expect(providers.models().map((m) => m.ref)).toEqual([`${id}/a`, `${id}/b`]);
    server.configure({ models: [{ id: 'c' }] });
    await providers.testConnection(id);
    expect(providers.models().map((m) => m.model.id)).toEqual(['a', 'b']);
  });

  it('a failed refresh leaves the models as they were', async () => {
    const { providers } = setup();
    const id = await providers.add(draft());
    await providers.refreshModels(id);
    const before = providers.models();
    server.configure({ apiKey: 'now-needed-1234' });
    const result = await providers.refreshModels(id);
    expect(result.ok === false && result.error.kind).toBe('auth');
    expect(providers.models()).toEqual(before);
  });

  // Invariant 18: a message goes to the model and provider the picker shows.
  it('the selected model falls back to the first one when unset or removed', async () => {
    const { providers } = setup();
    expect(providers.selectedModel()).toBeUndefined();
    server.configure({ models: [{ id: 'a' }, { id: 'b' }] });
    const id = await providers.add(draft());
    expect((await providers.refreshModels(id)).ok).toBe(true);
    expect(providers.selectedModel()).toBe(`${id}/a`);
    await providers.selectModel(`${id}/b`);
    expect(providers.selectedModel()).toBe(`${id}/b`);
    await providers.removeModel(id, 'b');
    expect(providers.selectedModel()).toBe(`${id}/a`);
    const error = await failure(providers.selectModel(`${id}/zzz`));
    expect(error.code).toBe('model-missing');
    // A choice that could not be stored does not stay on screen.
    expect(providers.selectedModel()).toBe(`${id}/a`);
  });

  // Invariant 18: a message goes to the model and provider the picker shows.
  it('a chosen model is the selected one at once, before its write, and a queued change does not snap it back', async () => {
    const { providers } = setup();
    server.configure({ models: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] });
    const id = await providers.add(draft());
    expect((await providers.refreshModels(id)).ok).toBe(true);
    // A change queued first publishes the state it read before the choice was written.
    const earlier = providers.setChatOptions({ fileContext: false, customSystemPrompt: '' });
    const choosing = providers.selectModel(`${id}/b`);
    expect(providers.selectedModel()).toBe(`${id}/b`);
    await earlier;
    expect(providers.selectedModel()).toBe(`${id}/b`);
    // Arrow keys through the picker: each choice shows at once; the last one stays.
    const next = providers.selectModel(`${id}/c`);
    expect(providers.selectedModel()).toBe(`${id}/c`);
    await Promise.all([choosing, next]);
    expect(providers.selectedModel()).toBe(`${id}/c`);
  });
});

describe('provider service: chat options', () => {
  it('has defaults, stores changes and refuses bad values', async () => {
    const { providers, store } = setup();
    expect(providers.chatOptions()).toEqual({ fileContext: true, customSystemPrompt: '' });
    await providers.setChatOptions({
      fileContext: false,
      customSystemPrompt: 'Be brief.',
      maxTokens: 2048,
      temperature: 0.3,
    });
    expect(await store.settings.get(PROVIDER_SETTING_KEYS.chatOptions)).toEqual({
      fileContext: false,
      customSystemPrompt: 'Be brief.',
      maxTokens: 2048,
      temperature: 0.3,
    });
    expect(
      (await failure(providers.setChatOptions({ ...providers.chatOptions(), temperature: 3 })))
        .code,
    ).toBe('chat-temperature');
    expect(
      (await failure(providers.setChatOptions({ ...providers.chatOptions(), maxTokens: 1.5 })))
        .code,
    ).toBe('chat-max-tokens');
  });
});

describe('provider service: export and import', () => {
  it('exports without keys by default, with them encrypted under a passphrase', async () => {
    const { providers } = setup();
    await providers.add(draft({ apiKey: KEY, headers: { 'X-Api-Key': 'hdr-secret-value' } }));
    const plain = await providers.exportJSON();
    expect(plain).not.toContain(KEY);
    expect(plain).not.toContain('hdr-secret-value');
    expect(plain).toContain(server.baseURL);
    expect(providers.fileHasKeys(plain)).toBe(false);
    const withKeys = await providers.exportJSON(PASSPHRASE);
    expect(withKeys).not.toContain(KEY);
    expect(withKeys).not.toContain('hdr-secret-value');
    expect(providers.fileHasKeys(withKeys)).toBe(true);
  });

  it('round-trips into another browser with the passphrase, keys bound as they were', async () => {
    const source = setup().providers;
    const id = await source.add(draft({ apiKey: KEY, headers: { 'X-Api-Key': 'hdr-value-1' } }));
    const target = setup().providers;
    const result = await target.importJSON(await source.exportJSON(PASSPHRASE), PASSPHRASE);
    expect(result).toEqual({ added: [id], updated: [], skipped: [], needsConfirmation: [] });
    expect(target.providers()).toEqual(source.providers());
  });

  it('a wrong passphrase imports nothing; skipping it imports the providers without keys', async () => {
    const source = setup().providers;
    await source.add(draft({ apiKey: KEY }));
    const file = await source.exportJSON(PASSPHRASE);
    const { providers: target, store } = setup();
    const error = await failure(target.importJSON(file, 'not the passphrase'));
    expect(error.code).toBe('wrong-passphrase');
    expect(error.hint).not.toBe('');
    expect(target.providers()).toEqual([]);
    expect(await store.settings.get(PROVIDER_SETTING_KEYS.providers)).toBeUndefined();
    const result = await target.importJSON(file);
    expect(result.added).toHaveLength(1);
    expect(target.providers()[0]!.apiKey).toBeUndefined();
  });

  it('an import that points a saved key at another host asks first and binds nothing', async () => {
    const { providers, store } = setup();
    const id = await providers.add(draft({ apiKey: KEY }));
    const file = JSON.parse(await providers.exportJSON());
    file.providers[0].baseURL = 'https://collector.example/v1';
    const result = await providers.importJSON(JSON.stringify(file));
    expect(result.updated).toEqual([id]);
    expect(result.needsConfirmation).toEqual([
      {
        providerId: id,
        name: 'Fake',
        keyOrigin: server.url,
        targetOrigin: 'https://collector.example',
      },
    ]);
    const moved = providers.providers()[0]!;
    expect(moved).toMatchObject({ baseURL: 'https://collector.example/v1', apiKey: KEY });
    expect(keySendDecision(moved).status).toBe('needs_confirmation');
    expect(JSON.stringify(await store.settings.get(PROVIDER_SETTING_KEYS.keys))).not.toContain(
      'collector',
    );
    await providers.confirmKeyOrigin(id);
    expect(keySendDecision(providers.providers()[0]!).status).toBe('allowed');
  });
});

describe('provider service: other tabs', () => {
  it('follows changes another tab makes', async () => {
    const store = createMemoryStore(new OtherTabFeed());
    const mine = setup(store).providers;
    const theirs = setup(store).providers;
    const id = await theirs.add(draft({ apiKey: KEY }));
    // Two writes (configuration, then key), each announced: the second completes the picture.
    await waitFor(() => mine.providers()[0]?.apiKey === KEY);
    expect(mine.providers()[0]).toMatchObject({ id, apiKey: KEY });
    await theirs.setChatOptions({ fileContext: false, customSystemPrompt: '' });
    await waitFor(() => mine.chatOptions().fileContext === false);
  });

  it('reloads after a backup restore in this tab', async () => {
    const { providers, store } = setup();
    await providers.add(draft());
    await store.settings.set(PROVIDER_SETTING_KEYS.providers, []);
    expect(providers.providers()).toHaveLength(1);
    store.changes.publish({ type: 'restored' });
    await waitFor(() => providers.providers().length === 0);
  });

  it('concurrent edits in one tab do not lose each other', async () => {
    const { providers } = setup();
    const ids = await Promise.all([
      providers.add(draft({ name: 'One' })),
      providers.add(draft({ name: 'Two' })),
      providers.add(draft({ name: 'Three' })),
    ]);
    expect(providers.providers().map((p) => p.id)).toEqual(ids);
  });
});

/** Waits (briefly, in real time) for a change notice to have been handled. */
async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}
