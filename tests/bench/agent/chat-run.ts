// The chat side of the agent benchmark: one chat reply through Cove's session engine (the
// lock, the question stored, the context fitted, the stream folded into the reply node and
// persisted, as the app does), and the same request through the bare HTTP client, against
// the same fake server. The engine's cost is what the first adds to the second.
import { createSessionEngine } from '../../../src/agent/session-engine';
import { createMemorySessionLocks } from '../../../src/agent/session-locks';
import { createSessionPersister } from '../../../src/agent/session-persister';
import { activePath } from '../../../src/agent/session-tree';
import { buildChatSystem, pathToMessages } from '../../../src/agent/context-builder';
import { systemClock } from '../../../src/base/clock';
import { makeOpenAIChatClient } from '../../../src/llm/openai-chat-client';
import type { ProviderConfig } from '../../../src/llm/provider-config';
import { createMemoryStore } from '../../../src/store/memory-store';
import type { NodeRecord } from '../../../src/store/records';

/** Exchanges before the question: a conversation of some length, as people have. */
export const CHAT_HISTORY_EXCHANGES = 20;
export const CHAT_QUESTION = 'And how would I test that function?';
/** The reply the server streams: a few paragraphs and a code block, about 2,000 characters. */
export const CHAT_REPLY = `${'Write a small test with pytest that calls the function with known values. '.repeat(12)}\n\n\`\`\`python\ndef test_mean():\n    assert mean_and_spread([2, 4]) == (3, 1)\n\`\`\`\n${'Then run it with the Run button. '.repeat(20)}`;

const SETTINGS = { fileContext: false, customSystemPrompt: '' };
const SOURCES = {
  workspaceName: () => 'Bench',
  activeDocument: () => undefined,
  readFile: async () => undefined,
};

function provider(baseURL: string): ProviderConfig {
  return {
    id: 'bench',
    name: 'Fake server',
    presetId: 'custom',
    baseURL,
    apiKey: 'bench-key',
    keyOrigin: new URL(baseURL).origin,
    models: [
      { id: 'bench-model', capabilities: { contextWindow: 128_000, maxOutputTokens: 4_096 } },
    ],
  };
}

function history(sessionId: string): NodeRecord[] {
  const nodes: NodeRecord[] = [];
  for (let i = 0; i < CHAT_HISTORY_EXCHANGES * 2; i++) {
    nodes.push({
      id: `h${i}`,
      sessionId,
      parentId: i ? `h${i - 1}` : null,
      role: i % 2 ? 'assistant' : 'user',
      content: i % 2 ? `Answer ${i}: ${'use a dict to count them. '.repeat(8)}` : `Question ${i}?`,
      status: 'complete',
      startedAt: i + 1,
    });
  }
  return nodes;
}

/** One reply through the session engine; resolves its wall time and the text stored. */
export async function runChatEngine(
  baseURL: string,
  now: () => number,
): Promise<{ wallMs: number; answer: string }> {
  const store = createMemoryStore();
  const sessionId = 'bench-chat';
  const nodes = history(sessionId);
  await store.sessions.insert(
    {
      id: sessionId,
      workspaceId: 'bench',
      title: 'Bench',
      mode: 'chat',
      leafId: nodes.at(-1)!.id,
      createdAt: 0,
      updatedAt: 0,
      starred: false,
    },
    nodes,
  );
  const locks = createMemorySessionLocks();
  const model = { ref: 'bench/bench-model', provider: provider(baseURL), modelId: 'bench-model' };
  const engine = createSessionEngine({
    sessions: store.sessions,
    clock: systemClock,
    locks,
    client: makeOpenAIChatClient({ fetch: globalThis.fetch.bind(globalThis), clock: systemClock }),
    models: { current: () => model, streamOptionsUnsupported: () => undefined },
    settings: () => SETTINGS,
    context: SOURCES,
  });
  const persister = createSessionPersister({
    sessions: store.sessions,
    clock: systemClock,
    locks,
    onError: (error) => {
      throw error;
    },
  });
  engine.subscribe((event) => persister.handle(event));
  const start = now();
  const outcome = await engine.send(sessionId, undefined, CHAT_QUESTION);
  const wallMs = now() - start;
  if (outcome !== 'answered') throw new Error(`the engine did not answer: ${outcome}`);
  const stored = await store.sessions.nodes(sessionId);
  const session = await store.sessions.get(sessionId);
  const reply = activePath(stored, session!.leafId).at(-1);
  return { wallMs, answer: reply?.status === 'complete' ? reply.content : `(${reply?.status})` };
}

/** The same request through the bare client; resolves its wall time and the text. */
export async function runBareChat(
  baseURL: string,
  now: () => number,
): Promise<{ wallMs: number; answer: string }> {
  const client = makeOpenAIChatClient({
    fetch: globalThis.fetch.bind(globalThis),
    clock: systemClock,
  });
  const question: NodeRecord = {
    id: 'q',
    sessionId: 's',
    parentId: 'h39',
    role: 'user',
    content: CHAT_QUESTION,
    status: 'complete',
    startedAt: 100,
  };
  const path = [...history('s'), question];
  const start = now();
  const system = await buildChatSystem({
    path,
    settings: SETTINGS,
    sources: SOURCES,
    contextWindow: 128_000,
    now: Date.now(),
  });
  let answer = '';
  for await (const event of client.stream({
    provider: provider(baseURL),
    model: 'bench-model',
    messages: [{ role: 'system', content: system }, ...pathToMessages(path)],
  })) {
    if (event.type === 'done') answer = event.message.content;
    if (event.type === 'error') answer = `(error: ${event.error.message})`;
  }
  return { wallMs: now() - start, answer };
}
