// Cove's side of the agent benchmark: runAgent with the real HTTP client (Node's fetch, the
// system clock), the real workspace file tools over an in-memory store, and the fakes.
import { buildAgentStaticPrompt } from '../../../src/agent/agent-prompt';
import { runAgent } from '../../../src/agent/agent-loop';
import type { AgentTool } from '../../../src/agent/tool-catalog';
import { systemClock } from '../../../src/base/clock';
import type { ChatClient } from '../../../src/llm/chat-client';
import type { LlmEvent } from '../../../src/llm/llm-events';
import { makeOpenAIChatClient } from '../../../src/llm/openai-chat-client';
import type { ProviderConfig } from '../../../src/llm/provider-config';
import type { FileToolContext } from '../../../src/tools/files/file-tool-context';
import { createMemoryFileToolContext } from '../../../src/tools/files/memory-file-tool-context';
import type { ToolResult } from '../../../src/tools/tool';
import { builtinToolRegistry } from '../../../src/tools/tool-registry';
import { PROMPT, earlierConversation, fakeToolSpecs, type FakeToolSpec } from './bench-scenario';

/** What one run did and how long it took. */
export interface RunMeasurement {
  /** From the call to the end of the run. */
  wallMs: number;
  /** Time spent waiting inside the model client's stream (Cove only; pi: undefined). */
  streamMs?: number;
  /** Model requests made. */
  turns: number;
  /** Tools executed, in order. */
  tools: string[];
  /** Of those, the ones that returned an error result. */
  toolErrors: string[];
  /** How the run ended (Cove's run_end reason; pi: its last stop reason). */
  end: string;
  /** The final assistant text. */
  answer: string;
  /** The file as the run left it. */
  file: string | undefined;
}

/** A file tool as both agents call it. */
export interface BenchFileTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  approval: AgentTool['approval'];
  promptHint?: string;
  execute(args: Record<string, unknown>, context: FileToolContext): Promise<ToolResult>;
}

/** Cove's workspace file tools: the registry's tools that need only the files. */
export function fileTools(): BenchFileTool[] {
  return (
    builtinToolRegistry
      .offered({
        python: false,
        shell: false,
        web: false,
        preview: false,
        git: false,
        memory: false,
        knowledge: false,
      })
      // Not file tools: the plan, and attachments (the run has none).
      .filter(
        (tool) => tool.name !== 'todo_write' && tool.name !== 'read_attachment',
      ) as unknown as BenchFileTool[]
  );
}

/** Names of the 20 tools, in the order both agents offer them. */
export function toolNames(): string[] {
  return [...fileTools().map((tool) => tool.name), ...fakeToolSpecs().map((t) => t.name)];
}

/** Cove's static system prompt for the offered tools; pi gets the same text. */
export function systemPrompt(): string {
  return buildAgentStaticPrompt([...fileTools(), ...fakeToolSpecs()]);
}

/** A fake as a Cove tool; `calls` counts calls per name for the run. */
function coveFake(spec: FakeToolSpec, calls: Map<string, number>): AgentTool<FileToolContext> {
  return {
    name: spec.name,
    description: spec.description,
    parameters: spec.parameters,
    approval: spec.approval,
    async execute(args: never) {
      const call = calls.get(spec.name) ?? 0;
      calls.set(spec.name, call + 1);
      return spec.result(args, call);
    },
  };
}

/** Wraps a client so the time spent waiting for each of its events is added up. */
function timedClient(inner: ChatClient, now: () => number): ChatClient & { waitedMs: number } {
  const timed = {
    waitedMs: 0,
    stream(request: Parameters<ChatClient['stream']>[0]): AsyncIterable<LlmEvent> {
      const iterator = inner.stream(request)[Symbol.asyncIterator]();
      return {
        [Symbol.asyncIterator]: () => ({
          async next() {
            const start = now();
            try {
              return await iterator.next();
            } finally {
              timed.waitedMs += now() - start;
            }
          },
          async return(value?: unknown) {
            await iterator.return?.(value);
            return { done: true, value: undefined };
          },
        }),
      };
    },
  };
  return timed;
}

/**
 * One scripted run of Cove against the fake server at `baseURL` (the five replies must be
 * queued on it). `now` is a high-resolution clock for the measurement only.
 */
export async function runCove(baseURL: string, now: () => number): Promise<RunMeasurement> {
  const setup = await createMemoryFileToolContext();
  const calls = new Map<string, number>();
  const tools: AgentTool<FileToolContext>[] = [
    ...(fileTools() as unknown as AgentTool<FileToolContext>[]),
    ...fakeToolSpecs().map((spec) => coveFake(spec, calls)),
  ];
  const provider: ProviderConfig = {
    id: 'bench',
    name: 'Fake server',
    presetId: 'custom',
    baseURL,
    apiKey: 'bench-key',
    keyOrigin: new URL(baseURL).origin,
  };
  const client = timedClient(
    makeOpenAIChatClient({ fetch: globalThis.fetch.bind(globalThis), clock: systemClock }),
    now,
  );
  const messages = [...earlierConversation(), { role: 'user' as const, content: PROMPT }];
  const measured: RunMeasurement = {
    wallMs: 0,
    turns: 0,
    tools: [],
    toolErrors: [],
    end: 'none',
    answer: '',
    file: undefined,
  };
  const start = now();
  for await (const event of runAgent<FileToolContext>({
    client,
    provider,
    model: 'bench-model',
    tools,
    toolContext: { files: setup.files, reads: setup.context.reads },
    messages,
    policy: { mode: 'auto' },
    approve: async () => ({ type: 'approve' }),
    clock: systemClock,
  })) {
    if (event.type === 'tool_end') {
      measured.tools.push(event.toolName);
      if (event.isError) measured.toolErrors.push(event.toolName);
    } else if (event.type === 'message_end') {
      measured.answer = event.message.content;
    } else if (event.type === 'run_end') {
      measured.turns = event.turns;
      measured.end = event.reason;
      if (event.error) measured.end += `: ${event.error.message}`;
    }
  }
  measured.wallMs = now() - start;
  measured.streamMs = client.waitedMs;
  const file = await setup.files.find('stats.py');
  measured.file = typeof file?.content === 'string' ? file.content : undefined;
  return measured;
}
