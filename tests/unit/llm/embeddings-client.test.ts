import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { embedTexts, parseEmbeddings } from '../../../src/llm/embeddings-client';
import type { ProviderConfig } from '../../../src/llm/provider-config';
import { createMemoryStore } from '../../../src/store/memory-store';
import { extractPlainText } from '../../../src/workspace/knowledge/knowledge-extractor';
import { KnowledgeIndex } from '../../../src/workspace/knowledge/knowledge-index';
import { createVectorRanker } from '../../../src/workspace/knowledge/vector-ranker';
import { WorkspaceFiles } from '../../../src/workspace/workspace-files';
import {
  fakeEmbedding,
  startFakeEmbeddingsServer,
  type FakeEmbeddingsServer,
} from '../../fixtures/fake-embeddings-server.mjs';
import { testClock } from '../../fakes/stores';

let server: FakeEmbeddingsServer;
beforeAll(async () => {
  server = await startFakeEmbeddingsServer();
});
afterAll(() => server.close());

const provider = (): ProviderConfig => ({
  id: 'p',
  name: 'P',
  presetId: 'vllm',
  baseURL: server.baseURL,
});
const deps = () => ({ fetch: globalThis.fetch, clock: new ManualClock() });

describe('the embeddings client', () => {
  it('posts the texts and returns their vectors in order', async () => {
    const result = await embedTexts(provider(), 'embed-small', ['alpha', 'beta'], deps());
    expect(result).toEqual({ ok: true, vectors: [fakeEmbedding('alpha'), fakeEmbedding('beta')] });
    expect(server.requests.at(-1)).toEqual({ model: 'embed-small', input: ['alpha', 'beta'] });
  });

  it('never throws: HTTP failures and unreachable servers come back classified', async () => {
    server.fail(401);
    const denied = await embedTexts(provider(), 'm', ['x'], deps());
    expect(denied.ok).toBe(false);
    expect(!denied.ok && denied.error.kind).toBe('auth');
    server.fail(429);
    const limited = await embedTexts(provider(), 'm', ['x'], deps());
    expect(!limited.ok && limited.error.kind).toBe('rate-limit');
    const gone = await embedTexts(
      { ...provider(), baseURL: 'http://127.0.0.1:9/v1' },
      'm',
      ['x'],
      deps(),
    );
    expect(gone.ok).toBe(false);
  });

  it('refuses an answer that is not one vector per text', () => {
    expect(parseEmbeddings({ data: [{ index: 0, embedding: [1] }] }, 2)).toBeUndefined();
    expect(parseEmbeddings({ data: [{ index: 0, embedding: ['a'] }] }, 1)).toBeUndefined();
    expect(
      parseEmbeddings(
        {
          data: [
            { index: 1, embedding: [2] },
            { index: 0, embedding: [1] },
          ],
        },
        2,
      ),
    ).toEqual([[1], [2]]);
  });
});

describe('hybrid ranking over real HTTP', () => {
  it('finds by meaning what full text misses, and falls back to full text when the endpoint fails', async () => {
    const store = createMemoryStore();
    const files = new WorkspaceFiles(store.files, 'w1', testClock());
    await files.write('docs/retry.md', '# Retries\n\nFailed uploads are retried three times.\n');
    await files.write('docs/logs.md', '# Logging\n\nLogs go to stderr.\n');
    const embed = async (texts: string[]) => {
      const result = await embedTexts(provider(), 'embed-small', texts, deps());
      return result.ok ? result.vectors : undefined;
    };
    const vectors = createVectorRanker({
      workspaceId: 'w1',
      model: 'embed-small',
      store: store.knowledge,
      embed,
    });
    const index = await KnowledgeIndex.open({
      workspaceId: 'w1',
      store: store.knowledge,
      files: store.files,
      extract: extractPlainText,
      now: () => 0,
      vectors,
    });
    await index.add('docs');
    expect(await store.knowledge.vectors('w1', 'embed-small')).toHaveLength(2);
    // "backoff" is in no passage; the fake model folds it into "retry".
    expect((await index.search('backoff', 5))[0]!.chunk.path).toBe('docs/retry.md');
    // Both rankings agree on a word both know.
    expect((await index.search('stderr', 5))[0]!.chunk.path).toBe('docs/logs.md');
    server.fail(500);
    expect((await index.search('stderr', 5))[0]!.chunk.path).toBe('docs/logs.md');
  });
});
