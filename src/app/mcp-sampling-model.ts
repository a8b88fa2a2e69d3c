/**
 * A server's approved sampling request sent to the model the person has selected (the
 * model picker's), as one completion read to its end.
 */
import { describeError } from '../base/errors';
import type { ChatClient } from '../llm/chat-client';
import type { ChatMessage } from '../llm/chat-message';
import { completeText } from '../llm/complete-text';
import type { ProviderConfig } from '../llm/provider-config';
import type { SamplingModel } from './mcp-sampling';

export function selectedModelSampler(
  client: ChatClient,
  selected: () => { provider: ProviderConfig; modelId: string } | undefined,
): SamplingModel {
  return async (request, signal) => {
    const model = selected();
    if (!model) {
      return {
        ok: false,
        message: 'No model is selected. Choose one in the model picker, then try again.',
      };
    }
    const messages: ChatMessage[] = [
      ...(request.systemPrompt.trim()
        ? [{ role: 'system' as const, content: request.systemPrompt }]
        : []),
      ...request.messages.map((message) => ({ role: message.role, content: message.text })),
    ];
    const done = await completeText(client, {
      provider: model.provider,
      model: model.modelId,
      messages,
      maxOutputTokens: request.maxTokens,
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      signal,
    });
    if (!done.ok) return { ok: false, message: describeError(done.error) };
    return {
      ok: true,
      text: done.text,
      model: model.modelId,
      stopReason: done.finishReason === 'length' ? 'maxTokens' : 'endTurn',
    };
  };
}
