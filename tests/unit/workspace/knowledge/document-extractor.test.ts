import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../../src/store/memory-store';
import { extractDocuments } from '../../../../src/workspace/knowledge/document-extractor';
import { KnowledgeIndex } from '../../../../src/workspace/knowledge/knowledge-index';
import { WorkspaceFiles } from '../../../../src/workspace/workspace-files';
import { testClock } from '../../../fakes/stores';
import { makeDocx, makePdf } from '../../support/document-fixtures';

describe('PDFs and Word documents in knowledge', () => {
  it('a PDF is indexed page by page and a DOCX as its text; a scanned PDF is skipped, a damaged one says why', async () => {
    const store = createMemoryStore();
    const clock = testClock();
    const files = new WorkspaceFiles(store.files, 'w1', clock);
    await files.write(
      'docs/manual.pdf',
      await makePdf([
        'Introduction',
        'Installing the widget',
        'The flux capacitor needs 1.21 gigawatts',
      ]),
    );
    await files.write('docs/plan.docx', makeDocx('Release plan', ['Ship the rocket on Monday.']));
    await files.write('docs/scan.pdf', await makePdf(['', '']));
    await files.write('docs/broken.pdf', new TextEncoder().encode('%PDF-1.7 not really'));
    await files.write('docs/notes.md', '# Notes\n\nPlain text still works.\n');
    const index = await KnowledgeIndex.open({
      workspaceId: 'w1',
      store: store.knowledge,
      files: store.files,
      extract: extractDocuments,
      now: () => clock.now(),
    });
    await index.add('docs');

    const [page] = await index.search('flux capacitor gigawatts', 5);
    expect(page!.chunk).toMatchObject({ path: 'docs/manual.pdf', page: 3 });
    expect(page!.chunk.text).toContain('1.21 gigawatts');
    expect((await index.search('rocket Monday', 5))[0]!.chunk.path).toBe('docs/plan.docx');
    expect((await index.search('plain text', 5))[0]!.chunk.path).toBe('docs/notes.md');
    // The scan (no text) and the damaged file are the two problems the panel lists.
    const [entry] = index.entries();
    expect(entry).toMatchObject({ path: 'docs', files: 5, problems: 2 });
    store.close();
  });
});
