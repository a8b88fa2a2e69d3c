import { createSignal, type Accessor } from 'solid-js';

/** What the panel under the editor shows. */
export type BottomView = 'output' | 'terminal' | 'preview';

/**
 * Which view of the panel under the editor is shown: the output of runs, the terminal, or
 * the live preview. One place, so a run, Ctrl+` and "Open in preview" each move the same
 * choice.
 */
export interface BottomPanelService {
  readonly view: Accessor<BottomView>;
  show(view: BottomView): void;
}

export function createBottomPanelService(): BottomPanelService {
  const [view, show] = createSignal<BottomView>('output');
  return { view, show: (next) => show(next) };
}
