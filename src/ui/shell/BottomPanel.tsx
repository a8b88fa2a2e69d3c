import { createEffect, createMemo, For, lazy, on, Show, type JSX } from 'solid-js';
import type { AppServices } from '../../app/services';
import type { BottomView } from '../../app/terminal-service';
import { PanelBoundary } from '../common/PanelBoundary';
import { retrying } from '../common/retrying-lazy';
import { TERMINAL_SHORTCUT_LABEL } from '../terminal/terminal-shortcut';

// The terminal, with xterm.js, loads when it is first shown, not with the page.
const TerminalPanel = lazy(
  retrying(
    () => import('../terminal/TerminalPanel'),
    (module) => module.TerminalPanel,
  ),
);

const views: { id: BottomView; label: string; title: string }[] = [
  { id: 'output', label: 'Output', title: 'Output of Python runs' },
  { id: 'terminal', label: 'Terminal', title: `Terminal (${TERMINAL_SHORTCUT_LABEL})` },
];

/**
 * The panel under the editor: an Output | Terminal switch. Once shown, both stay mounted,
 * so the terminal keeps its screen and a running command while Output is shown.
 */
export function BottomPanel(props: {
  services: AppServices;
  output: JSX.Element;
  dark: () => boolean;
  onError: (error: unknown, what: string) => void;
}) {
  const { terminal, runs } = props.services;
  const terminalShown = createMemo((seen) => seen || terminal.view() === 'terminal', false);
  // A Run (button, Ctrl/Cmd+Enter, a reply's code) shows its output. The terminal's own
  // `python` is not a Run: its output is in the terminal.
  createEffect(
    on(
      runs.current,
      // A run that has a result already is an earlier one shown again (another workspace).
      (run) => {
        if (run && !run.result()) terminal.setView('output');
      },
      { defer: true },
    ),
  );
  const tabs: HTMLButtonElement[] = [];

  // Tabs as the ARIA pattern has them: one Tab stop, arrows move between them.
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = views[(index + step + views.length) % views.length]!;
    terminal.setView(next.id);
    tabs[views.indexOf(next)]?.focus();
  };

  return (
    <div class="bottom-panel">
      <div class="bottom-tabs" role="tablist" aria-label="Bottom panel">
        <For each={views}>
          {(view, index) => (
            <button
              ref={(element) => (tabs[index()] = element)}
              type="button"
              role="tab"
              id={`bottom-tab-${view.id}`}
              aria-selected={terminal.view() === view.id}
              aria-controls={`bottom-panel-${view.id}`}
              tabIndex={terminal.view() === view.id ? 0 : -1}
              title={view.title}
              onClick={() => {
                terminal.setView(view.id);
                if (view.id === 'terminal') terminal.requestFocus();
              }}
              onKeyDown={(event) => onKeyDown(event, index())}
            >
              {view.label}
            </button>
          )}
        </For>
      </div>
      <div
        id="bottom-panel-output"
        class="bottom-view"
        role="tabpanel"
        aria-labelledby="bottom-tab-output"
        hidden={terminal.view() !== 'output'}
      >
        {props.output}
      </div>
      <div
        id="bottom-panel-terminal"
        class="bottom-view"
        role="tabpanel"
        aria-labelledby="bottom-tab-terminal"
        hidden={terminal.view() !== 'terminal'}
      >
        <Show when={terminalShown()}>
          <PanelBoundary name="Terminal" onError={props.onError}>
            <TerminalPanel services={props.services} dark={props.dark} />
          </PanelBoundary>
        </Show>
      </div>
    </div>
  );
}
