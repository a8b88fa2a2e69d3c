import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { argumentValidator } from '../../../src/agent/tool-arguments';
import { parseArguments, summarizeCall } from '../../../src/tools/call-summary';
import { builtinToolRegistry, ToolRegistry } from '../../../src/tools/tool-registry';

const tools = builtinToolRegistry.tools;
const summary = (name: string, args: Record<string, unknown>) =>
  summarizeCall(builtinToolRegistry.get(name), args);

describe('the built-in tool registry', () => {
  // Invariant 10: no side-effecting tool runs without approval or a rule.
  it('offers every built-in tool once, with the approval its effect needs', () => {
    expect(tools.map((tool) => `${tool.name}:${tool.approval}`)).toEqual([
      'list_files:read',
      'read_file:read',
      'search_files:read',
      'write_file:edit',
      'edit_file:edit',
      'delete_path:edit',
      'move_path:edit',
      'make_dir:edit',
      'todo_write:read',
      'memory_list:read',
      'memory_read:read',
      'memory_write:edit',
      'memory_delete:edit',
      'lint_python:read',
      'python_structure:read',
      'run_python:code',
      'bash:code',
      'fetch_url:network',
      'open_preview:code',
      'read_preview_console:read',
      'git_status:read',
      'git_diff:read',
      'git_log:read',
      'git_commit:edit',
      'read_attachment:read',
      'search_knowledge:read',
    ]);
  });

  it('leaves out the tools whose needs the page cannot serve', () => {
    const names = builtinToolRegistry
      .offered({
        python: false,
        shell: false,
        web: false,
        preview: false,
        git: false,
        memory: false,
        knowledge: false,
      })
      .map((t) => t.name);
    expect(names).not.toContain('search_knowledge');
    expect(names).not.toContain('open_preview');
    expect(names).not.toContain('git_status');
    expect(names).not.toContain('git_commit');
    expect(names).not.toContain('read_preview_console');
    expect(names).not.toContain('run_python');
    expect(names).not.toContain('lint_python');
    expect(names).not.toContain('bash');
    expect(names).not.toContain('fetch_url');
    expect(names).not.toContain('memory_write');
    expect(names).toContain('read_file');
    expect(names).toContain('todo_write');
    expect(builtinToolRegistry.offered({ web: false }).map((t) => t.name)).toContain('bash');
  });

  it('refuses two tools of one name', () => {
    expect(() => new ToolRegistry([tools[0]!, tools[0]!])).toThrow(
      /Two tools are named list_files/,
    );
  });

  it('gives each tool a schema strict Ajv compiles and the loop validates', () => {
    const ajv = new Ajv({ strict: true });
    for (const tool of tools) {
      expect(tool.parameters.type, tool.name).toBe('object');
      expect(() => ajv.compile(tool.parameters), tool.name).not.toThrow();
      expect(tool.description.length, tool.name).toBeGreaterThan(40);
    }
    const check = (name: string, args: Record<string, unknown>) =>
      argumentValidator(builtinToolRegistry.get(name)!.parameters)(args).ok;
    expect(check('run_python', { code: 'print(1)', timeout_seconds: 20 })).toBe(true);
    expect(check('run_python', { code: 'x', timeout_seconds: 1000 })).toBe(false);
    expect(check('bash', { command: 'ls' })).toBe(true);
    expect(check('bash', {})).toBe(false);
    expect(check('fetch_url', { url: 'https://example.com', start: 100 })).toBe(true);
    expect(check('fetch_url', { url: 'https://example.com', method: 'POST' })).toBe(false);
    expect(check('lint_python', { path: 'a.py' })).toBe(true);
    expect(check('python_structure', { path: 3 })).toBe(false);
  });

  it('has a prompt hint for each tool the model should be told how to use, naming only itself', () => {
    const hinted = tools.filter((tool) => tool.promptHint).map((tool) => tool.name);
    expect(hinted).toEqual([
      'list_files',
      'read_file',
      'search_files',
      'write_file',
      'edit_file',
      'todo_write',
      'memory_read',
      'memory_write',
      'lint_python',
      'python_structure',
      'run_python',
      'bash',
      'fetch_url',
      'open_preview',
      'git_status',
      'read_attachment',
      'search_knowledge',
    ]);
    for (const tool of tools) {
      for (const other of tools.filter((t) => t.name !== tool.name)) {
        expect(tool.promptHint ?? '', tool.name).not.toContain(other.name);
      }
    }
  });

  it('streams the output of the tools that run code', () => {
    expect(tools.filter((tool) => tool.streamsOutput).map((tool) => tool.name)).toEqual([
      'run_python',
      'bash',
    ]);
  });
});

describe('chip summaries', () => {
  it('say what the call is about: path, command, script, URL, pattern', () => {
    expect(summary('edit_file', { path: 'src/app.py', edits: [] })).toBe('src/app.py');
    expect(summary('bash', { command: '\nls -la\necho hi' })).toBe('ls -la');
    expect(summary('run_python', { path: 'main.py' })).toBe('main.py');
    expect(summary('run_python', { code: 'import sys\nprint(1)' })).toBe('import sys');
    expect(summary('fetch_url', { url: 'https://example.com/a' })).toBe('https://example.com/a');
    expect(summary('search_files', { pattern: 'def main' })).toBe('def main');
    expect(summary('move_path', { from: 'a.py', to: 'b.py' })).toBe('a.py → b.py');
    expect(summary('todo_write', { items: [{}, {}, {}] })).toBe('3 steps');
    expect(summary('list_files', {})).toBe('');
    expect(summary('bash', { command: `echo ${'x'.repeat(100)}` })).toHaveLength(60);
  });

  it('cope with arguments still streaming or of the wrong type, and with unknown tools', () => {
    for (const tool of tools) {
      expect(summarizeCall(tool, {}), tool.name).toBe('');
      expect(() => summarizeCall(tool, { path: 3, command: [], items: 'x' })).not.toThrow();
    }
    expect(summarizeCall(undefined, { path: 'notes.md' })).toBe('notes.md');
    const broken = { summarize: () => JSON.parse('{') as string };
    expect(summarizeCall(broken, { path: 'a' })).toBe('');
  });

  it('read the arguments as far as they parse', () => {
    expect(parseArguments('{"path":"a.p')).toEqual({});
    expect(parseArguments('[1]')).toEqual({});
    expect(parseArguments('{"path":"a.py"}')).toEqual({ path: 'a.py' });
  });

  it('say how to read the rest of a cut result where a tool can: reading a range, searching', () => {
    const ways = builtinToolRegistry.tools.flatMap((tool) =>
      tool.readsRest ? [[tool.name, tool.readsRest]] : [],
    );
    expect(ways).toEqual([
      ['read_file', 'call read_file with a line range'],
      ['search_files', 'search with search_files'],
    ]);
  });
});
