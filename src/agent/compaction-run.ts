/**
 * Compaction, the part that asks the model: decides whether a session's context needs it,
 * plans the cut, asks for the summary and returns the compaction node to append. Writes
 * nothing itself, so a failed summary changes nothing (the engine appends the node only
 * when this returned one).
 */
import type { Clock } from '../base/clock';
import { agentError } from './agent-errors';
import type { ChatClient, ProviderConfig } from '../llm';
import type { ModelCapabilities } from '../llm/model-capabilities';
import type { NodeRecord } from '../store/records';
import {
  compactedPath,
  compactionRequest,
  contextTokens,
  nodeTokens,
  planCompactionCut,
} from './compaction';
import { estimateContext, piecesOfPath } from './context-estimate';

/**
 * What a request carries besides the conversation (system prompt, tool definitions), for
 * the context estimate until a real usage includes it.
 */
export const CHAT_OVERHEAD_TOKENS = 800;
export const AGENT_OVERHEAD_TOKENS = 3_000;

/** Summaries get at most this many output tokens. */
const SUMMARY_TOKENS = 2_000;

/**
 * The context size above which Cove compacts on its own: the window minus the reply's room
 * (at most a quarter of the window) minus a reserve (a tenth, at most 4,000 tokens) for the
 * system prompt, tool definitions and estimation error.
 */
export function autoCompactLimit(capabilities: ModelCapabilities, maxOutputTokens: number): number {
  const window = capabilities.contextWindow;
  const reply = Math.min(maxOutputTokens, Math.floor(window / 4));
  const reserve = Math.min(4_000, Math.floor(window / 10));
  return window - reply - reserve;
}

/** How much of the newest conversation a compaction keeps verbatim: a third of the limit. */
export function keptTokens(limit: number): number {
  return Math.max(256, Math.floor(limit / 3));
}

export interface CompactionModel {
  ref: string;
  provider: ProviderConfig;
  modelId: string;
  capabilities: ModelCapabilities;
  maxOutputTokens: number;
}

export interface CompactionInput {
  sessionId: string;
  /** The active path, root first; its last node becomes the compaction node's parent. */
  path: readonly NodeRecord[];
  model: CompactionModel;
  /** `/compact focus`. */
  focus?: string;
  /** Cove compacts on its own (the window is nearly full, or the provider said it overflowed). */
  automatic: boolean;
  /** Compact even under the limit (manual, or after an overflow). */
  force: boolean;
  /** Nodes at the end kept verbatim whatever their size (1 keeps the question). */
  minKept?: number;
  /**
   * Keep the last question of the person and what followed it verbatim when that fits in
   * the limit (after an overflow mid-run: the run goes on with its question in view).
   */
  keepLastQuestion?: boolean;
  /** Tokens the request carries besides the messages, until a real usage includes them. */
  overheadTokens: number;
  /** How much to keep verbatim; by default a third of the automatic limit (keptTokens). */
  keepTokens?: number;
  /** Longest summary to ask for; by default 2,000 tokens. */
  summaryTokens?: number;
  signal?: AbortSignal;
}

export interface CompactionDeps {
  client: ChatClient;
  clock: Clock;
  newId(): string;
}

/** Asks the model for the summary; CoveError `compaction-failed` when it fails or says nothing. */
async function requestSummary(
  deps: CompactionDeps,
  input: CompactionInput,
  messages: ReturnType<typeof compactionRequest>,
): Promise<string> {
  let text = '';
  for await (const event of deps.client.stream({
    provider: input.model.provider,
    model: input.model.modelId,
    messages,
    maxOutputTokens: Math.min(input.summaryTokens ?? SUMMARY_TOKENS, input.model.maxOutputTokens),
    ...(input.signal ? { signal: input.signal } : {}),
  })) {
    if (event.type === 'text_delta') text += event.delta;
    if (event.type === 'error') {
      throw agentError('compaction-failed', {
        reason: 'summary-failed',
        detail: event.error.message,
      });
    }
  }
  const summary = text.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
  if (!summary) {
    throw agentError('compaction-failed', { reason: 'empty-summary' });
  }
  return summary;
}

/**
 * The compaction node for `input.path`, or undefined when none is needed (under the limit
 * and not forced) or possible (too little to summarize). Throws CoveError
 * `compaction-failed` when the model fails; nothing is written either way.
 */
export async function prepareCompaction(
  deps: CompactionDeps,
  input: CompactionInput,
): Promise<NodeRecord | undefined> {
  const leaf = input.path.at(-1);
  if (!leaf) return undefined;
  const limit = autoCompactLimit(input.model.capabilities, input.model.maxOutputTokens);
  const before = estimateContext(piecesOfPath(input.path), input.overheadTokens).tokens;
  if (!input.force && before <= limit) return undefined;
  const { compaction: previous, nodes } = compactedPath(input.path);
  let minKept = input.minKept ?? 0;
  if (input.keepLastQuestion) {
    const question = nodes.findLastIndex((node) => node.role === 'user');
    const tail = nodes.slice(Math.max(question, 0)).reduce((sum, n) => sum + nodeTokens(n), 0);
    if (question >= 0 && tail <= limit / 2) minKept = Math.max(minKept, nodes.length - question);
  }
  const cut = planCompactionCut(nodes, input.keepTokens ?? keptTokens(limit), { minKept });
  if (!cut) return undefined;
  const messages = compactionRequest({
    ...(previous ? { previousSummary: previous.content } : {}),
    summarized: cut.summarized,
    ...(input.focus ? { focus: input.focus } : {}),
    // Characters, about three a token, leaving room for the instructions and the summary.
    maxChars: Math.max(4_000, (input.model.capabilities.contextWindow - SUMMARY_TOKENS - 500) * 3),
  });
  const summary = await requestSummary(deps, input, messages);
  const now = deps.clock.now();
  const node: NodeRecord = {
    id: deps.newId(),
    sessionId: input.sessionId,
    parentId: leaf.id,
    role: 'compaction',
    content: summary,
    status: 'complete',
    model: input.model.ref,
    startedAt: now,
    finishedAt: now,
    compaction: {
      firstKeptId: cut.kept[0]?.id ?? null,
      ...(input.focus ? { focus: input.focus } : {}),
      automatic: input.automatic,
      // Estimated like tokensAfter (not anchored on a usage), so the two compare.
      tokensBefore: contextTokens(input.path) + input.overheadTokens,
      tokensAfter: 0,
    },
  };
  node.compaction!.tokensAfter = contextTokens([...input.path, node]) + input.overheadTokens;
  return node;
}
