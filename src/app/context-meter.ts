/**
 * The token meter's figures for the conversation shown: how much of the model's window the
 * next request would use (anchored on the last usage a reply reported, the rest estimated;
 * see src/agent/context-estimate.ts), the limit where Cove compacts on its own, and what
 * the path's replies cost where the model has prices.
 */
import { stubAppliedArguments } from '../agent/applied-arguments';
import { autoCompactLimit } from '../agent/compaction-run';
import { costOf, estimateContext, type ContextPiece } from '../agent/context-estimate';
import { attachmentTokens } from '../agent/message-attachments';
import { estimateTokens } from '../agent/token-estimate';
import type { ModelCapabilities } from '../llm/model-capabilities';
import type { StoredUsage } from '../store/records';
import type { ChatMessageView } from './chat-message-view';

export interface ContextMeterView {
  /** Tokens the next request would hold. */
  used: number;
  /** The model's context window. */
  window: number;
  /** Where Cove compacts on its own. */
  limit: number;
  /** True when a real usage anchors `used` (else all of it is estimated). */
  anchored: boolean;
  /** US dollars the replies on the path cost, when the model has prices. */
  cost?: number;
}

/** The meter over `views` (the active path as shown) for a model with `capabilities`. */
export function contextMeter(
  views: readonly ChatMessageView[],
  capabilities: ModelCapabilities,
  maxOutputTokens: number,
  overheadTokens: number,
): ContextMeterView {
  let last = -1;
  views.forEach((view, i) => {
    if (view.role === 'compaction') last = i;
  });
  const pieces: ContextPiece[] = [];
  const usages: StoredUsage[] = [];
  views.forEach((view, i) => {
    const usage = view.role === 'assistant' ? view.usage() : undefined;
    if (usage) usages.push(usage);
    if (view.outside() || (view.role === 'compaction' && i !== last)) return;
    if (view.role !== 'assistant') {
      // A message's mentions go with it in every request (src/agent/message-attachments.ts).
      const attached = view.attachments.reduce((sum, a) => sum + attachmentTokens(a), 0);
      pieces.push({ tokens: estimateTokens(view.content()) + attached + 4 });
      return;
    }
    const calls = view.toolCalls();
    // A call that succeeded is sent again with its long arguments as a note of their size.
    const asked = calls.reduce((sum, call) => {
      const args = call.argumentsText();
      return sum + call.name + (call.status() === 'done' ? stubAppliedArguments(args) : args);
    }, '');
    // A usage from before the last compaction counts the context as it was then.
    pieces.push({
      tokens: estimateTokens(view.content() + asked) + 4,
      ...(usage && i > last ? { usage } : {}),
    });
    if (calls.length) {
      const results = calls.reduce((sum, call) => sum + (call.result() ?? ''), '');
      pieces.push({ tokens: estimateTokens(results) + 4 * calls.length });
    }
  });
  const estimate = estimateContext(pieces, overheadTokens);
  const cost = costOf(usages, capabilities.price);
  return {
    used: estimate.tokens,
    window: capabilities.contextWindow,
    limit: autoCompactLimit(capabilities, maxOutputTokens),
    anchored: estimate.anchored,
    ...(cost !== undefined ? { cost } : {}),
  };
}
