import { unifiedMergeView } from '@codemirror/merge';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { createEffect, onCleanup } from 'solid-js';
import { loadLanguage } from '../editor/languages';

/**
 * A read-only diff of one file: the new text with removed lines shown above the lines that
 * replaced them (@codemirror/merge's unified view), highlighted for the file's language.
 * `before` is "" for a new file. Redrawn when either text changes.
 */
export function DiffView(props: { path: string; before: string; after: string }) {
  let host!: HTMLDivElement;
  let view: EditorView | undefined;
  onCleanup(() => view?.destroy());

  let generation = 0;
  createEffect(() => {
    const { before, after, path } = props;
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
              mergeControls: false,
              highlightChanges: true,
              gutter: true,
            }),
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
