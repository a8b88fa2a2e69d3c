import { ManualClock } from '../../../../src/base/clock';
import type { AgentEvent, RunEndEvent } from '../../../../src/agent/agent-events';
import { runAgent, type AgentRunOptions } from '../../../../src/agent/agent-loop';
import type { ApprovalDecision } from '../../../../src/agent/approval-policy';
import type { ApprovalRequest } from '../../../../src/agent/tool-batch';
import type { AgentTool } from '../../../../src/agent/tool-catalog';
import type { ChatMessage } from '../../../../src/llm/chat-message';
import {
  makeScriptedChatClient,
  type ScriptStep,
  type ScriptedChatClient,
  type ScriptedReply,
} from '../../../../src/llm/scripted-chat-client';
import type { ToolApprovalKind, ToolContext, ToolResult } from '../../../../src/tools/tool';
import type { Gate } from '../../../fakes/gate';

export const provider = {
  id: 'p',
  name: 'Scripted',
  presetId: 'custom' as const,
  baseURL: 'http://scripted.test',
};

/** A tool defined in a test: records its calls, may wait at a gate, returns `reply`. */
export interface FakeTool extends AgentTool {
  /** Arguments of each call, in the order the calls started. */
  readonly calls: Record<string, unknown>[];
  /** The signal each call received. */
  readonly signals: AbortSignal[];
}

/** Log shared by fake tools: "start:name" / "end:name" in the order they happened. */
export type ToolLog = string[];

export function fakeTool(
  name: string,
  options: {
    approval?: ToolApprovalKind;
    parameters?: Record<string, unknown>;
    reply?: (
      args: Record<string, unknown>,
      context: ToolContext,
    ) => ToolResult | Promise<ToolResult>;
    /** Held at this gate after starting (the gate of the nth call, from 0). */
    gates?: Gate[];
    log?: ToolLog;
  } = {},
): FakeTool {
  const calls: Record<string, unknown>[] = [];
  const signals: AbortSignal[] = [];
  return {
    name,
    description: `The ${name} tool of this test.`,
    parameters: options.parameters ?? {
      type: 'object',
      properties: { path: { type: 'string' } },
      required: ['path'],
      additionalProperties: false,
    },
    approval: options.approval ?? 'read',
    calls,
    signals,
    async execute(args: never, context: ToolContext): Promise<ToolResult> {
      const index = calls.length;
      calls.push(args);
      signals.push(context.signal);
      options.log?.push(`start:${name}`);
      const gate = options.gates?.[index];
      if (gate) await gate.wait();
      const result = options.reply ? await options.reply(args, context) : { content: `${name} ok` };
      options.log?.push(`end:${name}`);
      return result;
    },
  };
}

/** A reply calling tools, for scripts: `calls(['read', {path: 'a'}], ['write', {...}])`. */
export function calls(...list: [string, Record<string, unknown> | string][]): ScriptedReply {
  return {
    toolCalls: list.map(([name, args], index) => ({ id: `c${index}`, name, arguments: args })),
  };
}

export interface Harness {
  client: ScriptedChatClient;
  clock: ManualClock;
  events: AgentEvent[];
  /** Resolves with run_end after the run's last event. */
  done: Promise<RunEndEvent>;
  /** Resolves when an event of this type (matching `where`) has arrived. */
  next<T extends AgentEvent['type']>(
    type: T,
    where?: (event: Extract<AgentEvent, { type: T }>) => boolean,
  ): Promise<Extract<AgentEvent, { type: T }>>;
}

/**
 * Starts a run with a scripted model and collects its events. Defaults: policy auto,
 * approvals answered `approve`, no history but one user message.
 */
export function startRun(
  script: ScriptStep[],
  options: Partial<AgentRunOptions> & { tools?: AgentTool[] } = {},
): Harness {
  const client = makeScriptedChatClient(script);
  const clock = new ManualClock(1_000);
  const events: AgentEvent[] = [];
  const waiters: { test: (event: AgentEvent) => boolean; resolve: (event: AgentEvent) => void }[] =
    [];
  const run = runAgent({
    client,
    provider,
    model: 'scripted',
    tools: [],
    messages: [{ role: 'user', content: 'Fix the tests.' }],
    policy: { mode: 'auto' },
    approve: async (): Promise<ApprovalDecision> => ({ type: 'approve' }),
    clock,
    ...options,
  });
  const done = (async () => {
    for await (const event of run) {
      events.push(event);
      for (const waiter of [...waiters]) {
        if (waiter.test(event)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    }
    const end = events[events.length - 1];
    if (end?.type !== 'run_end') throw new Error(`the run ended with ${end?.type}`);
    return end;
  })();
  return {
    client,
    clock,
    events,
    done,
    next(type, where) {
      const test = (event: AgentEvent) => event.type === type && (!where || where(event as never));
      const seen = events.find(test);
      if (seen) return Promise.resolve(seen as never);
      return new Promise((resolve) => waiters.push({ test, resolve: resolve as never }));
    },
  };
}

/** The events of one type, in order. */
export function ofType<T extends AgentEvent['type']>(
  events: AgentEvent[],
  type: T,
): Extract<AgentEvent, { type: T }>[] {
  return events.filter((event) => event.type === type) as never;
}

/** The tool messages of a request, by call id. */
export function toolResults(messages: readonly ChatMessage[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const message of messages)
    if (message.role === 'tool') out[message.toolCallId] = message.content;
  return out;
}

/** Approval answers recorded and played from a list. */
export function approvals(...answers: ApprovalDecision[]): {
  approve: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  asked: ApprovalRequest[];
} {
  const asked: ApprovalRequest[] = [];
  return {
    asked,
    approve: async (request) => {
      asked.push(request);
      return answers.shift() ?? { type: 'approve' };
    },
  };
}
