import { afterEach, describe, expect, it } from 'vitest';
import type { CoveStore } from '../../../../src/store/cove-store';
import { extractPlainText } from '../../../../src/workspace/knowledge/knowledge-extractor';
import { KnowledgeIndex } from '../../../../src/workspace/knowledge/knowledge-index';
import { createVectorRanker } from '../../../../src/workspace/knowledge/vector-ranker';
import { WorkspaceFiles } from '../../../../src/workspace/workspace-files';
import { storeKinds, testClock } from '../../../fakes/stores';

describe.each(storeKinds)('the knowledge index over the $name store', ({ open }) => {
  const opened: CoveStore[] = [];
  afterEach(() => opened.splice(0).forEach((store) => store.close()));

  async function setUp() {
    const store = await open();
    opened.push(store);
    const clock = testClock();
    const files = new WorkspaceFiles(store.files, 'w1', clock);
    await files.write('docs/install.md', '# Install\n\nRun the installer with --prefix.\n');
    await files.write('docs/retry.md', '# Retries\n\nThe retry_limit defaults to three.\n');
    await files.write('src/main.py', 'print("not in knowledge")\n');
    const openIndex = () =>
      KnowledgeIndex.open({
        workspaceId: 'w1',
        store: store.knowledge,
        files: store.files,
        extract: extractPlainText,
        now: () => clock.now(),
      });
    return { store, files, openIndex };
  }

  it('indexes a folder and finds passages with their source', async () => {
    const { openIndex } = await setUp();
    const index = await openIndex();
    await index.add('docs');
    expect(index.entries()).toEqual([
      { path: 'docs', kind: 'folder', files: 2, chunks: 2, problems: 0 },
    ]);
    const [hit] = await index.search('retry limit', 5);
    expect(hit!.chunk).toMatchObject({ path: 'docs/retry.md', startLine: 1, endLine: 3 });
    // Prefix and fuzzy: "instal" and a typo still find the installer.
    expect((await index.search('instal', 5))[0]!.chunk.path).toBe('docs/install.md');
    expect((await index.search('instaler', 5))[0]!.chunk.path).toBe('docs/install.md');
    expect(await index.search('print', 5)).toEqual([]);
  });

  it('follows edits, new files, deletions and removals incrementally', async () => {
    const { files, openIndex } = await setUp();
    const index = await openIndex();
    await index.add('docs');
    await files.write('docs/retry.md', '# Retries\n\nBackoff doubles each attempt.\n');
    await files.write('docs/new.md', '# New\n\nA fresh page about caching.\n');
    await files.delete('docs/install.md');
    await index.sync();
    expect(await index.search('defaults', 5)).toEqual([]);
    const [hit] = await index.search('backoff', 5);
    expect(hit!.chunk).toMatchObject({ path: 'docs/retry.md', version: 2 });
    expect((await index.search('caching', 5))[0]!.chunk.path).toBe('docs/new.md');
    expect(await index.search('installer', 5)).toEqual([]);
    expect(index.versions()).toEqual({ 'docs/new.md': 1, 'docs/retry.md': 2 });

    await index.remove('docs');
    expect(index.entries()).toEqual([]);
    expect(index.chunkCount).toBe(0);
  });

  it('keeps what it indexed across a reopen, reading only what changed since', async () => {
    const { store, files, openIndex } = await setUp();
    await (await openIndex()).add('docs/install.md');
    await files.write('docs/install.md', '# Install\n\nUse the wizard.\n');
    const reopened = await openIndex();
    expect(reopened.entries()).toEqual([
      { path: 'docs/install.md', kind: 'file', files: 1, chunks: 1, problems: 0 },
    ]);
    expect((await reopened.search('wizard', 5))[0]!.chunk.version).toBe(2);
    expect(await store.knowledge.chunks('w1')).toHaveLength(1);
  });

  it('lists files it cannot read as text', async () => {
    const { files, openIndex } = await setUp();
    await files.write('docs/logo.png', new Uint8Array([137, 80, 78, 71]));
    const index = await openIndex();
    await index.add('docs');
    expect(index.entries()[0]).toMatchObject({
      files: 3,
      problems: 1,
      problem: 'docs/logo.png: not a text file',
    });
  });

  it('fuses an embedding ranking with full text, and falls back when embedding fails', async () => {
    const { store, files, openIndex } = await setUp();
    let failing = false;
    // Deterministic vectors: "backoff" and "retries" point the same way.
    const vectorOf = (text: string) =>
      /retr|backoff/i.test(text) ? [1, 0] : /install/i.test(text) ? [0, 1] : [0.5, 0.5];
    const embed = async (texts: string[]) => (failing ? undefined : texts.map(vectorOf));
    await (await openIndex()).add('docs');
    const index = await KnowledgeIndex.open({
      workspaceId: 'w1',
      store: store.knowledge,
      files: store.files,
      extract: extractPlainText,
      now: () => 0,
      vectors: createVectorRanker({ workspaceId: 'w1', model: 'e', store: store.knowledge, embed }),
    });
    expect(await store.knowledge.vectors('w1', 'e')).toHaveLength(2);
    // No word in common with the retry page: only the embeddings find it.
    expect((await index.search('backoff', 5))[0]!.chunk.path).toBe('docs/retry.md');
    failing = true;
    expect(await index.search('backoff', 5)).toEqual([]);
    await files.write('docs/retry.md', '# Retries\n\nchanged\n');
    await index.sync();
    expect((await store.knowledge.vectors('w1', 'e')).map((v) => v.path)).toEqual([
      'docs/install.md',
    ]);
  });
});
