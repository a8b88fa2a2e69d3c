import { describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import { keySendDecision } from '../../../src/llm/key-binding';
import { parseModelList } from '../../../src/llm/model-listing';
import type { ProviderDraft } from '../../../src/llm/provider-draft';
import {
  addProvider,
  applyModelListing,
  confirmKeyOrigin,
  EMPTY_REGISTRY,
  lostKeyIds,
  markStreamOptionsUnsupported,
  readProviderRegistry,
  registryConfigs,
  removeModel,
  removeProvider,
  requireModel,
  saveModel,
  updateProvider,
  type ProviderRegistry,
  type RegistryChange,
} from '../../../src/llm/provider-registry';
import { importProviders } from '../../../src/llm/provider-import';
import { exportProviders } from '../../../src/llm/provider-transfer';
import type { SealedSecret } from '../../../src/store/secret-cipher';

const KEY = 'sk-test-0123456789abcdef';
const ORIGIN = 'http://127.0.0.1:4010';
const BASE = `${ORIGIN}/v1`;

const draft = (extra: Partial<ProviderDraft> = {}): ProviderDraft => ({
  presetId: 'custom',
  name: 'Fake',
  baseURL: BASE,
  apiKey: '',
  headers: {},
  ...extra,
});

/** The registry after a change, checking that the change wrote what it says. */
function after(change: RegistryChange<unknown>): ProviderRegistry {
  return change.registry;
}

function failure(run: () => unknown): CoveError {
  try {
    run();
  } catch (error) {
    if (error instanceof CoveError) return error;
    throw error;
  }
  throw new Error('expected a CoveError');
}

const listing = (data: Record<string, unknown>[]) => parseModelList({ data })!;

describe('provider registry: adding, editing, removing', () => {
  it('adds a provider with a normalized base URL and key, bound to its origin', () => {
    const change = addProvider(
      EMPTY_REGISTRY,
      draft({ baseURL: `${BASE}/chat/completions/`, apiKey: `  Bearer ${KEY}\n` }),
      'p1',
    );
    // The configuration first: if the second write never happens, no key is left orphaned.
    expect(change.writes).toEqual(['providers', 'secrets']);
    expect(registryConfigs(change.registry)).toEqual([
      { id: 'p1', name: 'Fake', presetId: 'custom', baseURL: BASE, apiKey: KEY, keyOrigin: ORIGIN },
    ]);
    expect(keySendDecision(registryConfigs(change.registry)[0]!).status).toBe('allowed');
    expect(EMPTY_REGISTRY).toEqual({ providers: [], secrets: {} });
  });

  it('keeps keys and secret-looking headers out of the public part', () => {
    const registry = after(
      addProvider(
        EMPTY_REGISTRY,
        draft({ apiKey: KEY, headers: { 'X-Title': 'Cove', 'X-Api-Key': 'hdr-secret-value' } }),
        'p1',
      ),
    );
    const visible = JSON.stringify(registry.providers);
    expect(visible).not.toContain(KEY);
    expect(visible).not.toContain('hdr-secret-value');
    expect(visible).toContain('X-Title');
    expect(registryConfigs(registry)[0]!.headers).toEqual({
      'X-Title': 'Cove',
      'X-Api-Key': 'hdr-secret-value',
    });
  });

  it('refuses a second provider with the same name', () => {
    const registry = after(addProvider(EMPTY_REGISTRY, draft(), 'p1'));
    const error = failure(() => addProvider(registry, draft({ name: ' fake ' }), 'p2'));
    expect(error.code).toBe('provider-name');
    expect(error.message).toContain('already called');
  });

  it('updates fields, keeps the key when the same one is given, forgets it when emptied', () => {
    let registry = after(
      addProvider(EMPTY_REGISTRY, draft({ apiKey: KEY, headers: { 'X-Title': 'Cove' } }), 'p1'),
    );
    const same = updateProvider(
      registry,
      'p1',
      draft({ name: 'Renamed', apiKey: KEY, headers: {} }),
    );
    expect(same.writes).toEqual(['providers']);
    registry = same.registry;
    expect(registryConfigs(registry)[0]).toMatchObject({ name: 'Renamed', apiKey: KEY });
    expect(registryConfigs(registry)[0]!.headers).toBeUndefined();
    const emptied = updateProvider(registry, 'p1', draft({ name: 'Renamed', apiKey: '' }));
    expect(emptied.writes).toEqual(['providers', 'secrets']);
    expect(registryConfigs(emptied.registry)[0]!.apiKey).toBeUndefined();
    expect(registryConfigs(emptied.registry)[0]!.keyOrigin).toBeUndefined();
    expect(failure(() => updateProvider(registry, 'gone', draft())).code).toBe('provider-missing');
  });

  it('removes a provider and its key, the key first', () => {
    let registry = after(addProvider(EMPTY_REGISTRY, draft({ apiKey: KEY }), 'p1'));
    registry = after(addProvider(registry, draft({ name: 'Other' }), 'p2'));
    const removed = removeProvider(registry, 'p1');
    expect(removed.writes).toEqual(['secrets', 'providers']);
    expect(removed.registry.providers.map((p) => p.name)).toEqual(['Other']);
    expect(JSON.stringify(removed.registry)).not.toContain(KEY);
    expect(removeProvider(removed.registry, 'p2').writes).toEqual(['providers']);
  });
});

describe('provider registry: key binding', () => {
  it('a new base URL keeps the key bound to the old origin until confirmed', () => {
    let registry = after(addProvider(EMPTY_REGISTRY, draft({ apiKey: KEY }), 'p1'));
    registry = after(
      updateProvider(registry, 'p1', draft({ baseURL: 'http://127.0.0.2:9/v1', apiKey: KEY })),
    );
    expect(keySendDecision(registryConfigs(registry)[0]!)).toEqual({
      status: 'needs_confirmation',
      keyOrigin: ORIGIN,
      targetOrigin: 'http://127.0.0.2:9',
    });
    const confirmed = confirmKeyOrigin(registry, 'p1');
    expect(confirmed.writes).toEqual(['secrets']);
    expect(registryConfigs(confirmed.registry)[0]!.keyOrigin).toBe('http://127.0.0.2:9');
    expect(confirmKeyOrigin(confirmed.registry, 'p1').writes).toEqual([]);
  });

  it('a new key typed with a new base URL is bound to the new origin', () => {
    let registry = after(addProvider(EMPTY_REGISTRY, draft({ apiKey: KEY }), 'p1'));
    registry = after(
      updateProvider(
        registry,
        'p1',
        draft({ baseURL: 'http://127.0.0.2:9/v1', apiKey: 'sk-another-key-987654' }),
      ),
    );
    expect(registryConfigs(registry)[0]!.keyOrigin).toBe('http://127.0.0.2:9');
  });

  it('a path change on the same origin needs no confirmation', () => {
    let registry = after(addProvider(EMPTY_REGISTRY, draft({ apiKey: KEY }), 'p1'));
    registry = after(
      updateProvider(registry, 'p1', draft({ baseURL: `${ORIGIN}/other/v1`, apiKey: KEY })),
    );
    expect(keySendDecision(registryConfigs(registry)[0]!).status).toBe('allowed');
  });

  it('a stored configuration that moves the base URL cannot carry the key along', () => {
    const registry = after(addProvider(EMPTY_REGISTRY, draft({ apiKey: KEY }), 'p1'));
    // As a backup restore would leave it: only the public part changed, with a planted binding.
    const planted = [
      {
        ...registry.providers[0],
        baseURL: 'https://collector.example/v1',
        keyOrigin: 'https://collector.example',
      },
    ];
    const read = readProviderRegistry(planted, registry.secrets);
    const provider = registryConfigs(read)[0]!;
    expect(provider.keyOrigin).toBe(ORIGIN);
    expect(keySendDecision(provider).status).toBe('needs_confirmation');
  });

  it('reports keys that can no longer be decrypted as lost until a new one is typed', () => {
    const sealed: SealedSecret = {
      sealed: 'aes-gcm-256',
      iv: new Uint8Array(12),
      data: new Uint8Array(8),
    };
    let registry = readProviderRegistry([{ ...draft(), id: 'p1' }], {
      p1: { key: sealed, origin: ORIGIN },
    });
    expect([...lostKeyIds(registry)]).toEqual(['p1']);
    expect(registryConfigs(registry)[0]!.apiKey).toBeUndefined();
    registry = after(updateProvider(registry, 'p1', draft()));
    expect([...lostKeyIds(registry)]).toEqual(['p1']);
    registry = after(updateProvider(registry, 'p1', draft({ apiKey: KEY })));
    expect([...lostKeyIds(registry)]).toEqual([]);
  });
});

describe('provider registry: models', () => {
  it('a first listing fills an empty model list; with onlyIfEmpty later ones change nothing', () => {
    let registry = after(addProvider(EMPTY_REGISTRY, draft(), 'p1'));
    registry = after(
      applyModelListing(registry, 'p1', listing([{ id: 'b' }, { id: 'a' }]), { onlyIfEmpty: true }),
    );
    expect(registryConfigs(registry)[0]!.models?.map((m) => m.id)).toEqual(['a', 'b']);
    const again = applyModelListing(registry, 'p1', listing([{ id: 'c' }]), { onlyIfEmpty: true });
    expect(again.writes).toEqual([]);
    expect(applyModelListing(registry, 'gone', listing([{ id: 'c' }])).writes).toEqual([]);
  });

  it('validates model edits and removes models', () => {
    const registry = after(addProvider(EMPTY_REGISTRY, draft(), 'p1'));
    const bad = [
      { id: ' ' },
      { id: 'm', capabilities: { contextWindow: -1 } },
      { id: 'm', capabilities: { contextWindow: 1000, maxOutputTokens: 2000 } },
      { id: 'm', capabilities: { price: { inputPerMillion: 1, outputPerMillion: Number.NaN } } },
    ];
    for (const model of bad) {
      expect(failure(() => saveModel(registry, 'p1', model)).code).toMatch(/^model-/);
    }
    const saved = after(saveModel(registry, 'p1', { id: 'm' }));
    expect(() => requireModel(saved, 'p1/m')).not.toThrow();
    const removed = after(removeModel(saved, 'p1', 'm'));
    expect(registryConfigs(removed)[0]!.models).toEqual([]);
    expect(failure(() => requireModel(removed, 'p1/m')).code).toBe('model-missing');
    expect(failure(() => saveModel(removed, 'gone', { id: 'm' })).code).toBe('provider-missing');
  });

  it('remembers that a server refused stream_options, once', () => {
    const registry = after(addProvider(EMPTY_REGISTRY, draft(), 'p1'));
    const marked = markStreamOptionsUnsupported(registry, 'p1');
    expect(registryConfigs(marked.registry)[0]!.supportsStreamOptions).toBe(false);
    expect(markStreamOptionsUnsupported(marked.registry, 'p1').writes).toEqual([]);
    expect(markStreamOptionsUnsupported(registry, 'gone').writes).toEqual([]);
  });

  it('imported capabilities survive a refresh', () => {
    let registry = after(addProvider(EMPTY_REGISTRY, draft(), 'p1'));
    const file = JSON.parse(exportProviders(registryConfigs(registry)));
    file.providers[0].models = [{ id: 'fake-model', capabilities: { contextWindow: 4000 } }];
    const imported = importProviders(registry, JSON.stringify(file));
    expect(imported.result.updated).toEqual(['p1']);
    expect(imported.writes).toEqual(['providers']);
    registry = after(
      applyModelListing(
        imported.registry,
        'p1',
        listing([{ id: 'fake-model', context_length: 999999 }]),
      ),
    );
    expect(registryConfigs(registry)[0]!.models?.[0]?.capabilities?.contextWindow).toBe(4000);
  });
});
