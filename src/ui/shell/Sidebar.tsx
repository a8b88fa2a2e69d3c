import { createMemo, lazy, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import { downloadWorkspaceZip } from '../files/workspace-zip-download';
import type { SidebarView } from '../../app/project-search-service';
import { FilesPanel } from '../files/FilesPanel';
import { projectSearchShortcut } from '../search/search-shortcut';
import { retrying } from '../common/retrying-lazy';
import { TabBar } from '../common/TabBar';
import { useI18n } from '../common/i18n';
import { registerCommands } from '../command-palette/register-commands';
import { gitCommands } from '../git/git-commands';

// The search panel loads when it is first shown, not with the page.
const SearchPanel = lazy(
  retrying(
    () => import('../search/SearchPanel'),
    (module) => module.SearchPanel,
  ),
);

// Source Control loads with isomorphic-git's panel when first shown.
const GitPanel = lazy(
  retrying(
    () => import('../git/GitPanel'),
    (module) => module.GitPanel,
  ),
);

// The Knowledge panel loads when it is first shown.
const KnowledgePanel = lazy(
  retrying(
    () => import('../knowledge/KnowledgePanel'),
    (module) => module.KnowledgePanel,
  ),
);

const views: SidebarView[] = ['files', 'search', 'git', 'knowledge'];

/**
 * The left column: a Files | Search | Git | Knowledge switch over the file tree, project
 * search, git and the workspace's knowledge. Once shown, each stays mounted, so the tree keeps its open folders and the
 * search its results while hidden.
 */
export function Sidebar(props: { services: AppServices }) {
  const { search, git, commands } = props.services;
  const { t } = useI18n();
  const titles: Record<SidebarView, () => string> = {
    files: () => t('sidebar.files'),
    search: () => t('sidebar.searchTitle', projectSearchShortcut()),
    git: () => t('sidebar.gitTitle'),
    knowledge: () => t('sidebar.knowledgeTitle'),
  };
  const searchShown = createMemo((seen) => seen || search.view() === 'search', false);
  const gitShown = createMemo((seen) => seen || search.view() === 'git', false);
  const knowledgeShown = createMemo((seen) => seen || search.view() === 'knowledge', false);
  registerCommands(
    commands,
    gitCommands(git, () => search.setView('git')),
  );
  return (
    <div class="sidebar-views">
      <TabBar
        prefix="sidebar"
        label={t('sidebar.label')}
        class="sidebar-tabs"
        tabs={views.map((id) => ({ id, label: t(`sidebar.${id}`), title: titles[id]() }))}
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
      <div
        id="sidebar-panel-git"
        class="sidebar-view"
        role="tabpanel"
        aria-labelledby="sidebar-tab-git"
        hidden={search.view() !== 'git'}
      >
        <Show when={gitShown()}>
          <GitPanel
            git={git}
            onOpenFile={(path) => void props.services.editor.openFile(path)}
            onExportWithHistory={() =>
              void downloadWorkspaceZip(props.services, { includeGit: true })
            }
          />
        </Show>
      </div>
      <div
        id="sidebar-panel-knowledge"
        class="sidebar-view"
        role="tabpanel"
        aria-labelledby="sidebar-tab-knowledge"
        hidden={search.view() !== 'knowledge'}
      >
        <Show when={knowledgeShown()}>
          <KnowledgePanel services={props.services} />
        </Show>
      </div>
    </div>
  );
}
