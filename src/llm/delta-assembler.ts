import { normalizeFinishReason, type FinishReason } from './assistant-reply';
import type { LlmDeltaEvent } from './llm-events';
import { ThinkTagSplitter, type ContentPiece } from './think-tag-splitter';
import { ToolCallAssembler, type AssembledToolCall } from './tool-call-assembly';
import { parseUsage, type Usage } from './usage';

/** What the chunks of one streamed completion added up to. */
export interface AssembledReply {
  content: string;
  reasoning: string;
  toolCalls: AssembledToolCall[];
  finishReason?: FinishReason;
  rawFinishReason?: string;
  usage?: Usage;
  model?: string;
}

/**
 * Folds streamed chat-completion chunks (parsed JSON, any provider's dialect) into delta
 * events and one assembled reply. Reads content (string, or Mistral's list of text and
 * thinking parts), reasoning from `reasoning_content` or `reasoning` (one of them: some
 * servers send both with the same text), `<think>` blocks that open the content, refusals
 * (as text), tool calls (also legacy `function_call`), the finish reason of choice 0, and
 * usage from any chunk, including a last chunk with no choices (Groq nests it in `x_groq`).
 * Pure and synchronous; ignores what it does not understand instead of throwing.
 */
export class DeltaAssembler {
  private content = '';
  private reasoning = '';
  private readonly tools = new ToolCallAssembler();
  private readonly think = new ThinkTagSplitter();
  private finishReason: FinishReason | undefined;
  private rawFinishReason: string | undefined;
  private usage: Usage | undefined;
  private model: string | undefined;
  private completionId: string | undefined;
  private emitted = false;

  /** Adds one chunk; returns the deltas it produced, in order. */
  push(chunk: unknown): LlmDeltaEvent[] {
    if (typeof chunk !== 'object' || chunk === null) return [];
    const record = chunk as Record<string, unknown>;
    if (typeof record['model'] === 'string' && record['model'] && !this.model)
      this.model = record['model'];
    if (typeof record['id'] === 'string' && record['id'] && !this.completionId)
      this.completionId = record['id'];
    const groq = record['x_groq'] as Record<string, unknown> | undefined;
    const usage = parseUsage(record['usage'] ?? groq?.['usage']);
    if (usage) this.usage = usage;
    const choice = firstChoice(record['choices']);
    if (!choice) return [];
    const out: LlmDeltaEvent[] = [];
    const delta = (choice['delta'] ?? choice['message']) as Record<string, unknown> | undefined;
    if (delta && typeof delta === 'object') this.readDelta(delta, out);
    const finish = choice['finish_reason'];
    if (typeof finish === 'string' && finish) {
      this.rawFinishReason = finish;
      this.finishReason = normalizeFinishReason(finish);
    }
    return out;
  }

  /** Releases content held back by the `<think>` splitter; call once when the stream ends. */
  flush(): LlmDeltaEvent[] {
    const out: LlmDeltaEvent[] = [];
    this.addPieces(this.think.flush(), out);
    return out;
  }

  /** True once any delta was emitted: from then on a retry would duplicate output. */
  get produced(): boolean {
    return this.emitted;
  }

  /** The server's finish reason so far. */
  get finish(): FinishReason | undefined {
    return this.finishReason;
  }

  /** The reply as assembled so far. */
  result(): AssembledReply {
    const reply: AssembledReply = {
      content: this.content,
      reasoning: this.reasoning,
      toolCalls: this.tools.finish(this.completionId?.replace(/[^A-Za-z0-9_-]/g, '') || 'cove'),
    };
    if (this.finishReason) reply.finishReason = this.finishReason;
    if (this.rawFinishReason) reply.rawFinishReason = this.rawFinishReason;
    if (this.usage) reply.usage = this.usage;
    if (this.model) reply.model = this.model;
    return reply;
  }

  private readDelta(delta: Record<string, unknown>, out: LlmDeltaEvent[]): void {
    const reasoning = nonEmpty(delta['reasoning_content']) ?? nonEmpty(delta['reasoning']);
    if (reasoning) this.addReasoning(reasoning, out);
    const content = delta['content'];
    if (typeof content === 'string') this.addPieces(this.think.push(content), out);
    else if (Array.isArray(content)) this.readContentParts(content, out);
    const refusal = nonEmpty(delta['refusal']);
    if (refusal) this.addPieces(this.think.push(refusal), out);
    const calls = delta['tool_calls'] ?? legacyFunctionCall(delta['function_call']);
    for (const toolDelta of this.tools.push(calls)) {
      this.emitted = true;
      out.push({ type: 'toolcall_delta', ...toolDelta });
    }
  }

  private readContentParts(parts: unknown[], out: LlmDeltaEvent[]): void {
    for (const part of parts) {
      if (typeof part !== 'object' || part === null) continue;
      const entry = part as { type?: unknown; text?: unknown; thinking?: unknown };
      if (entry.type === 'text' && typeof entry.text === 'string') {
        this.addPieces(this.think.push(entry.text), out);
      } else if (entry.type === 'thinking') {
        const pieces = Array.isArray(entry.thinking) ? entry.thinking : [entry.thinking];
        for (const piece of pieces) {
          const text =
            typeof piece === 'string' ? piece : (piece as { text?: unknown } | null)?.text;
          if (typeof text === 'string' && text) this.addReasoning(text, out);
        }
      }
    }
  }

  private addPieces(pieces: ContentPiece[], out: LlmDeltaEvent[]): void {
    for (const piece of pieces) {
      if (piece.kind === 'reasoning') this.addReasoning(piece.text, out);
      else this.addText(piece.text, out);
    }
  }

  private addText(text: string, out: LlmDeltaEvent[]): void {
    if (!text) return;
    this.content += text;
    this.emitted = true;
    out.push({ type: 'text_delta', delta: text });
  }

  private addReasoning(text: string, out: LlmDeltaEvent[]): void {
    if (!text) return;
    this.reasoning += text;
    this.emitted = true;
    out.push({ type: 'reasoning_delta', delta: text });
  }
}

function firstChoice(choices: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(choices)) return undefined;
  const valid = choices.filter(
    (choice): choice is Record<string, unknown> => typeof choice === 'object' && choice !== null,
  );
  return (
    valid.find((choice) => choice['index'] === 0 || choice['index'] === undefined) ?? undefined
  );
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function legacyFunctionCall(call: unknown): unknown {
  if (typeof call !== 'object' || call === null) return undefined;
  return [{ index: 0, function: call }];
}
