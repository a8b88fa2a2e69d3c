import { createEffect, createSignal, lazy, on, Show, Suspense, type JSX } from 'solid-js';
import type { AppServices } from '../../app/services';
import { retrying } from '../common/retrying-lazy';
import './preview.css';

// The preview pane (and its frame loader) loads when a file is first opened in it.
const PreviewPane = lazy(
  retrying(
    () => import('./PreviewPane'),
    (m) => m.default,
  ),
);

type BottomView = 'output' | 'preview';

/**
 * The panel under the editor: the output of runs and, once an HTML file is opened in it,
 * the live preview, as two tabs. Opening a preview shows its tab; a run shows Output.
 * Both stay mounted, so switching keeps a run's output and the page's state.
 */
export function BottomPanel(props: { services: AppServices; output: JSX.Element }) {
  const { preview, runs } = props.services;
  const [view, setView] = createSignal<BottomView>('output');
  createEffect(on(preview.showRequests, () => setView('preview'), { defer: true }));
  createEffect(on(runs.current, () => setView('output'), { defer: true }));
  createEffect(() => {
    if (!preview.path()) setView('output');
  });
  const tab = (id: BottomView, label: string) => (
    <button
      type="button"
      role="tab"
      id={`bottom-tab-${id}`}
      aria-selected={view() === id}
      aria-controls={`bottom-panel-${id}`}
      onClick={() => setView(id)}
    >
      {label}
    </button>
  );
  return (
    <div class="bottom-panel">
      <Show when={preview.path()} fallback={<div />}>
        <div class="bottom-panel-tabs" role="tablist" aria-label="Output and preview">
          {tab('output', 'Output')}
          {tab('preview', 'Preview')}
        </div>
      </Show>
      <div class="bottom-panel-body">
        <div
          id="bottom-panel-output"
          role={preview.path() ? 'tabpanel' : undefined}
          aria-labelledby={preview.path() ? 'bottom-tab-output' : undefined}
          hidden={view() !== 'output'}
          style={{ height: '100%' }}
        >
          {props.output}
        </div>
        <Show when={preview.path()}>
          <div
            id="bottom-panel-preview"
            role="tabpanel"
            aria-labelledby="bottom-tab-preview"
            hidden={view() !== 'preview'}
          >
            <Suspense fallback={<p class="empty-state">Loading the preview…</p>}>
              <PreviewPane preview={preview} />
            </Suspense>
          </div>
        </Show>
      </div>
    </div>
  );
}
