/**
 * The terminal's line editor: what keys do to the command line being typed, as a pure
 * state machine over xterm's input (the strings its `onData` gives: characters, control
 * codes, escape sequences), answering with the bytes to write to the screen. No DOM and no
 * xterm, so it is tested as is.
 *
 * Keys: printable text inserts; Backspace, Delete; Left/Right, Home/End (Ctrl+A/E);
 * Up/Down walk the history (the line being typed is kept and comes back below the newest
 * entry); Enter submits; Ctrl+C abandons the line (the panel sends it to a running command
 * instead); Ctrl+L clears the screen; Ctrl+U/K cut before/after the cursor; Tab completes.
 * The line may wrap: cursor moves are computed from the terminal's width.
 */

/** What Tab does to the line (see completeWord in src/tools/shell/shell-completion.ts). */
export interface LineCompletion {
  /** Text to insert at the cursor. */
  insert: string;
  /** Candidates to list under the line when there are several. */
  matches: readonly string[];
}

export interface LineEditorOptions {
  /** The prompt as written (may hold colour codes; they take no columns). */
  prompt: () => string;
  /** Past command lines, oldest first. */
  history: () => readonly string[];
  /** Tab's completion of the line at the cursor. */
  complete: (line: string, cursor: number) => LineCompletion;
  /** Columns of the terminal (for lines that wrap). Default 80. */
  columns?: () => number;
}

/** What one input did. */
export interface LineEditorResult {
  /** Bytes for the screen (may be empty). */
  write: string;
  /** The submitted line, when Enter was pressed. */
  submit?: string;
  /**
   * Input after the line break that submitted (the next lines of a paste): it goes to the
   * next prompt, once the submitted command has ended, as typed-ahead keys do.
   */
  rest?: string;
}

const ESC = '\x1b';
// Colour and other CSI sequences: they take no room on the screen.
// eslint-disable-next-line no-control-regex -- escape sequences are what it matches
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** Columns a text takes (code points; wide characters are not measured). */
function width(text: string): number {
  return [...text.replace(ANSI, '')].length;
}

/** xterm's escape sequences for the keys the editor knows. */
const KEYS: Record<string, string> = {
  [`${ESC}[A`]: 'up',
  [`${ESC}OA`]: 'up',
  [`${ESC}[B`]: 'down',
  [`${ESC}OB`]: 'down',
  [`${ESC}[C`]: 'right',
  [`${ESC}OC`]: 'right',
  [`${ESC}[D`]: 'left',
  [`${ESC}OD`]: 'left',
  [`${ESC}[H`]: 'home',
  [`${ESC}OH`]: 'home',
  [`${ESC}[1~`]: 'home',
  [`${ESC}[F`]: 'end',
  [`${ESC}OF`]: 'end',
  [`${ESC}[4~`]: 'end',
  [`${ESC}[3~`]: 'delete',
  '\r': 'enter',
  '\n': 'enter',
  '\x7f': 'backspace',
  '\b': 'backspace',
  '\t': 'tab',
  '\x03': 'interrupt',
  '\x0c': 'clear',
  '\x01': 'home',
  '\x05': 'end',
  '\x15': 'cut-before',
  '\x0b': 'cut-after',
};

export class LineEditor {
  private line = '';
  private cursor = 0;
  /** Index in the history being shown; history().length: the line being typed. */
  private recalled: number | undefined;
  /** The line being typed while the history is shown. */
  private draft = '';

  constructor(private readonly options: LineEditorOptions) {}

  /** The line as typed so far and where the cursor is in it. */
  state(): { line: string; cursor: number } {
    return { line: this.line, cursor: this.cursor };
  }

  /** Starts a new, empty line after the prompt; returns what to write. */
  start(): string {
    this.line = '';
    this.cursor = 0;
    this.recalled = undefined;
    this.draft = '';
    return this.options.prompt();
  }

  /** Handles one piece of input (a key, or pasted text). */
  input(data: string): LineEditorResult {
    const key = KEYS[data];
    if (key) return this.key(key);
    if (data.startsWith(ESC)) return { write: '' }; // a key the editor does not use
    // Pasted text: its first line break submits what came before it; the rest is handed
    // back, to run when this command has ended (nothing pasted is dropped).
    const newline = data.search(/[\r\n]/);
    const text = (newline >= 0 ? data.slice(0, newline) : data).replace(
      // eslint-disable-next-line no-control-regex -- control characters are dropped
      /[\x00-\x1f\x7f]/g,
      '',
    );
    const inserted = this.edit(
      this.line.slice(0, this.cursor) + text + this.line.slice(this.cursor),
      this.cursor + text.length,
    );
    if (newline < 0) return inserted;
    const submitted = this.key('enter');
    const crlf = data[newline] === '\r' && data[newline + 1] === '\n';
    const rest = data.slice(newline + (crlf ? 2 : 1));
    return { ...submitted, write: inserted.write + submitted.write, ...(rest ? { rest } : {}) };
  }

  private key(key: string): LineEditorResult {
    const { line, cursor } = this;
    switch (key) {
      case 'enter': {
        const write = this.moveTo(line.length) + '\r\n';
        this.recalled = undefined;
        return { write, submit: line };
      }
      case 'interrupt': {
        const write = `${this.moveTo(line.length)}^C\r\n${this.start()}`;
        return { write };
      }
      case 'clear':
        return { write: `${ESC}[H${ESC}[2J${ESC}[3J${this.render()}` };
      case 'backspace':
        if (cursor === 0) return { write: '' };
        return this.edit(line.slice(0, cursor - 1) + line.slice(cursor), cursor - 1);
      case 'delete':
        if (cursor === line.length) return { write: '' };
        return this.edit(line.slice(0, cursor) + line.slice(cursor + 1), cursor);
      case 'left':
        return { write: this.moveTo(Math.max(0, cursor - 1)) };
      case 'right':
        return { write: this.moveTo(Math.min(line.length, cursor + 1)) };
      case 'home':
        return { write: this.moveTo(0) };
      case 'end':
        return { write: this.moveTo(line.length) };
      case 'cut-before':
        return this.edit(line.slice(cursor), 0);
      case 'cut-after':
        return this.edit(line.slice(0, cursor), cursor);
      case 'up':
      case 'down':
        return this.recall(key === 'up' ? -1 : 1);
      case 'tab':
        return this.completeAtCursor();
      default:
        return { write: '' };
    }
  }

  /** Up (-1) or Down (+1) through the history. */
  private recall(step: number): LineEditorResult {
    const history = this.options.history();
    const current = this.recalled ?? history.length;
    const next = Math.min(history.length, Math.max(0, current + step));
    if (next === current) return { write: '' };
    if (this.recalled === undefined) this.draft = this.line;
    this.recalled = next === history.length ? undefined : next;
    const text = next === history.length ? this.draft : history[next]!;
    return this.edit(text, text.length, true);
  }

  private completeAtCursor(): LineEditorResult {
    const { insert, matches } = this.options.complete(this.line, this.cursor);
    let write = '';
    if (insert) {
      write = this.edit(
        this.line.slice(0, this.cursor) + insert + this.line.slice(this.cursor),
        this.cursor + insert.length,
      ).write;
    }
    if (matches.length > 1) {
      // List under the line, then draw the prompt and the line again below the list.
      write += `${this.moveTo(this.line.length)}\r\n${matches.join('  ')}\r\n${this.render()}`;
    }
    return { write };
  }

  /** Replaces the line and cursor, redrawing from the prompt. */
  private edit(line: string, cursor: number, keepRecall = false): LineEditorResult {
    const back = this.moveTo(0, true);
    this.line = line;
    this.cursor = cursor;
    if (!keepRecall) this.recalled = undefined;
    return { write: `${back}${ESC}[J${this.render(true)}` };
  }

  /**
   * Writes the line after the prompt and puts the cursor where it belongs. `fromLineStart`:
   * the screen cursor is already at the prompt's first column.
   */
  private render(fromLineStart = false): string {
    const prompt = this.options.prompt();
    const columns = this.columns();
    const end = width(prompt) + width(this.line);
    let write = `${fromLineStart ? '' : '\r'}${prompt}${this.line}`;
    // At a full row xterm waits at the last column; a line break makes the position plain.
    if (end > 0 && end % columns === 0) write += '\r\n';
    return write + this.moveBetween(end, width(prompt) + width(this.line.slice(0, this.cursor)));
  }

  /**
   * Moves the screen cursor from where the line's cursor is to `cursor` (or to the start
   * of the prompt with `toPrompt`).
   */
  private moveTo(cursor: number, toPrompt = false): string {
    const promptWidth = width(this.options.prompt());
    const from = promptWidth + width(this.line.slice(0, this.cursor));
    const to = toPrompt ? 0 : promptWidth + width(this.line.slice(0, cursor));
    if (!toPrompt) this.cursor = cursor;
    return this.moveBetween(from, to);
  }

  /** Cursor moves between two offsets from the prompt's first column. */
  private moveBetween(from: number, to: number): string {
    const columns = this.columns();
    const rows = Math.floor(to / columns) - Math.floor(from / columns);
    let write = '';
    if (rows < 0) write += `${ESC}[${-rows}A`;
    if (rows > 0) write += `${ESC}[${rows}B`;
    const column = to % columns;
    if (column !== from % columns || rows !== 0) {
      write += column === 0 ? '\r' : `\r${ESC}[${column}C`;
    }
    return write;
  }

  private columns(): number {
    return Math.max(1, this.options.columns?.() ?? 80);
  }
}
