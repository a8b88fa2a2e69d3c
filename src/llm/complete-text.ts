/**
 * One completion read to its end as text: for requests that need the answer, not its
 * stream (a server's sampling request, a title). Keeps the client's contract: never throws;
 * a failure comes back as the error event's error, with whatever text arrived.
 */
import type { ChatClient, ChatRequest } from './chat-client';
import type { FinishReason } from './assistant-reply';
import type { LlmError } from './llm-error';

export type CompletedText =
  | { ok: true; text: string; finishReason: FinishReason }
  | { ok: false; text: string; error: LlmError };

export async function completeText(
  client: ChatClient,
  request: ChatRequest,
): Promise<CompletedText> {
  let text = '';
  for await (const event of client.stream(request)) {
    if (event.type === 'text_delta') text += event.delta;
    if (event.type === 'done')
      return { ok: true, text: event.message.content, finishReason: event.finishReason };
    if (event.type === 'error') return { ok: false, text, error: event.error };
  }
  return { ok: true, text, finishReason: 'other' };
}
