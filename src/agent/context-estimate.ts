/**
 * How full the model's context is: anchored on the last usage the provider reported (its
 * input tokens are exactly what the last request held, its output what the reply added),
 * with only what came after estimated. Before any reply reported usage, everything is
 * estimated. Used by the token meter and by automatic compaction.
 */
import type { ModelPrice } from '../llm/model-capabilities';
import type { NodeRecord, StoredUsage } from '../store/records';
import { compactedPath, nodeTokens } from './compaction';
import { estimateTokens } from './token-estimate';

/** A piece of the context in order: a message, or a reply's tool results. */
export interface ContextPiece {
  /** Estimated tokens of the piece. */
  tokens: number;
  /** The usage the provider reported for the request that produced this reply. */
  usage?: StoredUsage;
}

export interface ContextEstimate {
  /** Tokens the next request would hold (the system prompt included when anchored). */
  tokens: number;
  /** True when a real usage anchors the figure. */
  anchored: boolean;
  /** Of `tokens`, how many are estimated (after the anchor, or all). */
  estimated: number;
}

/**
 * The context's size from its pieces in order. `overheadTokens` stands for what the
 * pieces do not show (system prompt, tool definitions) until a real usage includes it.
 */
export function estimateContext(
  pieces: readonly ContextPiece[],
  overheadTokens: number,
): ContextEstimate {
  let anchor = -1;
  for (let i = pieces.length - 1; i >= 0; i--) {
    if (pieces[i]!.usage) {
      anchor = i;
      break;
    }
  }
  let after = 0;
  for (let i = anchor + 1; i < pieces.length; i++) after += pieces[i]!.tokens;
  if (anchor < 0) return { tokens: after + overheadTokens, anchored: false, estimated: after };
  const usage = pieces[anchor]!.usage!;
  return {
    tokens: usage.inputTokens + usage.outputTokens + after,
    anchored: true,
    estimated: after,
  };
}

/**
 * The pieces of an active path's context: after its last compaction, the summary and the
 * nodes kept. Usages of replies before the last compaction do not anchor (the context
 * shrank since); a reply's tool results follow it as their own pieces.
 */
export function piecesOfPath(path: readonly NodeRecord[]): ContextPiece[] {
  const { compaction, nodes } = compactedPath(path);
  const afterCompaction = compaction ? new Set(path.slice(path.indexOf(compaction))) : undefined;
  const pieces: ContextPiece[] = compaction
    ? [{ tokens: estimateTokens(compaction.content) + 20 }]
    : [];
  for (const node of nodes) {
    const counts = !afterCompaction || afterCompaction.has(node);
    pieces.push({
      tokens: nodeTokens(node),
      ...(node.role === 'assistant' && node.usage && counts ? { usage: node.usage } : {}),
    });
  }
  return pieces;
}

/** What the usages cost at `price` (US dollars); undefined without a price. */
export function costOf(
  usages: readonly StoredUsage[],
  price: ModelPrice | undefined,
): number | undefined {
  if (!price) return undefined;
  let dollars = 0;
  for (const usage of usages) {
    const cached = Math.min(usage.cachedInputTokens ?? 0, usage.inputTokens);
    const cachedPrice = price.cachedInputPerMillion ?? price.inputPerMillion;
    dollars +=
      ((usage.inputTokens - cached) * price.inputPerMillion +
        cached * cachedPrice +
        usage.outputTokens * price.outputPerMillion) /
      1_000_000;
  }
  return dollars;
}
