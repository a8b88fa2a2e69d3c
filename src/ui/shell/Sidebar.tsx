import { createMemo, lazy, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import type { SidebarView } from '../../app/project-search-service';
import { FilesPanel } from '../files/FilesPanel';
import { projectSearchShortcut } from '../search/search-shortcut';
import { retrying } from '../common/retrying-lazy';
import { TabBar } from '../common/TabBar';

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
  return (
    <div class="sidebar-views">
      <TabBar
        prefix="sidebar"
        label="Sidebar"
        class="sidebar-tabs"
        tabs={views.map((view) => ({ ...view, title: view.title() }))}
        selected={search.view()}
        onSelect={(id) => search.setView(id)}
      />
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
