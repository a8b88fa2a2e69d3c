// Everything CodeMirror: loaded lazily so the first paint does not wait for the editor.
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  bracketMatching,
  foldGutter,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { classHighlighter } from '@lezer/highlight';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  crosshairCursor,
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  rectangularSelection,
} from '@codemirror/view';
import { loadLanguage } from './languages';

export interface CodeEditorOptions {
  parent: HTMLElement;
  /** Called on every document change of the shown file. */
  onEdit(path: string): void;
  /** Ctrl/Cmd+S. */
  onSave(path: string): void;
}

/**
 * One CodeMirror view that shows one file at a time. Each open file keeps its own
 * EditorState (document, selection, undo history); switching files swaps states instead
 * of recreating the view.
 */
export interface CodeEditor {
  /** Shows `path`, creating its state from `text` the first time. */
  show(path: string, text: string): void;
  /** Current text of an open file, or undefined when it has no state. */
  read(path: string): string | undefined;
  /** Replaces a file's whole text (an undoable change), e.g. when it changed on disk. */
  replace(path: string, text: string): void;
  /** The selection of a shown file, with 1-based lines, when it is not empty. */
  selection(path: string): { fromLine: number; toLine: number; text: string } | undefined;
  /** Inserts text at the cursor of the shown file, replacing its selection. */
  insert(path: string, text: string): boolean;
  /** Forgets a closed file's state. */
  drop(path: string): void;
  /** Keeps a file's state (and undo history) when it is renamed or moved. */
  rename(from: string, to: string): void;
  focus(): void;
  destroy(): void;
}

const theme = EditorView.theme({
  '&': {
    height: '100%',
    fontSize: '13.5px',
    backgroundColor: 'var(--bg-panel)',
    color: 'var(--fg)',
  },
  '.cm-scroller': { fontFamily: 'var(--font-code)', lineHeight: '1.55' },
  '.cm-gutters': { backgroundColor: 'var(--bg-panel)', color: 'var(--fg-muted)', border: 'none' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--bg-raised)' },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--fg)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--bg-selected) !important',
  },
});

export function createCodeEditor(options: CodeEditorOptions): CodeEditor {
  const states = new Map<string, EditorState>();
  const languages = new Map<string, Compartment>();
  let shown: string | undefined;

  const pathFacet = new Compartment();
  const baseExtensions = (path: string, language: Compartment): Extension[] => [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    foldGutter(),
    drawSelection(),
    dropCursor(),
    EditorState.allowMultipleSelections.of(true),
    indentOnInput(),
    // Token classes (tok-*) styled by theme.css, shared with code blocks in chat replies.
    syntaxHighlighting(classHighlighter),
    bracketMatching(),
    closeBrackets(),
    rectangularSelection(),
    crosshairCursor(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    keymap.of([
      {
        key: 'Mod-s',
        preventDefault: true,
        run: () => {
          if (shown) options.onSave(shown);
          return true;
        },
      },
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...historyKeymap,
      indentWithTab,
    ]),
    theme,
    language.of([]),
    pathFacet.of(EditorView.contentAttributes.of({ 'aria-label': `Editor: ${path}` })),
    EditorView.updateListener.of((update) => {
      if (update.docChanged && shown) options.onEdit(shown);
    }),
  ];

  const view = new EditorView({ parent: options.parent });

  const stateOf = (path: string) => (path === shown ? view.state : states.get(path));

  function createState(path: string, text: string): EditorState {
    const language = new Compartment();
    languages.set(path, language);
    void loadLanguage(path).then((extension) => {
      if (!extension || languages.get(path) !== language) return;
      const effects = language.reconfigure(extension);
      if (path === shown) view.dispatch({ effects });
      else {
        const state = states.get(path);
        if (state) states.set(path, state.update({ effects }).state);
      }
    });
    return EditorState.create({ doc: text, extensions: baseExtensions(path, language) });
  }

  return {
    show(path, text) {
      if (shown === path) return;
      if (shown) states.set(shown, view.state);
      const state = states.get(path) ?? createState(path, text);
      shown = path;
      view.setState(state);
    },
    read: (path) => stateOf(path)?.doc.toString(),
    replace(path, text) {
      const state = stateOf(path);
      if (!state || state.doc.toString() === text) return;
      const change = { changes: { from: 0, to: state.doc.length, insert: text } };
      if (path === shown) {
        // Replacing the shown document must not count as an edit of the person's.
        const previous = shown;
        shown = undefined;
        view.dispatch(change);
        shown = previous;
      } else states.set(path, state.update(change).state);
    },
    selection(path) {
      if (path !== shown) return undefined;
      const range = view.state.selection.main;
      if (range.empty) return undefined;
      const doc = view.state.doc;
      return {
        fromLine: doc.lineAt(range.from).number,
        toLine: doc.lineAt(range.to).number,
        text: doc.sliceString(range.from, range.to),
      };
    },
    insert(path, text) {
      if (path !== shown) return false;
      view.dispatch(view.state.replaceSelection(text));
      view.focus();
      return true;
    },
    drop(path) {
      states.delete(path);
      languages.delete(path);
      if (shown === path) {
        shown = undefined;
        view.setState(EditorState.create({ doc: '' }));
      }
    },
    rename(from, to) {
      const state = stateOf(from);
      if (!state) return;
      if (shown === from) shown = to;
      else {
        states.delete(from);
        states.set(to, state);
      }
      const language = languages.get(from);
      languages.delete(from);
      if (!language) return;
      languages.set(to, language);
      // A new extension may mean a new language (notes.txt → notes.md).
      void loadLanguage(to).then((extension) => {
        if (languages.get(to) !== language) return;
        const effects = language.reconfigure(extension ?? []);
        if (to === shown) view.dispatch({ effects });
        else {
          const current = states.get(to);
          if (current) states.set(to, current.update({ effects }).state);
        }
      });
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}
