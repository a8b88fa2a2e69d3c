import type { CheckpointRecord } from './checkpoint-store';
import { referencedBlobs } from './checkpoint-rows';
import type { FileContent, NodeRecord } from './records';
import type { RunStepRecord } from './run-store';
import type { Amount, ConversationUsage, StorageUsage, WorkspaceUsage } from './usage-store';

/** Bytes of `text` in UTF-8, counted without encoding it (no copy of a long message). */
export function utf8Length(text: string | undefined | null): number {
  if (!text) return 0;
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair: two UTF-16 units, four UTF-8 bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** What a message holds in text: its content, reasoning, tool calls, attachments, diff. */
export function nodeBytes(node: NodeRecord): number {
  let bytes = utf8Length(node.content) + utf8Length(node.reasoning);
  for (const call of node.toolCalls ?? [])
    bytes += utf8Length(call.name) + utf8Length(call.arguments);
  for (const attachment of node.attachments ?? []) {
    bytes += utf8Length(attachment.text) + utf8Length(attachment.source);
    bytes += utf8Length(attachment.image?.url);
  }
  bytes += utf8Length(node.toolEffects?.diff) + utf8Length(node.error?.message);
  return bytes;
}

/** What a trace step holds in text: a reply and its calls, or a call's arguments and result. */
export function stepBytes(step: RunStepRecord): number {
  if (step.kind === 'model') {
    let bytes = utf8Length(step.text) + utf8Length(step.reasoning);
    for (const call of step.toolCalls ?? []) bytes += utf8Length(call.arguments);
    return bytes;
  }
  return utf8Length(step.result) + utf8Length(JSON.stringify(step.args ?? {}));
}

/** Bytes of stored content: UTF-8 for text, the length of bytes. */
export function contentBytes(content: FileContent): number {
  return typeof content === 'string' ? utf8Length(content) : content.byteLength;
}

/**
 * A fold over the rows of every table, in any order, that ends in a {@link StorageUsage}.
 * Each row is reduced to a few numbers as it passes (the store feeds it from cursors), so a
 * tally holds a handful of numbers per workspace, conversation, run and blob, never a
 * message. Rows that name a workspace or conversation no row describes (one set aside)
 * still count, under their id.
 */
export interface UsageTally {
  workspace(row: { id: string; name: string }): void;
  session(row: { id: string; workspaceId: string; title: string; updatedAt: number }): void;
  /** A file or folder, by its recorded size (no content needed). */
  file(row: { workspaceId: string; size: number }): void;
  /** `elsewhere`: bytes of its attachments kept as blobs (attachment-blobs.ts). */
  node(row: NodeRecord, elsewhere?: number): void;
  run(row: { id: string; sessionId: string }): void;
  step(row: RunStepRecord): void;
  checkpoint(row: CheckpointRecord): void;
  blob(hash: string, bytes: number): void;
  /** The sums: workspaces and each one's conversations biggest first, ties by name. */
  result(): StorageUsage;
}

const none = (): Amount => ({ count: 0, bytes: 0 });

export function makeUsageTally(): UsageTally {
  const workspaceNames = new Map<string, string>();
  const sessions = new Map<string, { workspaceId: string; title: string; updatedAt: number }>();
  const files = new Map<string, Amount>();
  const messages = new Map<string, Amount>();
  const runSession = new Map<string, string>();
  const runSteps = new Map<string, number>();
  const checkpoints = new Map<string, { count: number; blobs: Set<string> }>();
  const blobs = new Map<string, number>();
  const add = (map: Map<string, Amount>, key: string, bytes: number) => {
    const amount = map.get(key) ?? none();
    amount.count++;
    amount.bytes += bytes;
    map.set(key, amount);
  };

  return {
    workspace: (row) => void workspaceNames.set(row.id, row.name),
    session: (row) =>
      void sessions.set(row.id, {
        workspaceId: row.workspaceId,
        title: row.title,
        updatedAt: row.updatedAt,
      }),
    file: (row) => add(files, row.workspaceId, row.size || 0),
    node: (row, elsewhere = 0) => add(messages, row.sessionId, nodeBytes(row) + elsewhere),
    run: (row) => void runSession.set(row.id, row.sessionId),
    step: (row) => void runSteps.set(row.runId, (runSteps.get(row.runId) ?? 0) + stepBytes(row)),
    checkpoint(row) {
      const entry = checkpoints.get(row.workspaceId) ?? { count: 0, blobs: new Set<string>() };
      entry.count++;
      for (const hash of referencedBlobs([row])) entry.blobs.add(hash);
      checkpoints.set(row.workspaceId, entry);
    },
    blob: (hash, bytes) => void blobs.set(hash, bytes),
    result() {
      const conversations = new Map<string, ConversationUsage>();
      const conversation = (sessionId: string): ConversationUsage | undefined => {
        let usage = conversations.get(sessionId);
        const session = sessions.get(sessionId);
        if (!usage && session) {
          usage = { sessionId, ...session, messages: none(), runs: none(), bytes: 0 };
          conversations.set(sessionId, usage);
        }
        return usage;
      };
      for (const sessionId of sessions.keys()) conversation(sessionId);
      for (const [sessionId, amount] of messages) {
        const usage = conversation(sessionId);
        if (usage) usage.messages = amount;
      }
      for (const [runId, sessionId] of runSession) {
        const usage = conversation(sessionId);
        if (!usage) continue;
        usage.runs.count++;
        usage.runs.bytes += runSteps.get(runId) ?? 0;
      }

      const workspaces = new Map<string, WorkspaceUsage>();
      const workspace = (id: string): WorkspaceUsage => {
        let usage = workspaces.get(id);
        if (!usage) {
          usage = {
            workspaceId: id,
            name: workspaceNames.get(id) ?? id,
            files: none(),
            conversations: none(),
            runs: none(),
            checkpoints: 0,
            blobs: none(),
            bytes: 0,
            sessions: [],
          };
          workspaces.set(id, usage);
        }
        return usage;
      };
      for (const id of workspaceNames.keys()) workspace(id);
      for (const [id, amount] of files) workspace(id).files = amount;
      for (const usage of conversations.values()) {
        usage.bytes = usage.messages.bytes + usage.runs.bytes;
        const owner = workspace(usage.workspaceId);
        owner.sessions.push(usage);
        owner.conversations.count++;
        owner.conversations.bytes += usage.messages.bytes;
        owner.runs.count += usage.runs.count;
        owner.runs.bytes += usage.runs.bytes;
      }
      const referenced = new Set<string>();
      for (const [id, entry] of checkpoints) {
        const owner = workspace(id);
        owner.checkpoints = entry.count;
        for (const hash of entry.blobs) {
          referenced.add(hash);
          const bytes = blobs.get(hash);
          if (bytes === undefined) continue;
          owner.blobs.count++;
          owner.blobs.bytes += bytes;
        }
      }
      const unreferencedBlobs = none();
      for (const [hash, bytes] of blobs) {
        if (referenced.has(hash)) continue;
        unreferencedBlobs.count++;
        unreferencedBlobs.bytes += bytes;
      }
      for (const usage of workspaces.values()) {
        usage.bytes = usage.files.bytes + usage.conversations.bytes + usage.runs.bytes;
        usage.bytes += usage.blobs.bytes;
        usage.sessions.sort((a, b) => b.bytes - a.bytes || a.title.localeCompare(b.title));
      }
      return {
        workspaces: [...workspaces.values()].sort(
          (a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name),
        ),
        unreferencedBlobs,
      };
    },
  };
}
