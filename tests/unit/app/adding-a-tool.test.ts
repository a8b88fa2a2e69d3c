// Adding a tool is one module and one line in a registry: this test writes a tiny tool,
// registers it in a test registry next to the built-in ones, and checks that everything
// Cove does with a tool follows from the module alone. (The tool is not in the product.)
import { describe, expect, it } from 'vitest';
import { needsApproval } from '../../../src/agent/approval-policy';
import type { AgentTool } from '../../../src/agent/tool-catalog';
import { describeApproval } from '../../../src/app/agent-approval';
import { ToolCallViews } from '../../../src/app/agent-tool-calls';
import { toolCallState } from '../../../src/agent/tool-call-state';
import { createAgentToolboxes } from '../../../src/app/agent-toolbox';
import { createEditorService } from '../../../src/app/editor-service';
import { createNoticeService } from '../../../src/app/notice-service';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { ManualClock } from '../../../src/base/clock';
import { createMemoryStore } from '../../../src/store/memory-store';
import { stringArgument } from '../../../src/tools/call-summary';
import type { Tool, ToolContext } from '../../../src/tools/tool';
import {
  builtinToolRegistry,
  ToolRegistry,
  type RegisteredTool,
} from '../../../src/tools/tool-registry';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { approvals, calls, startRun, toolResults } from '../agent/support/agent-kit';

/** The new tool's module, whole. */
const shoutTool: Tool<{ text: string }, ToolContext> = {
  name: 'shout',
  description: 'Says the given text back in capital letters. A tool for tests of the registry.',
  parameters: {
    type: 'object',
    properties: { text: { type: 'string', description: 'What to shout.' } },
    required: ['text'],
    additionalProperties: false,
  },
  approval: 'code',
  promptHint: 'Use shout when the user wants something said loudly.',
  streamsOutput: true,
  summarize: (args) => (stringArgument(args, 'text') ?? '').toUpperCase(),
  async describeApproval(args) {
    return { title: `Shout “${args.text}”`, view: { kind: 'command', command: args.text } };
  },
  async execute(args, context) {
    context.update({ stream: 'stdout', text: args.text });
    return { content: args.text.toUpperCase() };
  },
};

/** …and its one line in a registry. */
const registry = new ToolRegistry([
  ...builtinToolRegistry.tools,
  shoutTool as unknown as RegisteredTool,
]);

async function toolboxes() {
  const store = createMemoryStore();
  const clock = new ManualClock(Date.UTC(2026, 11, 3));
  const workspaces = createWorkspaceService(
    new WorkspaceCatalog(store, clock),
    store.settings,
    store.changes,
  );
  await workspaces.start();
  const notices = createNoticeService(clock);
  const editor = createEditorService({ workspaces, settings: store.settings, notices, clock });
  return createAgentToolboxes({
    workspaces,
    editor,
    clock,
    registry: async () => registry as unknown as ToolRegistry,
  });
}

describe('a tool added to the registry', () => {
  it('is offered by the app’s toolbox and listed in Settings with its approval class', async () => {
    const boxes = await toolboxes();
    const toolbox = await boxes.toolbox('s1');
    expect(toolbox.tools.map((tool) => tool.name)).toContain('shout');
    expect(boxes.catalog().find((tool) => tool.name === 'shout')).toMatchObject({
      approval: 'code',
    });
  });

  it('is offered to the model with its prompt hint, asked about as code, and runs', async () => {
    const boxes = await toolboxes();
    const { tools, context } = await boxes.toolbox('s1');
    const answers = approvals({ type: 'approve' });
    const run = startRun([calls(['shout', { text: 'hi' }]), { text: 'Done.' }], {
      tools: tools as AgentTool[],
      toolContext: context,
      policy: { mode: 'auto-edit' },
      approve: answers.approve,
    });
    await run.done;
    const first = run.client.requests[0]!;
    expect(first.tools?.map((tool) => tool.name)).toContain('shout');
    expect(first.messages[0]!.content).toContain(
      '- Use shout when the user wants something said loudly.',
    );
    // Code asks in auto-edit, as run_python does; allowed in auto.
    expect(answers.asked.map((request) => [request.toolName, request.kind])).toEqual([
      ['shout', 'code'],
    ]);
    expect(needsApproval({ mode: 'auto' }, shoutTool)).toBe(false);
    expect(toolResults(run.client.requests[1]!.messages)['c0']).toBe('HI');
  });

  it('describes its chip and its approval request from its own module', async () => {
    const boxes = await toolboxes();
    const views = new ToolCallViews(boxes);
    const [chip] = views.show([
      toolCallState(
        { id: 'c1', name: 'shout', arguments: '{"text":"hi"}' },
        undefined,
        undefined,
        'pending',
      ),
    ]);
    // Showing a call loads the tools; the chip follows once they are there.
    await boxes.loadCatalog();
    expect(chip!.summary()).toBe('HI');
    expect(chip!.streamsOutput()).toBe(true);

    const card = await describeApproval(
      {
        callId: 'c1',
        toolName: 'shout',
        kind: 'code',
        args: { text: 'hi' },
        signal: new AbortController().signal,
      },
      boxes.tool('shout'),
      boxes.previewContext('s1'),
    );
    expect(card).toMatchObject({
      title: 'Shout “hi”',
      view: { kind: 'command', command: 'hi' },
      argumentsText: '{\n  "text": "hi"\n}',
    });
  });
});
