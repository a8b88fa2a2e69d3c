import {
  createEffect,
  createMemo,
  createSignal,
  createUniqueId,
  For,
  on,
  onCleanup,
  Show,
  untrack,
} from 'solid-js';
import type { CommandRegistry } from '../../app/commands/command-registry';
import { rankCommands, type RankedCommand } from '../../app/commands/command-ranking';
import { ariaKeyShortcuts } from '../../app/commands/key-chord';
import type { EditorService } from '../../app/editor-service';
import type { WorkspaceService } from '../../app/workspace-service';
import { listPythonSymbols, type PythonSymbol } from '../../agent/python-symbols';
import { rankPaths } from '../../workspace/file-ranking';
import { fuzzyMatch } from '../../workspace/fuzzy-match';
import { baseName } from '../../workspace/paths';
import { parseQuickOpenQuery } from '../../workspace/quick-open-query';
import { CommandRowView } from '../command-palette/CommandRowView';
import { MarkedText as Marked } from './MarkedText';
import { isApplePlatform } from './quick-open-shortcut';
import type { LocaleService } from '../../app/locale-service';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enQuickOpenUi } from '../../app/messages/en-quick-open-ui';
import { useI18n } from '../common/i18n';
import './quick-open.css';

// Quick open's English comes with this chunk, not with the first load.
addEnglishArea('quickOpen', enQuickOpenUi);

type Words = Pick<LocaleService, 't' | 'formats'>;

/** The mark of a symbol's kind, as editors show it (hidden from screen readers). */
const KIND_GLYPHS: Record<PythonSymbol['kind'], string> = {
  class: 'C',
  method: 'm',
  function: 'ƒ',
};

/** How many rows Quick open shows at most; the rest are a keystroke away. */
export const QUICK_OPEN_LIMIT = 50;

type Row =
  | { kind: 'file'; path: string; positions: number[]; line?: number; column?: number }
  | { kind: 'line'; path: string; line: number; column?: number; lines: number }
  | { kind: 'symbol'; path: string; symbol: PythonSymbol; positions: number[] }
  | ({ kind: 'command' } & RankedCommand);

/** What the list shows: rows, or a sentence saying why there are none. */
interface Results {
  rows: Row[];
  /** Shown when there are no rows. */
  empty?: string;
  /** How many matched in all, when more than the rows shown. */
  total?: number;
}

/**
 * Quick open (Ctrl/Cmd+P): a modal box that finds a file by a fuzzy match of its path and
 * opens it; `:42` goes to a line of the active file, `main.py:42` to a line of another, and
 * `@name` to a function or class of the active Python file. `>` makes it the command
 * palette (Ctrl/Cmd+Shift+P opens it so): every command of the app by its title, recently
 * used first, with its shortcut; Enter runs the one chosen. Deleting the `>` goes back to
 * files, as in VS Code.
 *
 * The workspace's paths, the recent files and the active file are read once, when it opens;
 * each keystroke is one pass over the paths. Closing gives the focus back where it was,
 * unless the chosen file takes it; a command runs after the focus is back, so what it opens
 * (a dialog, a panel's field) takes the focus from there.
 */
export function QuickOpenDialog(props: {
  editor: EditorService;
  workspaces: WorkspaceService;
  commands: CommandRegistry;
  /**
   * What the box holds when it opens: `>` for the command palette; default empty. A new
   * object while it is open starts it over with that text (the shortcuts pressed in it).
   */
  start?: { input: string };
  onClose: () => void;
}) {
  const apple = isApplePlatform(navigator);
  const i18n = useI18n();
  const { t, formats } = i18n;
  const listId = createUniqueId();
  const hintId = createUniqueId();
  const returnFocus = document.activeElement;
  /** False once a file or a line is chosen: the editor it opens takes the focus. */
  let giveFocusBack = true;
  /** The command chosen, run once the focus is back (what it opens takes it from there). */
  let afterClose: (() => void) | undefined;
  onCleanup(() => {
    if (!giveFocusBack) return;
    // After the modal dialog has left the page: while it is there, the rest is inert and
    // cannot take the focus.
    queueMicrotask(() => {
      if (returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
      afterClose?.();
    });
  });

  const paths = untrack(() =>
    props.workspaces
      .entries()
      .filter((entry) => entry.kind === 'file')
      .map((entry) => entry.path),
  );
  const recent = untrack(() => props.editor.recentFiles());
  // The active file's text is read only when a line or a symbol is asked for.
  let active: { path: string; text: string } | null | undefined;
  const activeDocument = () => (active ??= untrack(() => props.editor.activeDocument()) ?? null);
  let symbols: PythonSymbol[] | undefined;
  const symbolsOf = (text: string) => (symbols ??= listPythonSymbols(text));

  let box!: HTMLInputElement;
  const [input, setInput] = createSignal(untrack(() => props.start?.input ?? ''));
  const commandMode = () => parseQuickOpenQuery(input()).kind === 'command';
  /** Why the command chosen did not run (it is disabled now), until the next keystroke. */
  const [refusal, setRefusal] = createSignal<string>();
  /**
   * Where the selection starts for `text`: with nothing typed, on the file opened before the
   * one shown (its row is first), so Ctrl/Cmd+P, Enter goes back to it, as in VS Code.
   */
  const startRow = (text: string) => {
    const first = text === '' ? results().rows[0] : undefined;
    const current = untrack(() => props.editor.activePath());
    return first?.kind === 'file' && first.path === current && results().rows.length > 1 ? 1 : 0;
  };
  const [chosen, setSelected] = createSignal(0);
  /** The selected row, kept in the list when it gets shorter while shown (commands come and go). */
  const selected = () => Math.max(0, Math.min(chosen(), rows().length - 1));

  const results = createMemo((): Results => {
    const query = parseQuickOpenQuery(input());
    if (query.kind === 'command') {
      const ranked = rankCommands(query.filter, props.commands.commands(), props.commands.recent());
      return {
        rows: ranked.map((row) => ({ kind: 'command', ...row })),
        empty: t('quickOpen.noCommand', query.filter),
      };
    }
    if (query.kind === 'file') {
      if (!paths.length) return { rows: [], empty: t('quickOpen.noFiles') };
      const ranked = rankPaths(query.filter, paths, recent, QUICK_OPEN_LIMIT);
      return {
        rows: ranked.shown.map(({ path, positions }) => ({
          kind: 'file',
          path,
          positions,
          ...(query.line !== undefined ? { line: query.line } : {}),
          ...(query.column !== undefined ? { column: query.column } : {}),
        })),
        empty: t('quickOpen.noFile', query.filter),
        total: ranked.total,
      };
    }
    const file = activeDocument();
    if (query.kind === 'line') {
      if (!file) return { rows: [], empty: t('quickOpen.openForLine') };
      const lines = countLines(file.text);
      if (query.line === undefined) {
        return {
          rows: [],
          empty: t('quickOpen.typeLine', baseName(file.path), formats().number(lines)),
        };
      }
      return {
        rows: [
          {
            kind: 'line',
            path: file.path,
            line: Math.min(query.line, lines),
            ...(query.column !== undefined ? { column: query.column } : {}),
            lines,
          },
        ],
      };
    }
    if (!file) return { rows: [], empty: t('quickOpen.openForSymbol') };
    if (!file.path.endsWith('.py')) {
      return {
        rows: [],
        empty: t('quickOpen.notPython', baseName(file.path)),
      };
    }
    const all = symbolsOf(file.text);
    if (!all.length) {
      return { rows: [], empty: t('quickOpen.noSymbols', baseName(file.path)) };
    }
    const matched: (Row & { kind: 'symbol' })[] = [];
    const scores = new Map<PythonSymbol, number>();
    for (const symbol of all) {
      const match = fuzzyMatch(query.filter, symbol.name);
      if (!match) continue;
      scores.set(symbol, match.score);
      matched.push({ kind: 'symbol', path: file.path, symbol, positions: match.positions });
    }
    // Best match first; the file's order among equals (and for an empty filter).
    if (query.filter) matched.sort((a, b) => scores.get(b.symbol)! - scores.get(a.symbol)!);
    return {
      rows: matched.slice(0, QUICK_OPEN_LIMIT),
      empty: t('quickOpen.noSymbol', query.filter),
      total: matched.length,
    };
  });

  const rows = () => results().rows;
  setSelected(startRow(untrack(input)));
  /** Puts the caret after what the box holds (the palette's ">"). */
  const caretToEnd = () => box.setSelectionRange(box.value.length, box.value.length);
  createEffect(
    on(
      () => props.start,
      (start) => {
        if (!start) return;
        setInput(start.input);
        setRefusal(undefined);
        setSelected(startRow(start.input));
        caretToEnd();
      },
      { defer: true },
    ),
  );
  const optionId = (index: number) => `${listId}-option-${index}`;

  function select(index: number) {
    setSelected(index);
    document.getElementById(optionId(index))?.scrollIntoView({ block: 'nearest' });
  }

  function choose(row: Row | undefined) {
    if (!row) return;
    if (row.kind === 'command') {
      // A command that cannot run keeps the palette open and says why.
      if (row.disabled) return setRefusal(`${row.command.title}: ${row.disabled}`);
      afterClose = () => props.commands.run(row.command);
      return props.onClose();
    }
    // The editor the row opens takes the focus, not what had it before.
    giveFocusBack = false;
    props.onClose();
    if (row.kind === 'file') {
      if (row.line === undefined) void props.editor.openFile(row.path);
      else void props.editor.reveal(row.path, row.line, row.column);
    } else if (row.kind === 'line') {
      void props.editor.reveal(row.path, row.line, row.column);
    } else {
      void props.editor.reveal(row.path, row.symbol.line, row.symbol.column);
    }
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const count = rows().length;
    const at = selected();
    // Arrows wrap around; a page jumps ten rows and stops at either end; Home and End go to
    // the first and last row (with Shift they still select the box's text).
    const next: Record<string, number> = {
      ArrowDown: (at + 1) % count,
      ArrowUp: (at - 1 + count) % count,
      PageDown: Math.min(at + 10, count - 1),
      PageUp: Math.max(at - 10, 0),
      ...(event.shiftKey || event.ctrlKey || event.metaKey || event.altKey
        ? {}
        : { Home: 0, End: count - 1 }),
    };
    if (event.key === 'Enter') choose(rows()[at]);
    else if (Object.hasOwn(next, event.key)) {
      if (count) select(next[event.key]!);
    } else return;
    event.preventDefault();
  };

  return (
    <dialog
      ref={(dialog) =>
        queueMicrotask(() => {
          if (!dialog.isConnected) return;
          if (!dialog.open) dialog.showModal();
          // The box, whatever the browser focuses in a dialog it opens, with the caret after
          // what it holds (the palette's ">").
          box.focus();
          caretToEnd();
        })
      }
      class="modal quick-open"
      aria-label={commandMode() ? t('quickOpen.palette') : t('quickOpen.quickOpen')}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      <input
        class="quick-open-input"
        role="combobox"
        aria-label={commandMode() ? t('quickOpen.command') : t('quickOpen.fileQuery')}
        aria-expanded={rows().length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={rows().length ? optionId(selected()) : undefined}
        aria-describedby={hintId}
        placeholder={commandMode() ? t('quickOpen.command') : t('quickOpen.fileQuery')}
        autocomplete="off"
        spellcheck={false}
        value={input()}
        onInput={(event) => {
          setInput(event.currentTarget.value);
          setRefusal(undefined);
          setSelected(startRow(event.currentTarget.value));
        }}
        onKeyDown={onKeyDown}
        ref={box}
      />
      <ul
        id={listId}
        class="quick-open-list"
        role="listbox"
        aria-label={t(`quickOpen.lists.${parseQuickOpenQuery(input()).kind}`)}
      >
        <For each={rows()}>
          {(row, index) => (
            <li
              id={optionId(index())}
              role="option"
              class="quick-open-option"
              aria-selected={index() === selected()}
              aria-label={rowLabel(row, i18n)}
              aria-disabled={row.kind === 'command' && row.disabled ? 'true' : undefined}
              aria-describedby={
                row.kind === 'command' && row.disabled ? `${optionId(index())}-why` : undefined
              }
              aria-keyshortcuts={
                row.kind === 'command' && row.command.keys
                  ? ariaKeyShortcuts(row.command.keys, apple)
                  : undefined
              }
              // The input keeps the focus (and so the keyboard) while the mouse picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(row)}
            >
              <RowView row={row} apple={apple} reasonId={`${optionId(index())}-why`} words={i18n} />
            </li>
          )}
        </For>
      </ul>
      {/* Said when it changes: why nothing is listed, or that the list is cut. */}
      <p class="quick-open-status" role="status">
        {refusal() ??
          (rows().length
            ? (results().total ?? 0) > rows().length
              ? t(
                  'quickOpen.showing',
                  formats().number(rows().length),
                  formats().number(results().total!),
                )
              : ''
            : results().empty)}
      </p>
      <p id={hintId} class="quick-open-keys">
        {commandMode() ? t('quickOpen.commandKeys') : t('quickOpen.fileKeys')}
      </p>
    </dialog>
  );
}

function RowView(props: { row: Row; apple: boolean; reasonId: string; words: Words }) {
  const row = props.row;
  const { t, formats } = props.words;
  if (row.kind === 'command') {
    return <CommandRowView row={row} apple={props.apple} reasonId={props.reasonId} />;
  }
  if (row.kind === 'line') {
    return (
      <span class="quick-open-name">
        {t('quickOpen.goToLine', String(row.line))}
        {row.column !== undefined ? t('quickOpen.column', String(row.column)) : ''}{' '}
        <span class="quick-open-detail">
          {t('quickOpen.ofFile', formats(), baseName(row.path), row.lines)}
        </span>
      </span>
    );
  }
  if (row.kind === 'symbol') {
    return (
      <>
        <span class={`quick-open-kind kind-${row.symbol.kind}`} aria-hidden="true">
          {KIND_GLYPHS[row.symbol.kind]}
        </span>
        <span class="quick-open-name">
          <Marked text={row.symbol.name} positions={row.positions} />
        </span>
        <span class="quick-open-detail">
          {row.symbol.container ? `${row.symbol.container} · ` : ''}
          {t('quickOpen.line', String(row.symbol.line))}
        </span>
      </>
    );
  }
  const nameStart = row.path.lastIndexOf('/') + 1;
  return (
    <>
      <span class="quick-open-name">
        <Marked text={row.path} positions={row.positions} from={nameStart} />
      </span>
      <Show when={nameStart > 0}>
        <span class="quick-open-detail">
          <Marked text={row.path} positions={row.positions} to={nameStart - 1} />
        </span>
      </Show>
      <Show when={row.line !== undefined}>
        <span class="quick-open-detail">{t('quickOpen.line', String(row.line))}</span>
      </Show>
    </>
  );
}

/**
 * What a screen reader says for a row: the whole path, what the row does, or the command's
 * title (its shortcut is the option's aria-keyshortcuts, not part of its name).
 */
function rowLabel(row: Row, { t }: Words): string {
  if (row.kind === 'command') return row.command.title;
  if (row.kind === 'file')
    return row.line === undefined ? row.path : t('quickOpen.pathLine', row.path, String(row.line));
  if (row.kind === 'line') return t('quickOpen.goToLineOf', String(row.line), row.path);
  const { name, kind, line } = row.symbol;
  return t('quickOpen.symbolLabel', name, t(`quickOpen.kinds.${kind}`), String(line));
}

function countLines(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}
