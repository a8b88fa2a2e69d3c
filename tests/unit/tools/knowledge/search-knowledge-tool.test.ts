import { describe, expect, it } from 'vitest';
import { createKnowledgeHost } from '../../../../src/runtime/knowledge-host';
import { createMemoryStore } from '../../../../src/store/memory-store';
import { searchKnowledgeTool } from '../../../../src/tools/knowledge/search-knowledge-tool';
import { parseKnowledgePassages } from '../../../../src/workspace/knowledge/knowledge-citations';
import { WorkspaceFiles } from '../../../../src/workspace/workspace-files';
import { testClock } from '../../../fakes/stores';

const context = (knowledge?: { search: ReturnType<typeof createKnowledgeHost>['search'] }) => ({
  signal: new AbortController().signal,
  update: () => {},
  ...(knowledge ? { knowledge } : {}),
});

describe('search_knowledge', () => {
  it('returns numbered passages with path, lines and file version', async () => {
    const store = createMemoryStore();
    const files = new WorkspaceFiles(store.files, 'w1', testClock());
    await files.write('docs/deploy.md', '# Deploy\n\nPush a tag to deploy to production.\n');
    await files.write('docs/deploy.md', '# Deploy\n\nPush a release tag to deploy.\n');
    const host = createKnowledgeHost(store);
    await host.open('w1');
    await host.add('docs');
    const result = await searchKnowledgeTool.execute({ query: 'release tag' }, context(host));
    expect(result.isError).toBeUndefined();
    expect(parseKnowledgePassages(result.content)).toEqual([
      {
        n: 1,
        path: 'docs/deploy.md',
        startLine: 1,
        endLine: 3,
        version: 2,
        heading: 'Deploy',
        text: '# Deploy\n\nPush a release tag to deploy.',
      },
    ]);
    const none = await searchKnowledgeTool.execute({ query: 'kubernetes' }, context(host));
    expect(none.content).toMatch(/No passage .* matches "kubernetes"/);
  });

  it('says when the page offers no knowledge', async () => {
    const result = await searchKnowledgeTool.execute({ query: 'x' }, context());
    expect(result).toMatchObject({ isError: true });
  });
});
