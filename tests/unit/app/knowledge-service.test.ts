import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeService } from '../../../src/app/knowledge-service';
import { createNoticeService } from '../../../src/app/notice-service';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { ManualClock } from '../../../src/base/clock';
import { createMemoryStore } from '../../../src/store/memory-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import {
  startFakeEmbeddingsServer,
  type FakeEmbeddingsServer,
} from '../../fixtures/fake-embeddings-server.mjs';

let server: FakeEmbeddingsServer;
beforeAll(async () => {
  server = await startFakeEmbeddingsServer();
});
afterAll(() => server.close());

async function setUp() {
  const store = createMemoryStore();
  const clock = new ManualClock(Date.UTC(2026, 11, 7));
  const workspaces = createWorkspaceService(
    new WorkspaceCatalog(store, clock),
    store.settings,
    store.changes,
  );
  await workspaces.start();
  const files = workspaces.files()!;
  await files.write('docs/retry.md', '# Retries\n\nFailed uploads are retried three times.\n');
  await files.write('docs/logs.md', '# Logging\n\nLogs go to stderr.\n');
  const notices = createNoticeService(clock);
  const providers = () => [
    { id: 'p', name: 'P', presetId: 'vllm' as const, baseURL: server.baseURL },
  ];
  const knowledge = createKnowledgeService(
    { fetch: globalThis.fetch },
    { workspaces, notices, clock, store, providers: { providers } },
  );
  return { store, clock, files, knowledge, notices };
}

describe('the knowledge service', () => {
  it('adds a folder, lists it, and retrieves numbered passages with their sources', async () => {
    const { knowledge } = await setUp();
    await knowledge.add('docs');
    expect(knowledge.entries()).toEqual([
      { path: 'docs', kind: 'folder', files: 2, chunks: 2, problems: 0 },
    ]);
    expect(await knowledge.retrieve('stderr')).toEqual([
      {
        n: 1,
        path: 'docs/logs.md',
        startLine: 1,
        endLine: 3,
        version: 1,
        heading: 'Logging',
        text: '# Logging\n\nLogs go to stderr.',
      },
    ]);
  });

  it('follows an edit before the next search, without waiting for the pass', async () => {
    const { knowledge, files } = await setUp();
    await knowledge.add('docs');
    await files.write('docs/logs.md', '# Logging\n\nLogs go to syslog.\n');
    const [hit] = await knowledge.retrieve('syslog');
    expect(hit).toMatchObject({ path: 'docs/logs.md', version: 2 });
    expect(knowledge.versions()).toEqual({ 'docs/logs.md': 2, 'docs/retry.md': 1 });
  });

  it('with an embedding model set, ranks by meaning too and stores the vectors', async () => {
    const { knowledge, store } = await setUp();
    await knowledge.add('docs');
    expect(await knowledge.retrieve('backoff')).toEqual([]);
    await knowledge.setEmbeddingModel('p/embed-small');
    expect(await store.settings.get('knowledge.embeddingModel')).toBe('p/embed-small');
    expect((await knowledge.retrieve('backoff'))[0]!.path).toBe('docs/retry.md');
    const workspaceId = (await store.workspaces.list())[0]!.id;
    expect(await store.knowledge.vectors(workspaceId, 'p/embed-small')).toHaveLength(2);
  });
});
