/**
 * The rows Cove keeps in IndexedDB (docs/ARCHITECTURE.md, "Data model"). Plain data: no
 * Dexie here, so every layer may import these types.
 */

import type { ErrorParams } from '../base/errors';

export interface WorkspaceRecord {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
}

/** Text is kept as a string; anything that is not valid UTF-8 text as bytes. */
export type FileContent = string | Uint8Array;

export type FileKind = 'file' | 'folder';

export interface FileRecord {
  workspaceId: string;
  /** Normalized POSIX path relative to the workspace root (see src/workspace/paths.ts). */
  path: string;
  /** Folders are stored so that empty ones survive; their content is ''. */
  kind: FileKind;
  content: FileContent;
  /** Bytes: UTF-8 length for text. */
  size: number;
  /** Milliseconds since the epoch of the last write. */
  mtime: number;
  /** Increases by one on every write of this path; lets writers detect a concurrent change. */
  version: number;
}

/** A file's row without its content, for trees and listings. */
export type FileMeta = Omit<FileRecord, 'content'> & { binary: boolean };

export interface SettingRecord {
  key: string;
  value: unknown;
}

export function fileMeta(record: FileRecord): FileMeta {
  const { content, ...meta } = record;
  return { ...meta, binary: typeof content !== 'string' };
}

export type SessionMode = 'chat' | 'agent';

/** A conversation. The path from `leafId` up to the root is the active conversation. */
export interface SessionRecord {
  id: string;
  workspaceId: string;
  title: string;
  mode: SessionMode;
  /** The newest node of the active branch; null for an empty session. */
  leafId: string | null;
  createdAt: number;
  updatedAt: number;
  starred: boolean;
  /** The model last chosen in this session, as "providerId/modelId". */
  model?: string;
}

export type NodeRole = 'system' | 'user' | 'assistant' | 'tool' | 'compaction';

/**
 * Lifecycle of a stored message: `streaming` while a reply grows (written at least once a
 * second), then `complete`, `error`, `aborted` (stopped by the person) or `interrupted`
 * (the tab went away mid-stream and nobody finished it).
 */
export type NodeStatus = 'streaming' | 'complete' | 'error' | 'aborted' | 'interrupted';

export interface StoredToolCall {
  id: string;
  name: string;
  /** The arguments as the model sent them (JSON text, possibly invalid). */
  arguments: string;
}

export interface StoredUsage {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens?: number;
  cachedInputTokens?: number;
}

/** See NodeRecord.compaction. */
export interface CompactionInfo {
  firstKeptId: string | null;
  /** What the person asked the summary to focus on (`/compact focus`). */
  focus?: string;
  /** True when Cove compacted on its own (the window was nearly full, or overflowed). */
  automatic: boolean;
  /** Estimated tokens of the context before and after. */
  tokensBefore: number;
  tokensAfter: number;
}

/**
 * A failure as a node (or a run) keeps it. `code` and `params` are what the UI words it
 * from (src/app/messages/); `message` and `hint` are the English of when it was written,
 * kept for exports, logs and older versions of Cove. Rows written before errors carried
 * params have no `params` and may have a snake_case code: read them through
 * src/store/stored-error.ts's normalizeErrorCode.
 */
export interface StoredError {
  code: string;
  params?: ErrorParams;
  message: string;
  hint: string;
}

/**
 * Content attached to a user message (a mentioned file, folder or symbol), fixed when sent
 * so the conversation reads the same later. `text` is exactly what the model receives;
 * `name` is the chip's label (a path, with a line for a symbol).
 */
export interface NodeAttachment {
  name: string;
  text: string;
  /** Said when the content was cut to the attachment limit (the text says so too). */
  note?: string;
  /** Of a file attached from the person's computer (paperclip, paste, drop): what it was. */
  file?: AttachedFile;
  /**
   * Of a picture: the picture as sent to a model that can see, downscaled on the page
   * (a data: URL). A model without sight gets `text` and a line saying it was left out.
   */
  image?: { url: string; width: number; height: number };
  /**
   * Of a document whose text did not all go with the message: all of it (PDF pages behind
   * "--- page N ---" lines), which read_attachment serves by page.
   */
  source?: string;
}

/** What kind of file an attachment was read from. */
export type AttachedFileKind = 'image' | 'pdf' | 'docx' | 'text';

/** The file behind an attachment, as the chip shows it. */
export interface AttachedFile {
  kind: AttachedFileKind;
  /** Its media type as the browser named it (may be empty). */
  mime: string;
  /** Its size as attached, in bytes. */
  size: number;
  /** SHA-256 of its bytes (hex): the same file attached twice is one attachment. */
  hash: string;
  /** Of a PDF: its pages. */
  pages?: number;
  /** Of a PDF: no page has a text layer (a scan). */
  scanned?: boolean;
}

/** One message of a session tree. */
export interface NodeRecord {
  id: string;
  sessionId: string;
  parentId: string | null;
  role: NodeRole;
  content: string;
  reasoning?: string;
  /** Milliseconds spent reasoning, when the model streamed reasoning. */
  reasoningMs?: number;
  toolCalls?: StoredToolCall[];
  toolCallId?: string;
  /** Of a tool result: the workspace files the call changed, and its diff (one text file). */
  toolEffects?: {
    changedFiles: string[];
    diff?: string;
    /** Of `changedFiles`, those gone after the call (deleted, or moved away); since schema 8. */
    deleted?: string[];
  };
  /** Of a user message: what was attached to it (mentions), as the model read it. */
  attachments?: NodeAttachment[];
  /**
   * On a `compaction` node (its content is the summary): where the verbatim tail begins.
   * The context from this node on is the summary, then the path from `firstKeptId` up to
   * this node, then what follows it; everything before `firstKeptId` stays in the tree,
   * outside the context. `firstKeptId` null: nothing before this node is kept verbatim.
   */
  compaction?: CompactionInfo;
  usage?: StoredUsage;
  stopReason?: string;
  error?: StoredError;
  model?: string;
  status: NodeStatus;
  startedAt: number;
  finishedAt?: number;
}
