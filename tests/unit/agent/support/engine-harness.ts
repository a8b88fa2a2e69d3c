/**
 * A session engine over the in-memory store and a scripted model, with the persister
 * subscribed as the app subscribes it, for the engine's tests: each says only what differs
 * (the script, the model, the prompt, the agent's tools).
 */
import type { AgentPort } from '../../../../src/agent/session-agent-run';
import {
  createSessionEngine,
  type ReplyModel,
  type SessionEngineDeps,
  type SessionEngineEvent,
} from '../../../../src/agent/session-engine';
import { createMemorySessionLocks } from '../../../../src/agent/session-locks';
import { createSessionPersister } from '../../../../src/agent/session-persister';
import { activePath } from '../../../../src/agent/session-tree';
import type { AgentTool } from '../../../../src/agent/tool-catalog';
import { ManualClock } from '../../../../src/base/clock';
import { makeScriptedChatClient, type ProviderConfig, type ScriptStep } from '../../../../src/llm';
import { createMemoryStore } from '../../../../src/store/memory-store';

/** A provider whose one model `m1` has a 32k window. */
export const FAKE_PROVIDER: ProviderConfig = {
  id: 'p1',
  name: 'Fake',
  presetId: 'custom',
  baseURL: 'http://127.0.0.1:9/v1',
  models: [{ id: 'm1', capabilities: { contextWindow: 32_000, maxOutputTokens: 1000 } }],
};

export interface HarnessOptions {
  /** The provider asked (its first model); FAKE_PROVIDER by default. */
  provider?: ProviderConfig;
  /** The reply model outright; null for "no model chosen". */
  model?: ReplyModel | null;
  systemPrompt?: string;
  fileContext?: boolean;
  activeDocument?: SessionEngineDeps['context']['activeDocument'];
  /** Agent tools: with them the engine gets an agent port in "auto" that approves all. */
  tools?: AgentTool[];
  /** Tools a chat reply gets (memory in chat mode); the agent port offers them to chat. */
  chatTools?: AgentTool[];
  dynamicPrompt?: string;
  maxSteps?: number;
  /** Clock start; 2026-12-02 by default. */
  startsAt?: number;
}

export function engineHarness(steps: ScriptStep[] = [], options: HarnessOptions = {}) {
  const clock = new ManualClock(options.startsAt ?? Date.UTC(2026, 11, 2));
  const store = createMemoryStore();
  const locks = createMemorySessionLocks();
  const client = makeScriptedChatClient(steps, { clock });
  const provider = options.provider ?? FAKE_PROVIDER;
  const modelId = provider.models![0]!.id;
  const model: ReplyModel | undefined =
    options.model === null
      ? undefined
      : (options.model ?? { ref: `${provider.id}/${modelId}`, provider, modelId });
  const agent: AgentPort | undefined = (options.tools || options.chatTools) && {
    toolbox: () =>
      Promise.resolve({
        tools: options.tools ?? [],
        context: {},
        dynamicPrompt: () => options.dynamicPrompt ?? 'Today is 2026-12-02.',
      }),
    policy: () => ({ mode: 'auto' }),
    approve: () => Promise.resolve({ type: 'approve' }),
    sessionApproved: () => new Set(),
    ...(options.chatTools
      ? {
          chatToolbox: async () => ({
            tools: options.chatTools!,
            context: {},
            dynamicPrompt: () => 'Notes you saved: none yet.',
          }),
        }
      : {}),
    ...(options.maxSteps ? { maxSteps: options.maxSteps } : {}),
  };
  let ids = 0;
  const listenerErrors: unknown[] = [];
  const problems: string[] = [];
  const engine = createSessionEngine({
    sessions: store.sessions,
    clock,
    locks,
    client,
    models: { current: () => model, streamOptionsUnsupported: () => undefined },
    settings: () => ({
      fileContext: options.fileContext ?? false,
      customSystemPrompt: options.systemPrompt ?? '',
    }),
    context: {
      workspaceName: () => 'demo',
      activeDocument: options.activeDocument ?? (() => undefined),
      readFile: async () => undefined,
    },
    ...(agent ? { agent } : {}),
    newId: () => `n${++ids}`,
    onListenerError: (error) => listenerErrors.push(error),
    onProblem: (_error, what) => void problems.push(what),
  });
  const persister = createSessionPersister({
    sessions: store.sessions,
    clock,
    locks,
    onError: (error) => {
      throw error;
    },
  });
  engine.subscribe((event) => persister.handle(event));
  const seen: SessionEngineEvent[] = [];
  engine.subscribe((event) => void seen.push(event));
  /** The session's active path as stored. */
  async function pathOf(sessionId: string) {
    const session = await store.sessions.get(sessionId);
    return activePath(await store.sessions.nodes(sessionId), session!.leafId);
  }
  return { clock, store, locks, client, engine, seen, listenerErrors, problems, pathOf };
}

export type EngineHarness = ReturnType<typeof engineHarness>;
