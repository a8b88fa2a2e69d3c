/**
 * One open file of the editor: what a tab shows (its path, size, dirty and saving marks, a
 * conflict or deletion on disk) as signals, and what the editor service keeps to save it.
 */
import type { AutosaveState } from './autosave';
import { createSignal, type Accessor, type Setter } from 'solid-js';
import type { FileRecord } from '../store/records';
import { readOnlyReason } from './long-lines';
import { makeSerialWriter, type SerialWriter } from './serial-writer';

/** The disk side of a conflict: what another tab, Python or the agent wrote. */
export interface ExternalVersion {
  version: number;
  text: string;
}

/** One open file. Reactive parts are accessors; the text itself lives in the editor. */
export interface EditorTab {
  readonly path: Accessor<string>;
  /** 'binary' tabs show the size and a download instead of an editor. */
  readonly kind: 'text' | 'binary';
  readonly size: Accessor<number>;
  /** The editor holds text that is not committed to storage yet. */
  readonly dirty: Accessor<boolean>;
  /** A write of this file is in flight (started, not yet committed or failed). */
  readonly saving: Accessor<boolean>;
  /** Set when the file changed on disk while this tab had unsaved edits. */
  readonly conflict: Accessor<ExternalVersion | undefined>;
  /** Set when the file was deleted on disk while open. */
  readonly deleted: Accessor<boolean>;
  /**
   * The text as last loaded, saved or taken from elsewhere: what the editor's document starts
   * from when the tab is first shown (a change that lands before then updates it).
   */
  readonly savedText: string;
  /**
   * Set when the file opens read-only, to the sentence that says why (lines too long to
   * edit without stalling the page; see long-lines.ts).
   */
  readonly readOnly?: string;
}

/** A selection in a document; lines are 1-based and inclusive. */
export interface TextSelection {
  fromLine: number;
  toLine: number;
  text: string;
}

/** Where the open documents' text lives (the editor UI); the service reads and replaces it. */
export interface BufferHost {
  read(path: string): string | undefined;
  /**
   * True when the open document of `path` is exactly `text` (false when none is open). Called
   * on every keystroke: it compares without building the document's whole text.
   */
  holds(path: string, text: string): boolean;
  replace(path: string, text: string): void;
  /** The selection of the shown document, when something is selected. */
  selection(path: string): TextSelection | undefined;
  /** Inserts text at the cursor (replacing the selection) of the shown document. */
  insert(path: string, text: string): boolean;
  /** Moves the shown document's cursor to a line (1-based) and scrolls to it. */
  reveal(path: string, line: number, column?: number): void;
  /** Marks problems in the shown document (replacing earlier marks). */
  markProblems(
    path: string,
    problems: {
      line: number;
      column?: number;
      endLine?: number;
      endColumn?: number;
      message: string;
    }[],
  ): void;
}

/** A tab as the editor service keeps it: the view's signals, their setters, the save state. */
export interface TabState extends EditorTab, AutosaveState {
  setPath: Setter<string>;
  setSize: Setter<number>;
  setDirty: Setter<boolean>;
  setSaving: Setter<boolean>;
  setConflict: Setter<ExternalVersion | undefined>;
  setDeleted: Setter<boolean>;
  savedVersion: number;
  savedText: string;
  writer: SerialWriter;
  /** The write in flight, if any, so change notices wait for it before comparing versions. */
  writing?: Promise<boolean>;
}

/** The state of a newly opened tab of `row`; `write` makes one whole save of it. */
export function openTabState(
  row: Pick<FileRecord, 'path' | 'size' | 'version' | 'content'>,
  write: (tab: TabState) => Promise<boolean>,
): TabState {
  const [tabPath, setPath] = createSignal(row.path);
  const [size, setSize] = createSignal(row.size);
  const [dirty, setDirty] = createSignal(false);
  const [saving, setSaving] = createSignal(false);
  const [conflict, setConflict] = createSignal<ExternalVersion | undefined>();
  const [deleted, setDeleted] = createSignal(false);
  const text = typeof row.content === 'string' ? row.content : '';
  const tab: TabState = {
    path: tabPath,
    setPath,
    kind: typeof row.content === 'string' ? 'text' : 'binary',
    size,
    setSize,
    dirty,
    setDirty,
    saving,
    setSaving,
    conflict,
    setConflict,
    deleted,
    setDeleted,
    ...withReadOnly(readOnlyReason(text)),
    savedVersion: row.version,
    savedText: text,
    lastEdit: 0,
    writer: makeSerialWriter(() => write(tab), setSaving),
  };
  return tab;
}

/** The tab's `readOnly` field when there is a reason (absent, not undefined, otherwise). */
const withReadOnly = (reason: string | undefined) => (reason ? { readOnly: reason } : {});
