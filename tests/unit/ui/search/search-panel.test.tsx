// @vitest-environment jsdom
import { createRoot } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, expect, test, vi } from 'vitest';
import { waitUntil } from '../../support/wait-until';
import { ManualClock } from '../../../../src/base/clock';
import { createEditorService } from '../../../../src/app/editor-service';
import { createNoticeService } from '../../../../src/app/notice-service';
import {
  createProjectSearchService,
  SEARCH_DEBOUNCE_MS,
} from '../../../../src/app/project-search-service';
import type { AppServices } from '../../../../src/app/services';
import { createWorkspaceService } from '../../../../src/app/workspace-service';
import { createMemoryStore } from '../../../../src/store/memory-store';
import { WorkspaceCatalog } from '../../../../src/workspace/workspace-catalog';
import { DialogHost } from '../../../../src/ui/common/dialogs';
import { SearchPanel } from '../../../../src/ui/search/SearchPanel';

afterEach(() => {
  document.body.innerHTML = '';
});

async function mount() {
  const clock = new ManualClock(1_000);
  const store = createMemoryStore();
  const notices = createNoticeService(clock);
  const workspaces = createWorkspaceService(
    new WorkspaceCatalog(store, clock),
    store.settings,
    store.changes,
  );
  await workspaces.start();
  await workspaces.create('Search');
  const files = workspaces.files()!;
  await files.write('notes.md', 'A needle.\n');
  await files.write('src/hay.py', 'hay\nhay needle hay needle\n');
  await waitUntil(() => expect(workspaces.entries().length).toBe(3));
  const editor = createEditorService({ workspaces, settings: store.settings, notices, clock });
  const reveal = vi.spyOn(editor, 'reveal').mockResolvedValue(undefined);
  const search = createProjectSearchService({ workspaces, editor, notices, clock });
  const services = { search, editor, notices } as unknown as AppServices;
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(() =>
    render(
      () => (
        <DialogHost>
          <SearchPanel services={services} />
        </DialogHost>
      ),
      host,
    ),
  );
  const field = (label: string) =>
    host.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
  const type = async (label: string, text: string) => {
    field(label).value = text;
    field(label).dispatchEvent(new Event('input', { bubbles: true }));
    await clock.advance(SEARCH_DEBOUNCE_MS);
  };
  const button = (label: string) =>
    host.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
  return { host, search, reveal, field, type, button };
}

test('shows the results by file with the match marked; a match opens its line', async () => {
  const { host, search, reveal, field, type, button } = await mount();
  search.show();
  expect(document.activeElement).toBe(field('Search text'));
  await type('Search text', 'needle');
  const status = host.querySelector('[role="status"]')!;
  await waitUntil(() => expect(status.textContent).toBe('3 results in 2 files.'));
  const groups = [...host.querySelectorAll('section.search-file')].map((section) => [
    section.getAttribute('aria-label'),
    section.querySelector('.search-file-count')!.textContent,
  ]);
  expect(groups).toEqual([
    ['notes.md', '1'],
    ['src/hay.py', '2'],
  ]);
  expect([...host.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
    'needle',
    'needle',
    'needle',
  ]);
  const hits = [...host.querySelectorAll<HTMLButtonElement>('button.search-hit')];
  expect(hits.map((hit) => hit.getAttribute('aria-label'))).toEqual([
    'Line 1: A needle.',
    'Line 2: hay needle hay needle',
    'Line 2: hay needle hay needle',
  ]);
  hits[2]!.click();
  expect(reveal).toHaveBeenCalledWith('src/hay.py', 2, 16);

  await type('Files to exclude', '*.md');
  await waitUntil(() => expect(status.textContent).toBe('2 results in 1 file.'));

  button('Use regular expression').click();
  expect(button('Use regular expression').getAttribute('aria-pressed')).toBe('true');
  await type('Search text', 'needle(');
  await waitUntil(() =>
    expect(host.querySelector('[role="alert"]')?.textContent).toMatch(
      /^The regular expression is invalid: .*missing closing \)/,
    ),
  );
  expect(host.querySelectorAll('button.search-hit')).toHaveLength(0);
});
