import { createMemo, For, lazy, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import type { SidebarView } from '../../app/project-search-service';
import { FilesPanel } from '../files/FilesPanel';
import { projectSearchShortcut } from '../search/search-shortcut';
import { retrying } from '../common/retrying-lazy';

// The search panel loads when it is first shown, not with the page.
const SearchPanel = lazy(
  retrying(
    () => import('../search/SearchPanel'),
    (module) => module.SearchPanel,
  ),
);

const views: { id: SidebarView; label: string; title: () => string }[] = [
  { id: 'files', label: 'Files', title: () => 'Files' },
  { id: 'search', label: 'Search', title: () => `Search in files (${projectSearchShortcut()})` },
];

/**
 * The left column: a Files | Search switch over the file tree and project search. Once
 * shown, both stay mounted, so the tree keeps its open folders and the search its results
 * while hidden.
 */
export function Sidebar(props: { services: AppServices }) {
  const { search } = props.services;
  const searchShown = createMemo((seen) => seen || search.view() === 'search', false);
  const tabs: HTMLButtonElement[] = [];

  // Tabs as the ARIA pattern has them: one Tab stop, arrows move between them.
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = views[(index + step + views.length) % views.length]!;
    search.setView(next.id);
    tabs[views.indexOf(next)]?.focus();
  };

  return (
    <div class="sidebar-views">
      <div class="sidebar-tabs" role="tablist" aria-label="Sidebar">
        <For each={views}>
          {(view, index) => (
            <button
              ref={(element) => (tabs[index()] = element)}
              type="button"
              role="tab"
              id={`sidebar-tab-${view.id}`}
              aria-selected={search.view() === view.id}
              aria-controls={`sidebar-panel-${view.id}`}
              tabIndex={search.view() === view.id ? 0 : -1}
              title={view.title()}
              onClick={() => search.setView(view.id)}
              onKeyDown={(event) => onKeyDown(event, index())}
            >
              {view.label}
            </button>
          )}
        </For>
      </div>
      <div
        id="sidebar-panel-files"
        class="sidebar-view"
        role="tabpanel"
        aria-labelledby="sidebar-tab-files"
        hidden={search.view() !== 'files'}
      >
        <FilesPanel services={props.services} />
      </div>
      <div
        id="sidebar-panel-search"
        class="sidebar-view"
        role="tabpanel"
        aria-labelledby="sidebar-tab-search"
        hidden={search.view() !== 'search'}
      >
        <Show when={searchShown()}>
          <SearchPanel services={props.services} />
        </Show>
      </div>
    </div>
  );
}
