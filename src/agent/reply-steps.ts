/**
 * The steps of a reply, which the session engine loads at its first reply or compaction
 * (issue 21): fitting the context to the window, the chat reply and the agent run, and the
 * chat prompt. Listing, opening and switching sessions, which the first screen does, need
 * none of them, and together with the llm layer's stream assembly they are ~8 KB gzipped.
 */
export { answerWithAgent } from './agent-reply';
export { answerWithChat } from './chat-reply';
export { compactAt } from './context-fit';
export { buildChatSystem } from './context-builder';
