import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { argumentValidator } from '../../../src/agent/tool-arguments';
import { builtinTools } from '../../../src/tools/builtin-tools';

describe('builtinTools', () => {
  // Invariant 10: no side-effecting tool runs without approval or a rule.
  it('offers every built-in tool once, with the approval its effect needs', () => {
    const tools = builtinTools();
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
      'lint_python:read',
      'python_structure:read',
      'run_python:code',
      'bash:code',
      'fetch_url:network',
    ]);
  });

  it('leaves out the families the app cannot serve', () => {
    const names = builtinTools({ python: false, shell: false, web: false }).map((t) => t.name);
    expect(names).not.toContain('run_python');
    expect(names).not.toContain('bash');
    expect(names).not.toContain('fetch_url');
    expect(names).toContain('read_file');
  });

  it('gives each new tool a schema strict Ajv compiles and the loop validates', () => {
    const ajv = new Ajv({ strict: true });
    for (const tool of builtinTools()) {
      expect(tool.parameters.type, tool.name).toBe('object');
      expect(() => ajv.compile(tool.parameters), tool.name).not.toThrow();
      expect(tool.description.length, tool.name).toBeGreaterThan(40);
    }
    const byName = new Map(builtinTools().map((tool) => [tool.name, tool]));
    const check = (name: string, args: Record<string, unknown>) =>
      argumentValidator(byName.get(name)!.parameters)(args).ok;
    expect(check('run_python', { code: 'print(1)', timeout_seconds: 20 })).toBe(true);
    expect(check('run_python', { code: 'x', timeout_seconds: 1000 })).toBe(false);
    expect(check('bash', { command: 'ls' })).toBe(true);
    expect(check('bash', {})).toBe(false);
    expect(check('fetch_url', { url: 'https://example.com', start: 100 })).toBe(true);
    expect(check('fetch_url', { url: 'https://example.com', method: 'POST' })).toBe(false);
    expect(check('lint_python', { path: 'a.py' })).toBe(true);
    expect(check('python_structure', { path: 3 })).toBe(false);
  });
});
