import type { FakeOpenAIServer } from '../../fixtures/fake-openai-server.mjs';

/** The tool result the model read for the call `callId`, from the requests it was sent. */
export function toolResult(provider: FakeOpenAIServer, callId: string): string | undefined {
  for (const request of provider.chatRequests().reverse()) {
    const body = request.body as {
      messages: { role: string; tool_call_id?: string; content: string }[];
    };
    const found = body.messages.find((m) => m.role === 'tool' && m.tool_call_id === callId);
    if (found) return found.content;
  }
  return undefined;
}
