/**
 * Compaction, the pure part: which part of a session's active path the model's context
 * holds after a compaction, where a new compaction cuts, and the request that asks the
 * model for the summary. Nothing here deletes anything: a compaction is a node appended at
 * the leaf (role `compaction`, its content the summary, NodeRecord.compaction saying where
 * the verbatim tail begins); the nodes before the cut stay in the tree, readable and
 * branchable, only outside the context.
 */
import type { ChatMessage } from '../llm/chat-message';
import type { NodeRecord } from '../store/records';
import { IMAGE_TOKENS } from './context-budget';
import { estimateTokens } from './token-estimate';

/** The active path as the model's context sees it after the last compaction on it. */
export interface CompactedPath {
  /** The last compaction node on the path, if any. */
  compaction?: NodeRecord;
  /** The nodes the context holds verbatim: the kept tail, then what follows the compaction. */
  nodes: NodeRecord[];
  /** Ids of the path's nodes outside the context (before the kept tail). */
  outside: Set<string>;
}

/** Splits the active path (root first) at its last compaction node (see CompactedPath). */
export function compactedPath(path: readonly NodeRecord[]): CompactedPath {
  let at = -1;
  for (let i = path.length - 1; i >= 0; i--) {
    if (path[i]!.role === 'compaction' && path[i]!.compaction) {
      at = i;
      break;
    }
  }
  if (at < 0) return { nodes: [...path], outside: new Set() };
  const compaction = path[at]!;
  const firstKept = compaction.compaction!.firstKeptId;
  let from = firstKept === null ? at : path.findIndex((node) => node.id === firstKept);
  if (from < 0 || from > at) from = at;
  return {
    compaction,
    nodes: [...path.slice(from, at), ...path.slice(at + 1)],
    outside: new Set(path.slice(0, from).map((node) => node.id)),
  };
}

/** How the summary reaches the model: as the first message of the conversation. */
export function summaryMessage(summary: string): ChatMessage {
  return {
    role: 'user',
    content: `[Summary of the earlier part of this conversation, which was compacted]\n\n${summary}`,
  };
}

/** A rough token count of a node as the request carries it. */
export function nodeTokens(node: NodeRecord): number {
  let text = node.content;
  for (const call of node.toolCalls ?? []) text += call.name + call.arguments;
  let pictures = 0;
  for (const attachment of node.attachments ?? []) {
    text += attachment.text;
    if (attachment.image) pictures += IMAGE_TOKENS;
  }
  return estimateTokens(text) + pictures + 4;
}

/**
 * Cut points that keep every tool call with its results: index `i` (the tail starts at
 * `nodes[i]`) is valid when no node at or after `i` is a result of a call made before `i`.
 */
export function validCuts(nodes: readonly NodeRecord[]): boolean[] {
  const callAt = new Map<string, number>();
  nodes.forEach((node, i) => {
    for (const call of node.toolCalls ?? []) callAt.set(call.id, i);
  });
  // The earliest call index answered at or after each position.
  const valid = new Array<boolean>(nodes.length + 1).fill(true);
  let earliest = Infinity;
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    const asked = node.toolCallId !== undefined ? callAt.get(node.toolCallId) : undefined;
    if (asked !== undefined) earliest = Math.min(earliest, asked);
    valid[i] = !(earliest < i);
  }
  return valid;
}

/** Where a compaction cuts the context: what is summarized and what stays verbatim. */
export interface CompactionCut {
  /** Summarized: the context's nodes before the cut (the previous summary goes along). */
  summarized: NodeRecord[];
  /** Kept verbatim, in order; `summarized` followed by `kept` is the whole context. */
  kept: NodeRecord[];
}

/**
 * Where to cut `nodes` (the context's nodes, root first) so the kept tail holds about
 * `keepTokens` at most: the earliest valid cut whose tail fits, preferring one where the
 * tail starts with the person's message. Never splits a tool call from its results. At
 * least `minSummarized` nodes are summarized (default 2) and `minKept` kept (default 0;
 * 1 keeps the question being answered verbatim even when it alone is over `keepTokens`);
 * undefined when no cut satisfies that (nothing worth compacting).
 */
export function planCompactionCut(
  nodes: readonly NodeRecord[],
  keepTokens: number,
  options: { minSummarized?: number; minKept?: number } = {},
): CompactionCut | undefined {
  const minSummarized = options.minSummarized ?? 2;
  const last = nodes.length - (options.minKept ?? 0);
  const valid = validCuts(nodes);
  const tail = new Array<number>(nodes.length + 1).fill(0);
  for (let i = nodes.length - 1; i >= 0; i--) tail[i] = tail[i + 1]! + nodeTokens(nodes[i]!);
  let chosen: number | undefined;
  let chosenAtUser: number | undefined;
  for (let i = minSummarized; i <= last; i++) {
    if (!valid[i] || (tail[i]! > keepTokens && i < last)) continue;
    chosen ??= i;
    if (i < nodes.length && nodes[i]!.role === 'user') {
      chosenAtUser = i;
      break;
    }
    // A user message a little later still beats cutting inside a turn.
    if (chosen !== undefined && tail[chosen]! - tail[i]! > keepTokens / 2) break;
  }
  const cut = chosenAtUser ?? chosen;
  if (cut === undefined) return undefined;
  return { summarized: nodes.slice(0, cut), kept: nodes.slice(cut) };
}

/** Tool calls that change files, by the argument that names the path. */
const FILE_TOOLS: Record<string, readonly string[]> = {
  write_file: ['path'],
  edit_file: ['path'],
  delete_path: ['path'],
  move_path: ['from', 'to'],
  make_dir: ['path'],
};

/** Paths the summarized part's file tools touched, for the summary's "files touched". */
export function filesTouched(nodes: readonly NodeRecord[]): string[] {
  const paths = new Set<string>();
  for (const node of nodes) {
    for (const call of node.toolCalls ?? []) {
      const keys = FILE_TOOLS[call.name];
      if (!keys) continue;
      try {
        const args = JSON.parse(call.arguments) as Record<string, unknown>;
        for (const key of keys) if (typeof args[key] === 'string') paths.add(args[key]);
      } catch {
        // Arguments the model wrote badly name nothing.
      }
    }
  }
  return [...paths].sort();
}

export const COMPACTION_INSTRUCTION = `You compact a coding assistant's conversation so the work can go on in a fresh context. Write a summary that lets the assistant continue exactly where it left off, in these sections:

## Goal
## Decisions
## Files touched
## Current state
## Next steps

Keep file paths, names, commands, error messages and numbers exact. Leave out pleasantries. Do not invent anything that is not in the transcript.`;

/** Longest text of one message in the transcript, in characters. */
const MESSAGE_CHARS = 4_000;

function transcriptLine(node: NodeRecord): string {
  const text =
    node.content.length > MESSAGE_CHARS
      ? `${node.content.slice(0, MESSAGE_CHARS)} […${node.content.length - MESSAGE_CHARS} more characters]`
      : node.content;
  switch (node.role) {
    case 'user': {
      // The summary keeps which files were attached; their text is not repeated.
      const attached = (node.attachments ?? []).map((a) => a.name).join(', ');
      return attached ? `USER (attached: ${attached}): ${text}` : `USER: ${text}`;
    }
    case 'assistant': {
      const calls = (node.toolCalls ?? []).map(
        (call) => `\n  → ${call.name}(${call.arguments.slice(0, 400)})`,
      );
      const failed =
        node.status === 'error' && node.error ? `\n  (failed: ${node.error.message})` : '';
      return `ASSISTANT: ${text}${calls.join('')}${failed}`;
    }
    case 'tool':
      return `TOOL RESULT: ${text}`;
    case 'compaction':
      return `EARLIER SUMMARY:\n${text}`;
    default:
      return '';
  }
}

/**
 * The request for a summary of `cut.summarized` (the previous summary first when the path
 * was compacted before), with the person's `focus` if any, the newest part of the
 * transcript first to go when it is over `maxChars`.
 */
export function compactionRequest(input: {
  previousSummary?: string;
  summarized: readonly NodeRecord[];
  focus?: string;
  maxChars: number;
}): ChatMessage[] {
  const lines = input.summarized.map(transcriptLine).filter(Boolean);
  if (input.previousSummary) lines.unshift(`EARLIER SUMMARY:\n${input.previousSummary}`);
  let transcript = lines.join('\n\n');
  // Over the model's window: the oldest part goes (the earlier summary covers the start).
  if (transcript.length > input.maxChars) {
    transcript = `[…]\n${transcript.slice(transcript.length - input.maxChars)}`;
  }
  const files = filesTouched(input.summarized);
  const asks = [
    `Transcript to summarize:\n\n${transcript}`,
    files.length ? `Files the assistant's tools changed: ${files.join(', ')}` : '',
    input.focus ? `Focus the summary on: ${input.focus}` : '',
    'Write the summary now.',
  ].filter(Boolean);
  return [
    { role: 'system', content: COMPACTION_INSTRUCTION },
    { role: 'user', content: asks.join('\n\n') },
  ];
}

/** Tokens of the context a path gives (summary plus the verbatim nodes). */
export function contextTokens(path: readonly NodeRecord[]): number {
  const { compaction, nodes } = compactedPath(path);
  const summary = compaction ? estimateTokens(compaction.content) + 20 : 0;
  return nodes.reduce((sum, node) => sum + nodeTokens(node), summary);
}
