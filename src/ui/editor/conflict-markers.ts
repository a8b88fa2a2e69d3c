// A merge's conflicted regions in the editor: the two sides tinted, the marker lines dimmed,
// and "Accept current / incoming / both" above each region, which replace it by the side(s)
// kept as one undoable edit (so the file is edited, saved and staged like any other change).
import { StateField, type EditorState, type Extension, type Range } from '@codemirror/state';
import { Decoration, EditorView, WidgetType, type DecorationSet } from '@codemirror/view';
import {
  findConflicts,
  resolvedText,
  type ConflictChoice,
  type ConflictRegion,
} from '../../workspace/git/conflict-regions';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enGitExtraUi } from '../../app/messages/en-git-extra-ui';

// The actions' English comes with the editor (a lazily loaded area of the catalog).
addEnglishArea('gitExtra', enGitExtraUi);

/** The words of the actions, read when a region's bar is drawn (the catalog's). */
export interface ConflictLabels {
  group: string;
  current: [label: string, title: string];
  incoming: [label: string, title: string];
  both: [label: string, title: string];
}

const CHOICES: ConflictChoice[] = ['current', 'incoming', 'both'];

/** Replaces the `index`-th region of the document by the side(s) kept. */
export function acceptConflict(view: EditorView, index: number, choice: ConflictChoice): boolean {
  const region = findConflicts(view.state.doc.toString())[index];
  if (!region) return false;
  view.dispatch({
    changes: { from: region.from, to: region.to, insert: resolvedText(region, choice) },
    userEvent: 'input.resolve-conflict',
  });
  return true;
}

class ConflictBar extends WidgetType {
  constructor(
    private readonly index: number,
    private readonly labels: () => ConflictLabels,
  ) {
    super();
  }

  override eq(other: ConflictBar): boolean {
    return other.index === this.index;
  }

  toDOM(view: EditorView): HTMLElement {
    const words = this.labels();
    const bar = document.createElement('div');
    bar.className = 'cm-conflict-bar';
    bar.setAttribute('role', 'group');
    bar.setAttribute('aria-label', words.group);
    for (const choice of CHOICES) {
      const [label, title] = words[choice];
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.title = title;
      button.addEventListener('mousedown', (event) => event.preventDefault());
      button.addEventListener('click', () => {
        acceptConflict(view, this.index, choice);
        view.focus();
      });
      bar.append(button);
    }
    return bar;
  }

  override ignoreEvent(): boolean {
    return true;
  }
}

function decorationsOf(state: EditorState, labels: () => ConflictLabels): DecorationSet {
  const regions = findConflicts(state.doc.toString());
  if (!regions.length) return Decoration.none;
  const marks: Range<Decoration>[] = [];
  const lines = (from: number, to: number, decoration: Decoration) => {
    for (let at = from; at < to;) {
      const line = state.doc.lineAt(at);
      marks.push(decoration.range(line.from));
      at = line.to + 1;
    }
  };
  regions.forEach((region: ConflictRegion, index) => {
    marks.push(
      Decoration.widget({ widget: new ConflictBar(index, labels), block: true, side: -1 }).range(
        region.from,
      ),
    );
    for (const at of region.markers) marks.push(markerLine.range(at));
    lines(region.currentRange[0], region.currentRange[1], currentLine);
    lines(region.incomingRange[0], region.incomingRange[1], incomingLine);
  });
  return Decoration.set(marks, true);
}

const markerLine = Decoration.line({ class: 'cm-conflict-marker' });
const currentLine = Decoration.line({ class: 'cm-conflict-current' });
const incomingLine = Decoration.line({ class: 'cm-conflict-incoming' });

/** True when the marks cannot have changed: there were none and no marker text came in. */
function stillNone(before: DecorationSet, inserted: string[]): boolean {
  return before === Decoration.none && !inserted.some((text) => /[<=>|]{7}/.test(text));
}

/** The extension: recomputed on each change of a document that has (or gets) a region. */
export function conflictMarkers(labels: () => ConflictLabels): Extension {
  const field = StateField.define<DecorationSet>({
    create: (state) => decorationsOf(state, labels),
    update(value, transaction) {
      if (!transaction.docChanged) return value;
      const inserted: string[] = [];
      transaction.changes.iterChanges((_a, _b, _c, _d, text) => inserted.push(text.toString()));
      return stillNone(value, inserted) ? value : decorationsOf(transaction.state, labels);
    },
    provide: (self) => EditorView.decorations.from(self),
  });
  return [field, theme];
}

const theme = EditorView.theme({
  '.cm-conflict-current': {
    backgroundColor: 'color-mix(in srgb, var(--success) 16%, transparent)',
  },
  '.cm-conflict-incoming': {
    backgroundColor: 'color-mix(in srgb, var(--accent) 16%, transparent)',
  },
  '.cm-conflict-marker': { color: 'var(--fg-muted)', backgroundColor: 'var(--bg-raised)' },
  '.cm-conflict-bar': {
    display: 'flex',
    gap: '6px',
    padding: '2px 0',
    fontFamily: 'var(--font-ui)',
    fontSize: '12px',
  },
  '.cm-conflict-bar button': {
    font: 'inherit',
    padding: '1px 8px',
    border: '1px solid var(--border)',
    borderRadius: 'var(--radius)',
    background: 'var(--bg-panel)',
    color: 'var(--fg)',
    cursor: 'pointer',
  },
  '.cm-conflict-bar button:hover': { background: 'var(--bg-hover)' },
  '.cm-conflict-bar button:focus-visible': { outline: '2px solid var(--focus)' },
});
