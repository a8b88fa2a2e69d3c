import { describe, expect, it } from 'vitest';
import {
  buildAgentDynamicPrompt,
  buildAgentStaticPrompt,
  buildAgentSystemPrompt,
} from '../../../src/agent/agent-prompt';
import { builtinToolRegistry } from '../../../src/tools/tool-registry';

const ALL = builtinToolRegistry.tools.map((tool) => tool.name);
const offered = (...names: string[]) => names.map((name) => builtinToolRegistry.get(name)!);

describe('agent prompt', () => {
  it('names only the tools that are offered', () => {
    const prompt = buildAgentStaticPrompt(offered('read_file', 'run_python'));
    expect(prompt).toContain('read_file');
    // Each offered tool's own hint, in the order offered.
    expect(prompt).toContain(
      `- ${builtinToolRegistry.get('read_file')!.promptHint}\n- ${builtinToolRegistry.get('run_python')!.promptHint}`,
    );
    expect(prompt).toContain('run_python');
    for (const name of ALL.filter((n) => n !== 'read_file' && n !== 'run_python')) {
      expect(prompt).not.toContain(name);
    }
    expect(buildAgentStaticPrompt([])).toMatch(/No tools are available/);
  });

  it('keeps the static part identical for the same tools, so it can be cached', () => {
    expect(buildAgentStaticPrompt(offered(...ALL))).toBe(buildAgentStaticPrompt(offered(...ALL)));
  });

  it('puts the date, workspace tree, AGENTS.md, open file and selection in the dynamic part', () => {
    const dynamic = buildAgentDynamicPrompt({
      date: new Date('2026-12-03T12:00:00Z'),
      workspaceName: 'parser',
      treeSummary: 'parser.py\ntests/\n  test_parser.py',
      agentsMd: 'Use pytest. Never touch vendor/.',
      openFile: {
        path: 'parser.py',
        excerpt: 'def parse(text):\n    return text.split()',
        selection: { fromLine: 2, toLine: 2, text: '    return text.split()' },
      },
    });
    expect(dynamic).toContain('Today is 2026-12-03.');
    expect(dynamic).toContain('Workspace: parser');
    expect(dynamic).toContain('  test_parser.py');
    expect(dynamic).toContain('Never touch vendor/.');
    expect(dynamic).toContain('Open in the editor: parser.py');
    expect(dynamic).toContain('```python\ndef parse(text):');
    expect(dynamic).toContain('Selected, lines 2–2');
  });

  it('leaves out what the workspace does not have and fences text holding backticks safely', () => {
    const dynamic = buildAgentDynamicPrompt({
      date: new Date('2026-01-01T00:00:00Z'),
      agentsMd: 'Use ```python fences```.',
    });
    expect(dynamic).not.toContain('Open in the editor');
    expect(dynamic).not.toContain('Files:');
    expect(dynamic).toContain('````markdown\nUse ```python fences```.\n````');
    const whole = buildAgentSystemPrompt(offered('read_file'), {
      date: new Date('2026-01-01T00:00:00Z'),
    });
    expect(whole.indexOf('read_file')).toBeLessThan(whole.indexOf('Today is'));
  });
});
