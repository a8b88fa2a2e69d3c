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
import { Annotation, Compartment, EditorState, type Extension } from '@codemirror/state';
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
import { linter, lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import type { LintDiagnostic } from '../../runtime/lint-protocol';
import { loadLanguage } from './languages';
import { sameText } from './same-text';
import { FORMAT_KEYS, RUN_KEYS, SAVE_KEYS } from '../../app/commands/app-shortcuts';
import { codeMirrorKey } from './chord-keymap';
import { conflictMarkers, type ConflictLabels } from './conflict-markers';

export interface CodeEditorOptions {
  parent: HTMLElement;
  /** Called on every document change of the shown file. */
  onEdit(path: string): void;
  /** Ctrl/Cmd+S. */
  onSave(path: string): void;
  /** Ctrl/Cmd+Enter: run the file, or the selection when there is one. */
  onRun?(path: string, selection: boolean): void;
  /** Shift+Alt+F. */
  onFormat?(path: string): void;
  /** Lints a Python document (Ruff in a worker); called after typing pauses. */
  lint?(path: string, text: string): Promise<LintDiagnostic[]>;
  /** The words of a merge conflict's actions; without them, conflicts are not marked. */
  conflictLabels?: () => ConflictLabels;
}

/** A problem to mark in a document; lines and columns are 1-based. */
export interface EditorProblem {
  line: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  message: string;
}

/**
 * One CodeMirror view that shows one file at a time. Each open file keeps its own
 * EditorState (document, selection, undo history); switching files swaps states instead
 * of recreating the view.
 */
export interface CodeEditor {
  /**
   * Shows `path`, creating its state from `text` the first time. `readOnly` (for text
   * whose lines are too long to edit, see src/app/long-lines.ts) takes effect then too: the
   * person cannot change it, and the extensions that scan whole lines (language, lint,
   * bracket and selection matching) are left out.
   */
  show(path: string, text: string, options?: { readOnly?: boolean }): void;
  /** Current text of an open file, or undefined when it has no state. */
  read(path: string): string | undefined;
  /** True when an open file's text is exactly `text`; compares without copying it out. */
  holds(path: string, text: string): boolean;
  /** Replaces a file's whole text (an undoable change), e.g. when it changed on disk. */
  replace(path: string, text: string): void;
  /** The selection of a shown file, with 1-based lines, when it is not empty. */
  selection(path: string): { fromLine: number; toLine: number; text: string } | undefined;
  /** Inserts text at the cursor of the shown file, replacing its selection. */
  insert(path: string, text: string): boolean;
  /** Scrolls a shown file to a line (1-based) and puts the cursor there. */
  reveal(path: string, line: number, column?: number): void;
  /** Marks problems (e.g. a run's syntax error) in a shown file, replacing earlier marks. */
  markProblems(path: string, problems: EditorProblem[]): void;
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

/** How long typing must pause before Ruff checks the document, in milliseconds. */
const LINT_DELAY_MS = 750;

/** Marks a change that did not come from the person typing (the file changed on disk). */
const outsideChange = Annotation.define<true>();

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
        key: codeMirrorKey(SAVE_KEYS),
        preventDefault: true,
        run: () => {
          if (shown) options.onSave(shown);
          return true;
        },
      },
      {
        key: codeMirrorKey(RUN_KEYS),
        preventDefault: true,
        run: (view) => {
          if (shown) options.onRun?.(shown, !view.state.selection.main.empty);
          return true;
        },
      },
      {
        key: codeMirrorKey(FORMAT_KEYS),
        preventDefault: true,
        run: () => {
          if (shown) options.onFormat?.(shown);
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
    ...(options.lint && path.endsWith('.py') ? pythonLint(path) : []),
    ...(options.conflictLabels ? [conflictMarkers(options.conflictLabels)] : []),
    pathFacet.of(EditorView.contentAttributes.of({ 'aria-label': `Editor: ${path}` })),
    EditorView.updateListener.of((update) => {
      if (!update.docChanged || !shown) return;
      if (update.transactions.every((tr) => tr.annotation(outsideChange))) return;
      options.onEdit(shown);
    }),
  ];

  /** What the last run found in each file, with the text it was found in. */
  const runProblems = new Map<string, { text: string; diagnostics: Diagnostic[] }>();

  /** Ruff diagnostics, fetched a moment after typing stops. */
  function pythonLint(path: string): Extension[] {
    return [
      lintGutter(),
      linter(
        async (view) => {
          const text = view.state.doc.toString();
          const found = await options.lint!(path, text).catch(() => []);
          // The document may have changed while Ruff ran; positions would be stale.
          if (view.state.doc.toString() !== text) return [];
          // A run's own findings for this very text stand: Ruff landing after the run (a
          // busy machine) must not wipe the error the run located.
          const marked = runProblems.get(path);
          if (marked?.text === text) return marked.diagnostics;
          return found.map((d) => toDiagnostic(view.state.doc, d));
        },
        // A pause, not a gap between two keys: on a busy machine keys come 100–400 ms apart,
        // and a lint after each (the text copied, sent to the worker, the marks redrawn)
        // made the next keys slower still.
        { delay: LINT_DELAY_MS },
      ),
    ];
  }

  /** For text too long to edit: view, select, search and copy only. */
  const readOnlyExtensions = (path: string): Extension[] => [
    lineNumbers(),
    highlightSpecialChars(),
    drawSelection(),
    EditorState.readOnly.of(true),
    keymap.of([...defaultKeymap, ...searchKeymap]),
    theme,
    EditorView.contentAttributes.of({ 'aria-label': `Editor: ${path}`, 'aria-readonly': 'true' }),
  ];

  const view = new EditorView({ parent: options.parent });

  const stateOf = (path: string) => (path === shown ? view.state : states.get(path));

  function createState(path: string, text: string, readOnly: boolean): EditorState {
    if (readOnly) return EditorState.create({ doc: text, extensions: readOnlyExtensions(path) });
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
    show(path, text, { readOnly = false } = {}) {
      if (shown === path) return;
      const state = states.get(path) ?? createState(path, text, readOnly);
      if (shown) states.set(shown, view.state);
      // `shown` follows the view only once it really shows the file: if setState threw, typing
      // would otherwise land in one file's text and be saved under another's name.
      view.setState(state);
      shown = path;
    },
    read: (path) => stateOf(path)?.doc.toString(),
    holds(path, text) {
      const doc = stateOf(path)?.doc;
      return doc !== undefined && sameText(doc, text);
    },
    replace(path, text) {
      const state = stateOf(path);
      if (!state || state.doc.toString() === text) return;
      const change = {
        changes: { from: 0, to: state.doc.length, insert: text },
        // Not an edit of the person's: it must not mark the file dirty or save it again.
        annotations: outsideChange.of(true),
      };
      if (path === shown) view.dispatch(change);
      else states.set(path, state.update(change).state);
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
    reveal(path, line, column = 1) {
      if (path !== shown) return;
      const doc = view.state.doc;
      const target = doc.line(Math.min(Math.max(1, line), doc.lines));
      const at = Math.min(target.from + Math.max(0, column - 1), target.to);
      view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      view.focus();
    },
    markProblems(path, problems) {
      if (path !== shown) return;
      const doc = view.state.doc;
      const marked = { text: doc.toString(), diagnostics: [] as Diagnostic[] };
      runProblems.set(path, marked);
      const diagnostics = problems.map((problem) =>
        toDiagnostic(doc, {
          line: problem.line,
          column: problem.column ?? 1,
          endLine: problem.endLine ?? problem.line,
          endColumn: problem.endColumn ?? (problem.column ?? 1) + 1,
          message: problem.message,
          severity: 'error',
          code: null,
          tags: [],
        }),
      );
      marked.diagnostics = diagnostics;
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    drop(path) {
      runProblems.delete(path);
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

/** A Ruff finding as a CodeMirror diagnostic, positions clamped to the document. */
function toDiagnostic(doc: EditorState['doc'], d: LintDiagnostic): Diagnostic {
  const position = (line: number, column: number) => {
    const target = doc.line(Math.min(Math.max(1, line), doc.lines));
    return Math.min(target.from + Math.max(0, column - 1), target.to);
  };
  const from = position(d.line, d.column);
  const to = Math.max(from, position(d.endLine, d.endColumn));
  return {
    from,
    to,
    severity: d.severity,
    message: d.code ? `${d.message} (${d.code})` : d.message,
    source: 'Ruff',
    ...(d.tags.includes('unnecessary') ? { markClass: 'cm-unnecessary' } : {}),
  };
}
