import type { ChatClient } from '../llm/chat-client';

/**
 * A ChatClient whose implementation (the openai SDK) is loaded on the first request, so the
 * app's first load does not carry it. A failed load is thrown to the caller, which reports
 * it; the chat service turns it into an inline error.
 */
export function createLazyChatClient(load: () => Promise<ChatClient>): ChatClient {
  let client: Promise<ChatClient> | undefined;
  return {
    async *stream(request) {
      client ??= load().catch((error: unknown) => {
        client = undefined;
        throw error;
      });
      yield* (await client).stream(request);
    },
  };
}
