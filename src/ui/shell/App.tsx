import {
  createEffect,
  createSignal,
  For,
  lazy,
  Match,
  on,
  onCleanup,
  Show,
  Switch,
  type JSX,
} from 'solid-js';
import type { AppServices } from '../../app/services';
import type { DatabaseEvent } from '../../store/dexie-store';
import type { SettingsStart } from '../settings/SettingsDialog';
import { ChatPanel } from '../chat/ChatPanel';
import { noticeUnaskedSampling, noticeWaitingMcpRequests } from '../chat/mcp-request-notice';
import { DialogHost } from '../common/dialogs';
import { useI18n } from '../common/i18n';
import { Icon, IconButton } from '../common/icons';
import { EditorArea } from '../editor/EditorArea';
import { PanelBoundary } from '../common/PanelBoundary';
import { isApplePlatform, isQuickOpenShortcut } from '../quick-open/quick-open-shortcut';
import {
  COMMAND_PREFIX,
  isCommandPaletteShortcut,
} from '../command-palette/command-palette-shortcut';
import { registerCommands } from '../command-palette/register-commands';
import { shellCommands, type PanelKey } from './shell-commands';
import { OutputPanel } from '../runs/OutputPanel';
import { runCodeInto } from '../runs/run-code-block';
import { NoticeArea } from './NoticeArea';
import { Sidebar } from './Sidebar';
import { BottomPanel } from './BottomPanel';
import { isTerminalShortcut } from '../terminal/terminal-shortcut';
import { isProjectSearchKey } from '../search/search-shortcut';
import {
  ASSISTANT_MIN_WIDTH,
  fitPanels,
  OUTPUT_MIN_HEIGHT,
  SIDEBAR_MIN_WIDTH,
} from './panel-layout';
import { Splitter } from './Splitter';
import { createMediaQuery } from './use-media-query';
import '../common/dialogs.css';
import '../common/menu.css';
import './notices.css';
import './shell.css';
import '../files/files.css';
import '../editor/editor.css';
import '../traces/traces-header.css';
import { retrying } from '../common/retrying-lazy';

type NarrowView = 'files' | 'editor' | 'assistant' | 'output';

/** Height the output panel grows to (as far as the window allows) when a preview opens in it. */
const PREVIEW_MIN_HEIGHT = 360;

// Settings (providers, models, backups) load when first opened.
const SettingsDialog = lazy(
  retrying(
    () => import('../settings/SettingsDialog'),
    (m) => m.SettingsDialog,
  ),
);

// Traces and Logs load when first opened.
const TracesDialog = lazy(
  retrying(
    () => import('../traces/TracesDialog'),
    (m) => m.TracesDialog,
  ),
);
const LogsDialog = lazy(
  retrying(
    () => import('../logs/LogsDialog'),
    (m) => m.LogsDialog,
  ),
);

// Quick open (and its fuzzy matching) loads on the first Ctrl/Cmd+P or Ctrl/Cmd+Shift+P (the
// command palette is Quick open in command mode).
const QuickOpenDialog = lazy(
  retrying(
    () => import('../quick-open/QuickOpenDialog'),
    (m) => m.QuickOpenDialog,
  ),
);

interface AppProps {
  services: AppServices;
  databaseBlocked: () => DatabaseEvent | undefined;
  /** Settings opened at start, at this section (an MCP sign-in coming back). */
  openSettingsAt?: SettingsStart;
}

/** The whole window: header, the four panels, dialogs and notices. */
export function App(props: AppProps) {
  return (
    <DialogHost>
      <Shell {...props} />
    </DialogHost>
  );
}

function Shell(props: AppProps) {
  const { preferences, updates, notices, editor, connectivity } = props.services;
  const i18n = useI18n();
  const { t } = i18n;
  const layout = () => preferences.preferences().layout;
  // The saved sizes, fitted to the window: panels give way so the editor keeps its share.
  const [windowSize, setWindowSize] = createSignal({
    width: window.innerWidth,
    height: window.innerHeight,
  });
  const onResize = () => setWindowSize({ width: window.innerWidth, height: window.innerHeight });
  window.addEventListener('resize', onResize);
  onCleanup(() => window.removeEventListener('resize', onResize));
  /** Shows the left column (its tab on a narrow screen) if it is hidden. */
  const revealSidebar = () => {
    if (narrow()) setNarrowView('files');
    else if (layout().sidebarCollapsed) preferences.updateLayout({ sidebarCollapsed: false });
  };
  const showSearch = () => {
    revealSidebar();
    props.services.search.show();
  };
  // Project search, from anywhere. Capture phase: the code editor would otherwise see the
  // key first (its own Mod-Shift-f and key handling); in-file find stays on Ctrl/Cmd+F.
  const onSearchKey = (event: KeyboardEvent) => {
    if (!isProjectSearchKey(event)) return;
    event.preventDefault();
    event.stopPropagation();
    showSearch();
  };
  window.addEventListener('keydown', onSearchKey, true);
  onCleanup(() => window.removeEventListener('keydown', onSearchKey, true));
  const HEADER_HEIGHT = 40;
  const fitted = () => fitPanels(layout(), windowSize().width, windowSize().height - HEADER_HEIGHT);
  const prefersDark = createMediaQuery('(prefers-color-scheme: dark)');
  const narrow = createMediaQuery('(max-width: 760px)');
  const [narrowView, setNarrowView] = createSignal<NarrowView>('editor');
  const [settingsOpen, setSettingsOpen] = createSignal<SettingsStart | undefined>(
    props.openSettingsAt,
  );
  const [diagnostics, setDiagnostics] = createSignal<'traces' | 'logs'>();
  /**
   * While Quick open is open: what its box starts with ('>' for the command palette). A new
   * object each time a shortcut asks, so pressing one while it is open starts it over.
   */
  const [quickOpen, setQuickOpen] = createSignal<{ input: string }>();

  // Ctrl/Cmd+P and Ctrl/Cmd+Shift+P anywhere: caught before the page's other listeners (the
  // editor's keymap among them) and before the browser's Print. In Quick open they switch
  // it to files or to commands, as in VS Code. Over another dialog (Settings, a question) or
  // the "updated in another tab" screen they do nothing but keep Print away.
  const mac = isApplePlatform(navigator);
  const onQuickOpenKey = (event: KeyboardEvent) => {
    const initial = isQuickOpenShortcut(event, mac)
      ? ''
      : isCommandPaletteShortcut(event, mac)
        ? COMMAND_PREFIX
        : undefined;
    if (initial === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    if (props.databaseBlocked()) return;
    if (!quickOpen() && document.querySelector('dialog:modal')) return;
    setQuickOpen({ input: initial });
  };
  window.addEventListener('keydown', onQuickOpenKey, true);
  onCleanup(() => window.removeEventListener('keydown', onQuickOpenKey, true));

  // Ctrl+` (as in VS Code): show the terminal and give it the keyboard; from the terminal,
  // hide the panel again. Capture phase, so the editor and xterm never see the key.
  const onTerminalKey = (event: KeyboardEvent) => {
    if (!isTerminalShortcut(event)) return;
    event.preventDefault();
    event.stopPropagation();
    if (props.databaseBlocked() || document.querySelector('dialog:modal')) return;
    const { terminal } = props.services;
    const inTerminal = !!document.activeElement?.closest('#bottom-panel-terminal');
    if (inTerminal && !narrow()) {
      preferences.updateLayout({ outputCollapsed: true });
      return;
    }
    if (narrow()) setNarrowView('output');
    else if (layout().outputCollapsed) preferences.updateLayout({ outputCollapsed: false });
    props.services.bottom.show('terminal');
    terminal.requestFocus();
  };
  window.addEventListener('keydown', onTerminalKey, true);
  onCleanup(() => window.removeEventListener('keydown', onTerminalKey, true));

  const dark = () => {
    const theme = preferences.preferences().theme;
    return theme === 'dark' || (theme === 'system' && prefersDark());
  };
  const toggleTheme = () => preferences.setTheme(dark() ? 'light' : 'dark');
  const togglePanel = (key: PanelKey) => preferences.updateLayout({ [key]: !layout()[key] });
  registerCommands(
    props.services.commands,
    shellCommands({
      quickOpen: () => setQuickOpen({ input: '' }),
      findInFiles: showSearch,
      openSettings: (start) => setSettingsOpen(start),
      showDiagnostics: (which) => setDiagnostics(which),
      togglePanel,
      narrow,
      toggleTheme,
      dark,
      switchWorkspace() {
        revealSidebar();
        props.services.search.setView('files');
        // The picker is in the page once the left column is (a render later).
        queueMicrotask(() => {
          const picker = document.getElementById('workspace-select');
          if (!(picker instanceof HTMLSelectElement)) return;
          picker.focus();
          // Opens its list where the browser can (Chromium, with the key press's activation).
          try {
            picker.showPicker();
          } catch {
            // Focused is enough: the arrow keys choose.
          }
        });
      },
    }),
  );
  createEffect(() => {
    document.documentElement.dataset.theme = dark() ? 'dark' : 'light';
  });
  createEffect(() => {
    if (updates.updateReady()) {
      notices.show({
        kind: 'info',
        text: t('shell.newVersion'),
        action: { label: t('shell.reload'), run: () => updates.applyUpdate() },
      });
    }
  });
  // Opening a file on a phone-sized screen shows it.
  createEffect(() => {
    editor.openRequests();
    if (editor.activePath() && narrow()) setNarrowView('editor');
  });

  const panelToggle = (
    name: 'files' | 'output' | 'assistant',
    key: 'sidebarCollapsed' | 'assistantCollapsed' | 'outputCollapsed',
    icon: 'sidebar' | 'panel-right' | 'panel-bottom',
  ) => (
    <button
      type="button"
      class="icon-button"
      aria-label={t('shell.showPanel', t(`shell.panelNames.${name}`))}
      aria-pressed={!layout()[key]}
      title={t('shell.showOrHidePanel', t(`shell.panelNames.${name}`))}
      onClick={() => togglePanel(key)}
    >
      <Icon name={icon} />
    </button>
  );

  const logPanelFailure = (error: unknown, what: string) =>
    props.services.log.report('error', 'app', error, what);
  const files = (
    <PanelBoundary name={t('shell.boundaries.files')} onError={logPanelFailure}>
      <Sidebar services={props.services} />
    </PanelBoundary>
  );
  const editorArea = (
    <PanelBoundary name={t('shell.boundaries.editor')} onError={logPanelFailure}>
      <EditorArea services={props.services} />
    </PanelBoundary>
  );
  const showAssistant = () => {
    preferences.updateLayout({ assistantCollapsed: false });
    setNarrowView('assistant');
  };
  noticeWaitingMcpRequests({
    mcp: props.services.mcp,
    notices,
    hidden: () => (narrow() ? narrowView() !== 'assistant' : layout().assistantCollapsed),
    show: showAssistant,
  });
  noticeUnaskedSampling(props.services.mcp, notices, props.services.log);
  const debugWithAI = (message: string) => {
    showAssistant();
    const { chat } = props.services;
    if (chat.model() && !chat.busy()) void chat.send(message);
    else {
      chat.setDraft(message);
      if (!chat.model()) {
        notices.show({
          kind: 'info',
          text: t('shell.failedRunInChatBox'),
        });
      }
    }
  };
  const runCode = (code: string, output: HTMLElement) =>
    runCodeInto(props.services, code, output, i18n);
  const chat = (
    <PanelBoundary name={t('shell.boundaries.assistant')} onError={logPanelFailure}>
      <ChatPanel
        services={props.services}
        onShow={showAssistant}
        onOpenSettings={() => setSettingsOpen('providers')}
        onAddProvider={() => setSettingsOpen('add-provider')}
        runCode={runCode}
      />
    </PanelBoundary>
  );
  const output = (
    <BottomPanel
      services={props.services}
      dark={dark}
      onError={logPanelFailure}
      output={
        <PanelBoundary name={t('shell.boundaries.output')} onError={logPanelFailure}>
          <OutputPanel services={props.services} onDebug={debugWithAI} />
        </PanelBoundary>
      }
    />
  );
  // Opening a file in the preview (the toolbar, the file tree, the agent) shows the panel it
  // is in, tall enough for a page and its console.
  createEffect(
    on(
      props.services.preview.showRequests,
      () => {
        if (narrow()) setNarrowView('output');
        const { outputCollapsed, outputHeight } = layout();
        if (outputCollapsed || outputHeight < PREVIEW_MIN_HEIGHT) {
          preferences.updateLayout({
            outputCollapsed: false,
            outputHeight: Math.max(outputHeight, PREVIEW_MIN_HEIGHT),
          });
        }
      },
      { defer: true },
    ),
  );

  return (
    <div class="app" classList={{ narrow: narrow() }}>
      <header class="app-header">
        <span class="brand">
          <img src={`${import.meta.env.BASE_URL}icons/icon.svg`} alt="" width="20" height="20" />
          Cove
        </span>
        <span class="header-workspace">{props.services.workspaces.current()?.name}</span>
        <span class="header-spacer" />
        <Show when={!connectivity.online()}>
          <span class="offline-indicator" role="status" title={t('shell.offlineTitle')}>
            <Icon name="offline" />
            {t('shell.offline')}
          </span>
        </Show>
        <Show when={!narrow()}>
          {panelToggle('files', 'sidebarCollapsed', 'sidebar')}
          {panelToggle('output', 'outputCollapsed', 'panel-bottom')}
          {panelToggle('assistant', 'assistantCollapsed', 'panel-right')}
        </Show>
        <button
          type="button"
          class="icon-button"
          aria-label={dark() ? t('shell.toLightTheme') : t('shell.toDarkTheme')}
          title={t('shell.switchTheme')}
          onClick={toggleTheme}
        >
          <Icon name={dark() ? 'sun' : 'moon'} />
        </button>
        <button
          type="button"
          class="icon-button header-text"
          title={t('shell.tracesTitle')}
          onClick={() => setDiagnostics('traces')}
        >
          {t('shell.traces')}
        </button>
        <button
          type="button"
          class="icon-button header-text"
          title={t('shell.logsTitle')}
          onClick={() => setDiagnostics('logs')}
        >
          {t('shell.logs')}
        </button>
        <IconButton
          label={t('shell.settings')}
          icon="settings"
          onClick={() => setSettingsOpen('top')}
        />
      </header>
      <Switch>
        <Match when={narrow()}>
          <NarrowLayout
            view={narrowView()}
            onView={setNarrowView}
            panels={{ files, editor: editorArea, assistant: chat, output }}
          />
        </Match>
        <Match when={!narrow()}>
          <main
            class="workbench"
            style={{
              'grid-template-columns': `${layout().sidebarCollapsed ? '' : `${fitted().sidebarWidth}px 4px `}minmax(0, 1fr)${
                layout().assistantCollapsed ? '' : ` 4px ${fitted().assistantWidth}px`
              }`,
            }}
          >
            <Show when={!layout().sidebarCollapsed}>
              <section class="panel sidebar" aria-label={t('shell.filesPanel')}>
                {files}
              </section>
              <Splitter
                label={t('shell.resizeFiles')}
                orientation="vertical"
                value={fitted().sidebarWidth}
                min={SIDEBAR_MIN_WIDTH}
                max={Math.min(600, fitted().sidebarMax)}
                direction={1}
                // The other side keeps the width it is drawn at, so the drag moves exactly.
                onChange={(value) =>
                  preferences.updateLayout({
                    sidebarWidth: value,
                    assistantWidth: fitted().assistantWidth,
                  })
                }
              />
            </Show>
            <div
              class="center"
              style={{
                'grid-template-rows': layout().outputCollapsed
                  ? 'minmax(0, 1fr)'
                  : `minmax(0, 1fr) 4px ${fitted().outputHeight}px`,
              }}
            >
              <section class="panel editor-section" aria-label={t('shell.editorPanel')}>
                {editorArea}
              </section>
              <Show when={!layout().outputCollapsed}>
                <Splitter
                  label={t('shell.resizeOutput')}
                  orientation="horizontal"
                  value={fitted().outputHeight}
                  min={OUTPUT_MIN_HEIGHT}
                  max={fitted().outputMax}
                  direction={-1}
                  onChange={(value) => preferences.updateLayout({ outputHeight: value })}
                />
                <section class="panel output-section" aria-label={t('shell.outputPanel')}>
                  {output}
                </section>
              </Show>
            </div>
            <Show when={!layout().assistantCollapsed}>
              <Splitter
                label={t('shell.resizeAssistant')}
                orientation="vertical"
                value={fitted().assistantWidth}
                min={ASSISTANT_MIN_WIDTH}
                max={Math.min(800, fitted().assistantMax)}
                direction={-1}
                onChange={(value) =>
                  preferences.updateLayout({
                    assistantWidth: value,
                    sidebarWidth: fitted().sidebarWidth,
                  })
                }
              />
              <section class="panel assistant" aria-label={t('shell.assistantPanel')}>
                {chat}
              </section>
            </Show>
          </main>
        </Match>
      </Switch>
      <NoticeArea notices={notices} />
      <Show when={settingsOpen()} keyed>
        {(start) => (
          <SettingsDialog
            services={props.services}
            start={start}
            onClose={() => setSettingsOpen(undefined)}
          />
        )}
      </Show>
      <Show when={diagnostics() === 'traces'}>
        <TracesDialog
          traces={props.services.traces}
          providerName={(id) => props.services.providers.providers().find((p) => p.id === id)?.name}
          onClose={() => setDiagnostics(undefined)}
        />
      </Show>
      <Show when={diagnostics() === 'logs'}>
        <LogsDialog log={props.services.log} onClose={() => setDiagnostics(undefined)} />
      </Show>
      <Show when={quickOpen()}>
        <QuickOpenDialog
          editor={editor}
          workspaces={props.services.workspaces}
          commands={props.services.commands}
          start={quickOpen()}
          onClose={() => setQuickOpen(undefined)}
        />
      </Show>
      <Show when={props.databaseBlocked()}>
        <div class="blocking-overlay" role="alertdialog" aria-labelledby="blocked-title">
          <div class="blocking-box">
            <h2 id="blocked-title">{t('shell.blockedTitle')}</h2>
            <p>{t('shell.blockedText')}</p>
            <button type="button" class="button primary" onClick={() => location.reload()}>
              {t('shell.reload')}
            </button>
          </div>
        </div>
      </Show>
    </div>
  );
}

function NarrowLayout(props: {
  view: NarrowView;
  onView: (view: NarrowView) => void;
  panels: Record<NarrowView, JSX.Element>;
}) {
  const { t } = useI18n();
  const views: NarrowView[] = ['files', 'editor', 'assistant', 'output'];
  return (
    <main class="narrow-main">
      <div class="narrow-tabs" role="tablist" aria-label={t('shell.panels')}>
        <For each={views}>
          {(view) => (
            <button
              type="button"
              role="tab"
              id={`narrow-tab-${view}`}
              aria-selected={props.view === view}
              aria-controls={`narrow-panel-${view}`}
              onClick={() => props.onView(view)}
            >
              {t(`shell.views.${view}`)}
            </button>
          )}
        </For>
      </div>
      <For each={views}>
        {(view) => (
          <section
            id={`narrow-panel-${view}`}
            class="panel narrow-panel"
            role="tabpanel"
            aria-labelledby={`narrow-tab-${view}`}
            hidden={props.view !== view}
          >
            {props.panels[view]}
          </section>
        )}
      </For>
    </main>
  );
}
