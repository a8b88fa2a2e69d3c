/** A part of a multimodal user message. Images are data: or https: URLs. */
export type ContentPart =
  { type: 'text'; text: string } | { type: 'image'; url: string; detail?: 'auto' | 'low' | 'high' };

/** A tool call as the model made it; `arguments` is the JSON text the model wrote. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * A message of a conversation as the llm layer takes it: provider-neutral, with reasoning
 * kept apart from the answer. message-conversion.ts turns it into the wire format.
 */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ContentPart[] }
  | { role: 'assistant'; content: string; reasoning?: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

/** A tool offered to the model: its name, what it does, and a JSON schema of its arguments. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}
