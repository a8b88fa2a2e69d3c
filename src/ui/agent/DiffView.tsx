import { getOriginalDoc, unifiedMergeView } from '@codemirror/merge';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { createEffect, onCleanup } from 'solid-js';
import { loadLanguage } from '../editor/languages';

/**
 * A read-only diff of one file: the new text with removed lines shown above the lines that
 * replaced them (@codemirror/merge's unified view), highlighted for the file's language.
 * `before` is "" for a new file. Redrawn when either text changes.
 */
/** Keep and Undo per change, for a review of what a run did (see ChangedFilesList). */
export interface DiffReview {
  /**
   * The person undid one change: `text` is the file with it put back. Resolves false when
   * it could not be written (the view then shows the file as it was).
   */
  onUndo(text: string): Promise<boolean>;
  /** The person kept one change: `before` is the original with it taken in. */
  onKeep(before: string): void;
  /**
   * What the two buttons of a change say, as [text, accessible name]; null leaves that
   * button out. Default: Keep ("Keep this change") and Undo ("Undo this change").
   */
  buttons?: { keep?: [string, string] | null; undo?: [string, string] | null };
}

const DEFAULT_BUTTONS = {
  keep: ['Keep', 'Keep this change'],
  undo: ['Undo', 'Undo this change'],
} as const;

/**
 * The Keep and Undo buttons of each change, reachable by keyboard (the merge view's own use
 * mousedown); one the review leaves out is an empty, hidden element.
 */
function chunkButtons(review: DiffReview) {
  return (type: 'accept' | 'reject', action: (event: MouseEvent) => void) => {
    const which = type === 'accept' ? 'keep' : 'undo';
    const words =
      review.buttons?.[which] === undefined ? DEFAULT_BUTTONS[which] : review.buttons[which];
    if (!words) {
      const none = document.createElement('span');
      none.hidden = true;
      return none;
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `diff-chunk-button ${which}`;
    button.textContent = words[0];
    button.setAttribute('aria-label', words[1]);
    button.addEventListener('click', action);
    return button;
  };
}

export function DiffView(props: {
  path: string;
  before: string;
  after: string;
  review?: DiffReview;
}) {
  let host!: HTMLDivElement;
  let view: EditorView | undefined;
  onCleanup(() => view?.destroy());

  let generation = 0;
  createEffect(() => {
    const { before, after, path, review } = props;
    const current = ++generation;
    view?.destroy();
    const make = (language: Extension | undefined) =>
      new EditorView({
        parent: host,
        state: EditorState.create({
          doc: after,
          extensions: [
            lineNumbers(),
            EditorState.readOnly.of(true),
            EditorView.editable.of(false),
            EditorView.lineWrapping,
            unifiedMergeView({
              original: before,
              mergeControls: review ? chunkButtons(review) : false,
              highlightChanges: true,
              gutter: true,
            }),
            review ? reviewListener(review) : [],
            EditorView.contentAttributes.of({ 'aria-label': `Changes to ${path}` }),
            language ?? [],
          ],
        }),
      });
    view = make(undefined);
    // The language loads lazily; the diff shows at once and gains colours when it arrives.
    void loadLanguage(path).then((language) => {
      if (!language || current !== generation) return;
      view?.destroy();
      view = make(language);
    });
  });

  return <div class="diff-view" ref={host} />;
}

/** Hands each Keep and Undo of the merge view to `review`; a failed Undo is taken back. */
function reviewListener(review: DiffReview): Extension {
  return EditorView.updateListener.of((update) => {
    for (const transaction of update.transactions) {
      if (transaction.isUserEvent('accept')) review.onKeep(getOriginalDoc(update.state).toString());
      if (!transaction.isUserEvent('revert')) continue;
      const view = update.view;
      const previous = update.startState.doc.toString();
      void review.onUndo(update.state.doc.toString()).then((written) => {
        if (written) return;
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: previous } });
      });
    }
  });
}
