import { createEffect, createMemo, lazy, on, Show, Suspense, type JSX } from 'solid-js';
import type { BottomView } from '../../app/bottom-panel-service';
import type { AppServices } from '../../app/services';
import { PanelBoundary } from '../common/PanelBoundary';
import { retrying } from '../common/retrying-lazy';
import { TabBar } from '../common/TabBar';
import { useI18n } from '../common/i18n';
import { TERMINAL_SHORTCUT_LABEL } from '../terminal/terminal-shortcut';

// The terminal, with xterm.js, loads when it is first shown, not with the page.
const TerminalPanel = lazy(
  retrying(
    () => import('../terminal/TerminalPanel'),
    (module) => module.TerminalPanel,
  ),
);

// The preview pane (and its frame loader) loads when a file is first opened in it.
const PreviewPane = lazy(
  retrying(
    () => import('../preview/PreviewPane'),
    (module) => module.default,
  ),
);

const allViews: BottomView[] = ['output', 'terminal', 'preview'];

/**
 * The panel under the editor: Output | Terminal, and Preview once a page is opened in it.
 * Once shown, each stays mounted, so the terminal keeps its screen and a running command,
 * and the page its state, while another view is shown. A run shows Output; "Open in
 * preview" shows Preview.
 */
export function BottomPanel(props: {
  services: AppServices;
  output: JSX.Element;
  dark: () => boolean;
  onError: (error: unknown, what: string) => void;
}) {
  const { terminal, runs, preview, bottom } = props.services;
  const { t } = useI18n();
  const titles: Record<BottomView, () => string> = {
    output: () => t('bottom.outputTitle'),
    terminal: () => t('bottom.terminalTitle', TERMINAL_SHORTCUT_LABEL),
    preview: () => t('bottom.previewTitle'),
  };
  const views = () =>
    allViews
      .filter((id) => id !== 'preview' || preview.path())
      .map((id) => ({ id, label: t(`bottom.${id}`), title: titles[id]() }));
  const terminalShown = createMemo((seen) => seen || bottom.view() === 'terminal', false);
  createEffect(on(preview.showRequests, () => bottom.show('preview'), { defer: true }));
  createEffect(() => {
    if (!preview.path() && bottom.view() === 'preview') bottom.show('output');
  });
  // A Run (button, Ctrl/Cmd+Enter, a reply's code) shows its output. The terminal's own
  // `python` is not a Run: its output is in the terminal.
  createEffect(
    on(
      runs.current,
      // A run that has a result already is an earlier one shown again (another workspace).
      (run) => {
        if (run && !run.result()) bottom.show('output');
      },
      { defer: true },
    ),
  );
  return (
    <div class="bottom-panel">
      <TabBar
        prefix="bottom"
        label={t('bottom.label')}
        class="bottom-tabs"
        tabs={views()}
        selected={bottom.view()}
        onSelect={(id, byArrow) => {
          bottom.show(id);
          if (id === 'terminal' && !byArrow) terminal.requestFocus();
        }}
      />
      <div
        id="bottom-panel-output"
        class="bottom-view"
        role="tabpanel"
        aria-labelledby="bottom-tab-output"
        hidden={bottom.view() !== 'output'}
      >
        {props.output}
      </div>
      <div
        id="bottom-panel-terminal"
        class="bottom-view"
        role="tabpanel"
        aria-labelledby="bottom-tab-terminal"
        hidden={bottom.view() !== 'terminal'}
      >
        <Show when={terminalShown()}>
          <PanelBoundary name={t('shell.boundaries.terminal')} onError={props.onError}>
            <TerminalPanel services={props.services} dark={props.dark} />
          </PanelBoundary>
        </Show>
      </div>
      <Show when={preview.path()}>
        <div
          id="bottom-panel-preview"
          class="bottom-view"
          role="tabpanel"
          aria-labelledby="bottom-tab-preview"
          hidden={bottom.view() !== 'preview'}
        >
          <PanelBoundary name={t('shell.boundaries.preview')} onError={props.onError}>
            <Suspense fallback={<p class="empty-state">{t('bottom.loadingPreview')}</p>}>
              <PreviewPane preview={preview} />
            </Suspense>
          </PanelBoundary>
        </div>
      </Show>
    </div>
  );
}
