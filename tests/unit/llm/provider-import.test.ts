import { describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import { mergeProviderImport } from '../../../src/llm/provider-import';
import type { StoredProvider } from '../../../src/llm/stored-provider';

const fake: StoredProvider = {
  id: 'p1',
  name: 'Fake',
  presetId: 'custom',
  baseURL: 'http://127.0.0.1:4010/v1',
};
const exportOf = (providers: unknown[]) =>
  JSON.stringify({ format: 'cove.providers', version: 1, providers });

describe('mergeProviderImport', () => {
  it('skips unusable entries, renames clashing names, refuses other files', () => {
    const merged = mergeProviderImport(
      exportOf([
        { id: 'x1', name: 'Fake', presetId: 'custom', baseURL: 'http://127.0.0.1:1/v1' },
        {
          id: 'x2',
          name: 'Headers',
          presetId: 'custom',
          baseURL: 'http://127.0.0.1:1/v1',
          headers: { 'Bad Name': 'v' },
        },
        { id: 'x3', name: 'No URL', presetId: 'custom' },
      ]),
      [fake],
      {},
    );
    expect(merged.summary.added).toEqual(['x1']);
    expect(merged.summary.skipped).toHaveLength(2);
    expect(merged.providers.map((p) => p.name)).toEqual(['Fake', 'Fake (2)']);
    let error: unknown;
    try {
      mergeProviderImport('{"hello": 1}', [fake], {});
    } catch (caught) {
      error = caught;
    }
    expect(error instanceof CoveError && error.code).toBe('provider-import');
  });

  it('keeps secrets apart and keeps a lost key reported unless the file brings one', () => {
    const merged = mergeProviderImport(
      exportOf([
        { ...fake, headers: { 'X-Title': 'Cove', 'X-Api-Key': 'hdr-secret' } },
        { id: 'p2', name: 'Two', presetId: 'custom', baseURL: 'http://127.0.0.1:2/v1' },
      ]),
      [fake, { id: 'p2', name: 'Two', presetId: 'custom', baseURL: 'http://127.0.0.1:2/v1' }],
      { p1: { lost: true }, p2: { lost: true } },
    );
    expect(merged.providers[0]!.headers).toEqual({ 'X-Title': 'Cove' });
    expect(merged.secrets).toEqual({
      p1: { headers: { 'X-Api-Key': 'hdr-secret' }, lost: true },
      p2: { lost: true },
    });
    expect(merged.summary.updated).toEqual(['p1', 'p2']);
  });

  it('an entry a person could not save leaves the provider as it was', () => {
    const merged = mergeProviderImport(
      exportOf([{ ...fake, name: 'Renamed', headers: { Authorization: 'Bearer x' } }]),
      [fake],
      {},
    );
    expect(merged.providers).toEqual([fake]);
    expect(merged.summary.updated).toEqual([]);
    expect(merged.summary.skipped[0]).toMatch(/API key field/);
  });
});
