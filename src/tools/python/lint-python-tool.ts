import type { Tool } from '../tool';
import { pythonSource } from './python-source';
import type { PythonToolContext } from './python-tool-context';
import type { PythonToolDiagnostic } from './python-tool-linter';
import { outputBudget } from './tool-output';

export type LintPythonArgs = { path?: string; code?: string };

/** "main.py:3:1: F401 `os` imported but unused (fixable)" */
export function formatDiagnostic(path: string, diagnostic: PythonToolDiagnostic): string {
  const code = diagnostic.code ?? diagnostic.severity;
  const fix = diagnostic.fix ? ' (fixable)' : '';
  return `${path}:${diagnostic.line}:${diagnostic.column}: ${code} ${diagnostic.message}${fix}`;
}

/**
 * lint_python: Ruff's findings (syntax errors, undefined names, unused imports: the rules
 * of `ruff check`) for a workspace file or a piece of code, one line each with its
 * position, sorted by position and capped to the result budget.
 */
export const lintPythonTool: Tool<LintPythonArgs, PythonToolContext> = {
  name: 'lint_python',
  description:
    'Check Python with Ruff (syntax errors, undefined names, unused imports and variables) without running it. Pass `path` of a workspace .py file, or `code`. Use it after editing Python, before running it.',
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Workspace path of the .py file to check.' },
      code: { type: 'string', description: 'Python source to check instead of a file.' },
    },
    additionalProperties: false,
  },
  approval: 'read',
  needs: 'python',
  promptHint: 'Check Python for mistakes with lint_python after larger edits.',
  async execute(args, context) {
    const found = await pythonSource(args, context);
    if (!found.ok) return found.result;
    const { path, text } = found.source;
    const diagnostics = [...(await context.linter.lint(text, path))].sort(
      (a, b) => a.line - b.line || a.column - b.column,
    );
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    if (!diagnostics.length) {
      return { content: `${path}: no problems found.`, details: { path, diagnostics: [] } };
    }
    const budget = outputBudget(context);
    const lines: string[] = [];
    let used = 0;
    for (const diagnostic of diagnostics) {
      const line = formatDiagnostic(path, diagnostic);
      if (used + line.length + 1 > budget) break;
      lines.push(line);
      used += line.length + 1;
    }
    const total = diagnostics.length;
    const head = `${path}: ${total} problem${total === 1 ? '' : 's'}${errors ? ` (${errors} syntax error${errors === 1 ? '' : 's'}: the code cannot run)` : ''}.`;
    const rest = total - lines.length;
    const tail = rest ? [`… and ${rest} more not shown; fix these and check again.`] : [];
    return {
      content: [head, ...lines, ...tail].join('\n'),
      details: { path, diagnostics },
    };
  },
};
