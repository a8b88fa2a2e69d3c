import type { ChatMessage, ContentPart, ToolCall } from './chat-message';
import { parseArguments } from './tool-call-assembly';

/** A message in the OpenAI chat-completions wire format, with DeepSeek's reasoning field. */
export type WireMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | WireContentPart[] }
  | {
      role: 'assistant';
      content: string;
      reasoning_content?: string;
      tool_calls?: {
        id: string;
        type: 'function';
        function: { name: string; arguments: string };
      }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A part of a multimodal user message on the wire. */
export type WireContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } };

/** How {@link toWireMessages} adapts a conversation to one model. */
export interface ConversionOptions {
  /** Include earlier assistant reasoning as `reasoning_content` (per-model setting). */
  sendReasoningBack: boolean;
  /** The model accepts images; otherwise each image becomes a short text note. */
  vision: boolean;
}

/** Result text for a tool call whose result never arrived (stopped run, crash, reload). */
export const MISSING_TOOL_RESULT = 'No result: the tool call was interrupted before it finished.';

/**
 * Converts Cove messages to the wire format, repairing what servers reject with a 400:
 * every assistant tool call gets a tool message right after its assistant message (a
 * placeholder result when the run stopped before it), tool messages that answer no call are
 * dropped, empty assistant messages are dropped, and arguments that are not a JSON object are
 * sent as `{}` (strict servers parse them; the bad text stays in Cove's own history). Reasoning
 * goes back only when `sendReasoningBack` is set; images only to vision models.
 */
export function toWireMessages(messages: ChatMessage[], options: ConversionOptions): WireMessage[] {
  const out: WireMessage[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    switch (message.role) {
      case 'system':
        out.push({ role: 'system', content: message.content });
        break;
      case 'user':
        out.push({ role: 'user', content: userContent(message.content, options.vision) });
        break;
      case 'tool':
        // Tool messages are emitted together with the assistant message they answer.
        break;
      case 'assistant': {
        const calls = message.toolCalls ?? [];
        const reasoning = options.sendReasoningBack ? message.reasoning : undefined;
        if (!message.content && calls.length === 0 && !reasoning) break;
        const wire: WireMessage = { role: 'assistant', content: message.content };
        if (reasoning) wire.reasoning_content = reasoning;
        if (calls.length > 0) wire.tool_calls = calls.map(wireToolCall);
        out.push(wire);
        out.push(...answersTo(calls, messages, i + 1));
        break;
      }
    }
  }
  return out;
}

function userContent(content: string | ContentPart[], vision: boolean): string | WireContentPart[] {
  if (typeof content === 'string') return content;
  return content.map((part): WireContentPart => {
    if (part.type === 'text') return part;
    if (!vision)
      return { type: 'text', text: '[An image was attached; this model cannot see images.]' };
    return {
      type: 'image_url',
      image_url: { url: part.url, ...(part.detail ? { detail: part.detail } : {}) },
    };
  });
}

function wireToolCall(call: ToolCall) {
  const valid = parseArguments(call.arguments).parsedArguments !== undefined;
  return {
    id: call.id,
    type: 'function' as const,
    function: {
      name: call.name,
      arguments: valid && call.arguments.trim() ? call.arguments : '{}',
    },
  };
}

/**
 * The tool messages answering `calls`, in the calls' order, taken from the run of tool
 * messages that follows the assistant message at `from` (up to the next non-tool message).
 */
function answersTo(calls: ToolCall[], messages: ChatMessage[], from: number): WireMessage[] {
  const results = new Map<string, string>();
  for (let j = from; j < messages.length; j++) {
    const next = messages[j]!;
    if (next.role !== 'tool') break;
    if (!results.has(next.toolCallId)) results.set(next.toolCallId, next.content);
  }
  return calls.map((call) => ({
    role: 'tool' as const,
    tool_call_id: call.id,
    content: results.get(call.id) ?? MISSING_TOOL_RESULT,
  }));
}
