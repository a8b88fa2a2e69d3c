import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { testConnection } from '../../../src/llm/connection-test';
import {
  capabilitiesFromListing,
  listModels,
  parseModelList,
} from '../../../src/llm/model-listing';
import type { ProviderConfig } from '../../../src/llm/provider-config';
import {
  startFakeOpenAIServer,
  type FakeOpenAIServer,
} from '../../fixtures/fake-openai-server.mjs';
import { makeScriptedFetch } from './support/scripted-fetch';

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const deps = () => ({ fetch: globalThis.fetch, clock: new ManualClock() });
const provider = (extra: Partial<ProviderConfig> = {}): ProviderConfig => ({
  id: 'p',
  name: 'P',
  presetId: 'vllm',
  baseURL: server.baseURL,
  ...extra,
});

describe('listModels and testConnection', () => {
  it('lists the models with GET /models', async () => {
    server.configure({
      models: [
        { id: 'a', owned_by: 'me' },
        { id: 'b', max_model_len: 32768 },
      ],
    });
    const result = await listModels(provider(), deps());
    expect(result).toEqual({
      ok: true,
      models: [
        { id: 'a', ownedBy: 'me', capabilities: {} },
        { id: 'b', capabilities: { contextWindow: 32768 } },
      ],
    });
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
  });

  it('testConnection reports the model count or the classified error', async () => {
    expect(await testConnection(provider(), deps())).toMatchObject({
      ok: true,
      modelCount: server.config.models.length,
    });
    server.configure({ apiKey: 'needed' });
    const denied = await testConnection(provider(), deps());
    expect(denied.ok === false && denied.error.kind).toBe('auth');
    const allowed = await testConnection(
      provider({ apiKey: 'needed', keyOrigin: server.url }),
      deps(),
    );
    expect(allowed.ok).toBe(true);
  });

  it('points at the base URL when the answer is not a model list', async () => {
    const fetch = makeScriptedFetch([
      { headers: { 'content-type': 'text/html' }, pieces: ['<html>hello</html>'] },
    ]);
    const result = await listModels(provider({ baseURL: 'http://localhost:8000' }), {
      fetch,
      clock: new ManualClock(),
    });
    expect(result.ok === false && result.error.kind).toBe('bad-request');
    expect(result.ok === false && result.error.hint).toMatch(/base URL/);
  });

  it('times out with the clock', async () => {
    const clock = new ManualClock();
    const fetch = makeScriptedFetch([
      { pieces: [], end: 'hang', headers: { 'content-type': 'application/json' } },
    ]);
    const pending = listModels(provider({ baseURL: 'http://localhost:8000/v1' }), {
      fetch,
      clock,
      timeoutMs: 1000,
    });
    await clock.advance(1000);
    const result = await pending;
    expect(result.ok === false && result.error.kind).toBe('timeout');
  });
});

describe('parseModelList', () => {
  it('reads the shapes servers use', () => {
    expect(parseModelList({ data: [{ id: 'x' }] })?.map((m) => m.id)).toEqual(['x']);
    expect(parseModelList([{ id: 'y' }])?.map((m) => m.id)).toEqual(['y']);
    expect(
      parseModelList({ models: [{ name: 'qwen3:8b' }, { model: 'llama3' }] })?.map((m) => m.id),
    ).toEqual(['qwen3:8b', 'llama3']);
    expect(parseModelList({ data: [null, { id: '' }, { id: 'ok' }] })?.map((m) => m.id)).toEqual([
      'ok',
    ]);
    expect(parseModelList('<html>')).toBeUndefined();
  });
});

describe('capabilitiesFromListing', () => {
  it('reads an OpenRouter entry', () => {
    expect(
      capabilitiesFromListing({
        id: 'deepseek/deepseek-r1',
        context_length: 163840,
        architecture: { input_modalities: ['text', 'image'] },
        supported_parameters: ['tools', 'reasoning', 'temperature'],
        top_provider: { max_completion_tokens: 32768 },
        pricing: { prompt: '0.00000055', completion: '0.00000219', input_cache_read: '0.00000014' },
      }),
    ).toEqual({
      contextWindow: 163840,
      maxOutputTokens: 32768,
      vision: true,
      toolCalling: 'native',
      reasoning: true,
      price: { inputPerMillion: 0.55, outputPerMillion: 2.19, cachedInputPerMillion: 0.14 },
    });
  });

  it('reads Groq and LM Studio fields and guesses nothing else', () => {
    expect(
      capabilitiesFromListing({ id: 'g', context_window: 131072, max_completion_tokens: 8192 }),
    ).toEqual({
      contextWindow: 131072,
      maxOutputTokens: 8192,
    });
    expect(capabilitiesFromListing({ id: 'l', max_context_length: 4096 })).toEqual({
      contextWindow: 4096,
    });
    expect(
      capabilitiesFromListing({ id: 'gpt-4o-vision', supported_parameters: ['temperature'] }),
    ).toEqual({
      toolCalling: 'text',
      reasoning: false,
    });
  });
});
