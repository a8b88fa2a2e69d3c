// The peer's side of the agent benchmark: @mariozechner/pi-agent-core's Agent with
// @mariozechner/pi-ai's OpenAI-compatible provider pointed at the same fake server, offered
// the same 20 tools (same names, descriptions, schemas). Its file tools call Cove's own file
// tool implementations over an in-memory store, and its fakes return the same results, so
// tool work is identical on both sides and only the loops differ.
import { Agent, type AgentMessage, type AgentTool } from '@mariozechner/pi-agent-core';
import type { Model } from '@mariozechner/pi-ai';
import type { FileToolContext } from '../../../src/tools/files/file-tool-context';
import { createMemoryFileToolContext } from '../../../src/tools/files/memory-file-tool-context';
import type { ToolResult } from '../../../src/tools/tool';
import { FILE_PATH, PROMPT, earlierConversation, fakeToolSpecs } from './bench-scenario';
import { fileTools, systemPrompt, type RunMeasurement } from './cove-run';

type Parameters = AgentTool['parameters'];

/** A Cove-style result as pi expects it: pi's tools throw to report an error. */
function piResult(result: ToolResult) {
  if (result.isError) throw new Error(result.content);
  return { content: [{ type: 'text' as const, text: result.content }], details: {} };
}

function piModel(baseURL: string): Model<'openai-completions'> {
  return {
    id: 'bench-model',
    name: 'Fake server',
    api: 'openai-completions',
    provider: 'bench',
    baseUrl: baseURL,
    reasoning: false,
    input: ['text'],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 128_000,
    maxTokens: 8_192,
  };
}

/** The earlier conversation as pi messages (the same texts Cove sends). */
function piHistory(model: Model<'openai-completions'>): AgentMessage[] {
  const usage = {
    input: 0,
    output: 0,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 0,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  };
  return earlierConversation().map((message, index): AgentMessage => {
    const text = typeof message.content === 'string' ? message.content : '';
    return message.role === 'user'
      ? { role: 'user', content: text, timestamp: index }
      : {
          role: 'assistant',
          content: [{ type: 'text', text }],
          api: model.api,
          provider: model.provider,
          model: model.id,
          usage,
          stopReason: 'stop',
          timestamp: index,
        };
  });
}

/** One scripted run of pi-agent-core against the fake server at `baseURL`. */
export async function runPi(baseURL: string, now: () => number): Promise<RunMeasurement> {
  const setup = await createMemoryFileToolContext();
  const context: FileToolContext = setup.context;
  const calls = new Map<string, number>();
  const tools: AgentTool[] = [
    ...fileTools().map((tool): AgentTool => ({
      name: tool.name,
      label: tool.name,
      description: tool.description,
      parameters: tool.parameters as unknown as Parameters,
      // Cove runs its edits one after another too.
      executionMode: tool.approval === 'read' ? 'parallel' : 'sequential',
      execute: async (_id, params, signal) =>
        piResult(
          await tool.execute(params as Record<string, unknown>, {
            ...context,
            signal: signal ?? context.signal,
          }),
        ),
    })),
    ...fakeToolSpecs().map((spec): AgentTool => ({
      name: spec.name,
      label: spec.name,
      description: spec.description,
      parameters: spec.parameters as unknown as Parameters,
      execute: async (_id, params) => {
        const call = calls.get(spec.name) ?? 0;
        calls.set(spec.name, call + 1);
        return piResult(spec.result(params as Record<string, unknown>, call));
      },
    })),
  ];
  const model = piModel(baseURL);
  const agent = new Agent({
    initialState: { systemPrompt: systemPrompt(), model, tools, messages: piHistory(model) },
    getApiKey: () => 'bench-key',
  });
  const measured: RunMeasurement = {
    wallMs: 0,
    turns: 0,
    tools: [],
    toolErrors: [],
    end: 'none',
    answer: '',
    file: undefined,
  };
  agent.subscribe((event) => {
    if (event.type === 'tool_execution_end') {
      measured.tools.push(event.toolName);
      if (event.isError) measured.toolErrors.push(event.toolName);
    } else if (event.type === 'message_end' && event.message.role === 'assistant') {
      measured.turns++;
      const message = event.message;
      measured.end = message.stopReason + (message.errorMessage ? `: ${message.errorMessage}` : '');
      measured.answer = message.content
        .map((part) => (part.type === 'text' ? part.text : ''))
        .join('');
    }
  });
  const start = now();
  await agent.prompt(PROMPT);
  measured.wallMs = now() - start;
  const file = await setup.files.find(FILE_PATH);
  measured.file = typeof file?.content === 'string' ? file.content : undefined;
  return measured;
}
