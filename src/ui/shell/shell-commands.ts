import type { Command } from '../../app/commands/command';
import { FIND_IN_FILES_KEYS, QUICK_OPEN_KEYS } from '../../app/commands/app-shortcuts';

/** A panel the header's buttons show and hide, by its layout key. */
export type PanelKey = 'sidebarCollapsed' | 'outputCollapsed' | 'assistantCollapsed';

/** The shell's handlers that its commands call: the same the header's buttons and keys call. */
export interface ShellActions {
  quickOpen(): void;
  findInFiles(): void;
  openSettings(start: 'top' | 'add-provider'): void;
  showDiagnostics(which: 'traces' | 'logs'): void;
  togglePanel(panel: PanelKey): void;
  /** The header's panel buttons are there only in the wide layout. */
  narrow(): boolean;
  toggleTheme(): void;
  dark(): boolean;
  switchWorkspace(): void;
}

const NARROW = 'The window is narrow: its tabs show one panel at a time.';

/** The commands of the window itself: finding, settings, diagnostics, panels and theme. */
export function shellCommands(actions: ShellActions): Command[] {
  const panel = (id: string, title: string, key: PanelKey): Command => ({
    id,
    title,
    category: 'View',
    disabledReason: () => (actions.narrow() ? NARROW : undefined),
    run: () => actions.togglePanel(key),
  });
  return [
    {
      id: 'files.quickOpen',
      title: 'Quick open',
      category: 'Files',
      keys: QUICK_OPEN_KEYS,
      run: actions.quickOpen,
    },
    {
      id: 'search.findInFiles',
      title: 'Find in files',
      category: 'Search',
      keys: FIND_IN_FILES_KEYS,
      run: actions.findInFiles,
    },
    {
      id: 'workspace.switch',
      title: 'Switch workspace…',
      category: 'Workspace',
      run: actions.switchWorkspace,
    },
    { id: 'settings.open', title: 'Open settings', run: () => actions.openSettings('top') },
    {
      id: 'settings.addProvider',
      title: 'Add a provider…',
      category: 'Settings',
      run: () => actions.openSettings('add-provider'),
    },
    {
      id: 'traces.show',
      title: 'Show traces',
      category: 'Diagnostics',
      run: () => actions.showDiagnostics('traces'),
    },
    {
      id: 'logs.show',
      title: 'Show logs',
      category: 'Diagnostics',
      run: () => actions.showDiagnostics('logs'),
    },
    panel('view.toggleSidebar', 'Toggle the sidebar', 'sidebarCollapsed'),
    panel('view.toggleOutput', 'Toggle the output panel', 'outputCollapsed'),
    panel('view.toggleAssistant', 'Toggle the assistant panel', 'assistantCollapsed'),
    {
      id: 'view.toggleTheme',
      // Read when listed: says what it will do now, as the header's button does.
      get title() {
        return actions.dark() ? 'Switch to the light theme' : 'Switch to the dark theme';
      },
      category: 'View',
      run: actions.toggleTheme,
    },
  ];
}
