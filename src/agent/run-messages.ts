/**
 * The messages an agent run adds to its conversation besides the tools' results: the
 * model's reply as it goes back in, and the pictures a tool batch returned.
 */
import type { AssistantReply } from '../llm/assistant-reply';
import type { ChatMessage, ContentPart, ToolCall } from '../llm/chat-message';
import type { CallEnd } from './tool-batch';

export type AssistantMessage = Extract<ChatMessage, { role: 'assistant' }>;

/**
 * The pictures of a batch's results as one user message the model can see (tool messages
 * are text only in every provider's API), each introduced by the call it came from.
 */
export function figuresMessage(ends: readonly CallEnd[]): ChatMessage | undefined {
  const parts: ContentPart[] = [];
  for (const { call, event } of ends) {
    if (!event.images?.length) continue;
    parts.push({
      type: 'text',
      text: `Images returned by ${call.name} (call ${call.id}): ${event.images.map((i) => i.alt).join('; ')}`,
    });
    for (const image of event.images) parts.push({ type: 'image', url: image.url });
  }
  return parts.length ? { role: 'user', content: parts } : undefined;
}

/** The assistant message as it goes into the conversation. */
export function assistantMessage(
  reply: AssistantReply,
  calls: readonly ToolCall[],
): AssistantMessage {
  return {
    role: 'assistant',
    content: reply.content,
    ...(reply.reasoning ? { reasoning: reply.reasoning } : {}),
    ...(calls.length
      ? { toolCalls: calls.map(({ id, name, arguments: args }) => ({ id, name, arguments: args })) }
      : {}),
  };
}
