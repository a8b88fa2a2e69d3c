import { describe, expect, it } from 'vitest';
import { createMemoryFileToolContext } from '../../../src/tools/files/memory-file-tool-context';
import { builtinToolRegistry } from '../../../src/tools/tool-registry';
import { approvals, calls, ofType, startRun, toolResults } from './support/agent-kit';

describe('runAgent with the workspace file tools', () => {
  it('reads a file, edits it after approval and answers; the file is right afterwards', async () => {
    const setup = await createMemoryFileToolContext({
      files: { 'calc.py': 'def add(a, b):\n    return a - b\n' },
    });
    const { signal: _signal, update: _update, ...toolContext } = setup.context;
    const answers = approvals({ type: 'approve' });
    const run = startRun(
      [
        calls(['read_file', { path: 'calc.py' }]),
        calls([
          'edit_file',
          { path: 'calc.py', edits: [{ old_text: 'return a - b', new_text: 'return a + b' }] },
        ]),
        { text: 'add() now adds.' },
      ],
      {
        // The registry's tools that need nothing but the workspace files.
        tools: builtinToolRegistry
          .offered({ python: false, shell: false, web: false, preview: false })
          .filter((tool) => tool.name !== 'todo_write'),
        toolContext,
        policy: { mode: 'ask' },
        approve: answers.approve,
      },
    );
    const end = await run.done;
    expect(end.reason).toBe('done');
    // Reading never asks; the edit asked once, with its arguments for the diff view.
    expect(answers.asked.map((r) => r.toolName)).toEqual(['edit_file']);
    expect(toolResults(run.client.requests[1]!.messages)['c0']).toContain('return a - b');
    expect(ofType(run.events, 'tool_end').map((e) => [e.toolName, e.outcome])).toEqual([
      ['read_file', 'ok'],
      ['edit_file', 'ok'],
    ]);
    const file = await setup.files.find('calc.py');
    expect(file?.content).toBe('def add(a, b):\n    return a + b\n');
    // The system prompt names the offered file tools and no others.
    const system = run.client.requests[0]!.messages[0]!.content as string;
    expect(system).toContain('edit_file');
    expect(system).not.toContain('run_python');
  });
});
