import { describe, expect, it, vi } from 'vitest';
import { shellCommands, type ShellActions } from '../../../../src/ui/shell/shell-commands';

function actions(state: { narrow?: boolean; dark?: boolean } = {}) {
  return {
    quickOpen: vi.fn(),
    findInFiles: vi.fn(),
    openSettings: vi.fn(),
    showDiagnostics: vi.fn(),
    togglePanel: vi.fn(),
    narrow: () => state.narrow ?? false,
    toggleTheme: vi.fn(),
    dark: () => state.dark ?? false,
    switchWorkspace: vi.fn(),
  } satisfies ShellActions;
}

const byId = (list: ReturnType<typeof shellCommands>, id: string) =>
  list.find((command) => command.id === id)!;

describe('shellCommands', () => {
  it('calls the shell’s own handlers', () => {
    const shell = actions();
    const list = shellCommands(shell);
    byId(list, 'settings.open').run();
    expect(shell.openSettings).toHaveBeenCalledWith('top');
    byId(list, 'traces.show').run();
    expect(shell.showDiagnostics).toHaveBeenCalledWith('traces');
    byId(list, 'view.toggleSidebar').run();
    expect(shell.togglePanel).toHaveBeenCalledWith('sidebarCollapsed');
    byId(list, 'search.findInFiles').run();
    expect(shell.findInFiles).toHaveBeenCalledOnce();
  });

  it('has unique ids and sentence-case titles', () => {
    const list = shellCommands(actions());
    expect(new Set(list.map((c) => c.id)).size).toBe(list.length);
    for (const { title } of list) expect(title).toMatch(/^[A-Z][^A-Z]*$/);
  });

  it('turns the panel toggles off in the narrow layout, saying why', () => {
    const wide = byId(shellCommands(actions()), 'view.toggleOutput');
    expect(wide.disabledReason?.()).toBeUndefined();
    const narrow = byId(shellCommands(actions({ narrow: true })), 'view.toggleOutput');
    expect(narrow.disabledReason?.()).toMatch(/narrow/);
  });

  it('names the theme it switches to', () => {
    expect(byId(shellCommands(actions()), 'view.toggleTheme').title).toBe(
      'Switch to the dark theme',
    );
    expect(byId(shellCommands(actions({ dark: true })), 'view.toggleTheme').title).toBe(
      'Switch to the light theme',
    );
  });

  it('shows the shortcuts of Quick open and Find in files', () => {
    const list = shellCommands(actions());
    expect(byId(list, 'files.quickOpen').keys).toEqual({ key: 'p', mod: true });
    expect(byId(list, 'search.findInFiles').keys).toEqual({ key: 'f', mod: true, shift: true });
  });
});
