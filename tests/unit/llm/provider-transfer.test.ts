import { describe, expect, it } from 'vitest';
import { bindKeyToBaseURL, keySendDecision } from '../../../src/llm/key-binding';
import type { ProviderConfig } from '../../../src/llm/provider-config';
import {
  exportProviders,
  exportProvidersWithKeys,
  hasEncryptedKeys,
  openProviderExport,
  planProviderImport,
} from '../../../src/llm/provider-transfer';

const openai: ProviderConfig = {
  id: 'openai',
  name: 'OpenAI',
  presetId: 'openai',
  baseURL: 'https://api.openai.com/v1',
  apiKey: 'sk-openai-secret-0001',
  keyOrigin: 'https://api.openai.com',
  headers: { 'X-Title': 'Cove', 'X-Api-Key': 'another-secret' },
  models: [
    {
      id: 'gpt-4o-mini',
      capabilities: { contextWindow: 128000, vision: true },
      sendReasoningBack: false,
    },
  ],
};
const ollama: ProviderConfig = {
  id: 'ollama',
  name: 'Ollama',
  presetId: 'ollama',
  baseURL: 'http://localhost:11434/v1',
};

describe('exportProviders', () => {
  it('leaves keys, bindings and secret headers out by default', () => {
    const text = exportProviders([openai, ollama]);
    expect(text).not.toContain('sk-openai-secret');
    expect(text).not.toContain('another-secret');
    expect(text).not.toContain('keyOrigin');
    const parsed = JSON.parse(text);
    expect(parsed).toMatchObject({ format: 'cove.providers', version: 1 });
    expect(parsed.providers[0].headers).toEqual({ 'X-Title': 'Cove' });
    expect(parsed.providers[0].models).toEqual(openai.models);
  });
});

describe('exports with keys: encrypted under a passphrase', () => {
  const passphrase = 'correct horse battery';

  it('holds no key, binding or secret header in plain text', async () => {
    const text = await exportProvidersWithKeys([openai, ollama], passphrase);
    expect(text).not.toContain('sk-openai-secret');
    expect(text).not.toContain('another-secret');
    expect(text).not.toContain('keyOrigin');
    expect(hasEncryptedKeys(text)).toBe(true);
    expect(hasEncryptedKeys(exportProviders([openai]))).toBe(false);
    expect(hasEncryptedKeys('not json')).toBe(false);
  });

  it('round-trips with the passphrase, keys bound as they were', async () => {
    const text = await exportProvidersWithKeys([openai, ollama], passphrase);
    const plan = planProviderImport(await openProviderExport(text, passphrase), []);
    expect(plan.ok && plan.providers).toEqual([openai, ollama]);
    expect(plan.ok && plan.needsConfirmation).toEqual([]);
    expect(plan.ok && plan.added).toEqual(['openai', 'ollama']);
  });

  it('a wrong passphrase opens nothing; without one the providers come without keys', async () => {
    const text = await exportProvidersWithKeys([openai], passphrase);
    await expect(openProviderExport(text, 'Correct horse battery')).rejects.toMatchObject({
      code: 'wrong-passphrase',
    });
    const plan = planProviderImport(text, []);
    if (!plan.ok) throw plan.error;
    expect(plan.providers[0]!.apiKey).toBeUndefined();
    expect(plan.providers[0]!.headers).toEqual({ 'X-Title': 'Cove' });
  });

  it('refuses a short passphrase', async () => {
    await expect(exportProvidersWithKeys([openai], 'short')).rejects.toMatchObject({
      code: 'passphrase-weak',
    });
  });
});

describe('planProviderImport', () => {
  it('still reads exports from before keys were encrypted (plain-text keys)', () => {
    const legacy = JSON.stringify({ format: 'cove.providers', version: 1, providers: [openai] });
    const plan = planProviderImport(legacy, []);
    expect(plan.ok && plan.providers).toEqual([openai]);
    expect(plan.ok && plan.needsConfirmation).toEqual([]);
  });

  it('keeps the existing key when the file has none', () => {
    const plan = planProviderImport(exportProviders([{ ...openai, name: 'Renamed' }]), [openai]);
    if (!plan.ok) throw plan.error;
    expect(plan.updated).toEqual(['openai']);
    expect(plan.providers[0]).toMatchObject({
      name: 'Renamed',
      apiKey: openai.apiKey,
      keyOrigin: openai.keyOrigin,
    });
    expect(plan.needsConfirmation).toEqual([]);
  });

  it('reports an import that points an existing key at another host, and leaves it unsendable', () => {
    const moved = { ...openai, baseURL: 'https://collector.evil.example/v1' };
    const plan = planProviderImport(exportProviders([moved]), [openai]);
    if (!plan.ok) throw plan.error;
    expect(plan.needsConfirmation).toEqual([
      {
        providerId: 'openai',
        name: 'OpenAI',
        keyOrigin: 'https://api.openai.com',
        targetOrigin: 'https://collector.evil.example',
      },
    ]);
    const imported = plan.providers[0]!;
    expect(keySendDecision(imported).status).toBe('needs_confirmation');
    expect(keySendDecision(bindKeyToBaseURL(imported)).status).toBe('allowed');
  });

  it('reports a file key bound to another host than its base URL', () => {
    const json = JSON.stringify({
      format: 'cove.providers',
      version: 1,
      providers: [
        {
          id: 'x',
          baseURL: 'https://a.example/v1',
          apiKey: 'k-123456',
          keyOrigin: 'https://b.example',
        },
      ],
    });
    const plan = planProviderImport(json, []);
    expect(plan.ok && plan.needsConfirmation.map((r) => r.providerId)).toEqual(['x']);
  });

  it('skips invalid entries and duplicates, keeping the rest', () => {
    const json = JSON.stringify({
      format: 'cove.providers',
      version: 1,
      providers: [
        { id: 'good', baseURL: 'http://localhost:1234/v1/', presetId: 'lmstudio' },
        { id: 'bad-url', baseURL: 'javascript:alert(1)' },
        { baseURL: 'https://x.example' },
        { id: 'good', baseURL: 'https://dup.example' },
        { id: 'bad-headers', baseURL: 'https://h.example', headers: { a: 1 } },
        'nonsense',
      ],
    });
    const plan = planProviderImport(json, []);
    if (!plan.ok) throw plan.error;
    expect(plan.providers).toEqual([
      { id: 'good', name: 'good', presetId: 'lmstudio', baseURL: 'http://localhost:1234/v1' },
    ]);
    expect(plan.skipped.map((s) => s.index)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses what is not a Cove export', () => {
    for (const text of ['{', '{}', '{"format":"cove.providers","version":2,"providers":[]}']) {
      const plan = planProviderImport(text, [openai]);
      expect(plan.ok).toBe(false);
      if (!plan.ok) expect(plan.error.hint).not.toBe('');
    }
  });
});
