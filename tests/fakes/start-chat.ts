import { createChatService } from '../../src/app/chat-service';
import { createSessionRuntime, type SessionRuntimeDeps } from '../../src/app/session-runtime';

/** The chat service over its runtime, built as the composition root (services.ts) builds them. */
export function startChat(
  deps: SessionRuntimeDeps & Parameters<typeof createChatService>[1],
): ReturnType<typeof createChatService> {
  return createChatService(createSessionRuntime(deps), deps);
}
