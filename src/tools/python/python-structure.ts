import { STRUCTURE_MARKER } from './python-structure-script';

/** A class or function of a Python file, from its `ast`. */
export interface PythonItem {
  kind: 'class' | 'function';
  name: string;
  /** `def f(a: int, *, b=1) -> str`, `class C(Base)`. */
  signature: string;
  /** 1-based first and last line. */
  line: number;
  endLine: number;
  decorators: string[];
  /** First line of its docstring. */
  doc: string | null;
  /** A class's methods and nested classes. */
  children: PythonItem[];
}

/** The outline python_structure reports, or the syntax error that kept it from parsing. */
export type PythonStructure =
  | { ok: true; imports: { line: number; text: string }[]; items: PythonItem[] }
  | { ok: false; error: { message: string; line: number | null; column: number | null } };

/**
 * The structure in the output of PYTHON_STRUCTURE_SCRIPT: the JSON after the last
 * marker line. Undefined when there is none or it does not parse (the script did not run
 * to its end).
 */
export function parseStructureOutput(stdout: string): PythonStructure | undefined {
  const at = stdout.lastIndexOf(STRUCTURE_MARKER);
  if (at < 0) return undefined;
  const line = stdout.slice(at + STRUCTURE_MARKER.length).split('\n', 1)[0]!;
  try {
    const value = JSON.parse(line) as PythonStructure;
    if (typeof value !== 'object' || value === null || typeof value.ok !== 'boolean') {
      return undefined;
    }
    return value;
  } catch {
    return undefined;
  }
}

/**
 * The outline as the model reads it: imports, then classes and functions indented by
 * nesting, each with its line range, decorators and docstring's first line.
 */
export function formatStructure(
  path: string,
  structure: Extract<PythonStructure, { ok: true }>,
): string {
  const lines: string[] = [];
  if (structure.imports.length) {
    lines.push('Imports:');
    for (const found of structure.imports) lines.push(`  ${found.line}: ${found.text}`);
  } else {
    lines.push('Imports: none');
  }
  if (structure.items.length) {
    lines.push('Classes and functions:');
    const walk = (items: PythonItem[], depth: number) => {
      for (const item of items) {
        const indent = '  '.repeat(depth + 1);
        for (const decorator of item.decorators) lines.push(`${indent}${decorator}`);
        const range = item.endLine > item.line ? `${item.line}-${item.endLine}` : `${item.line}`;
        const doc = item.doc ? `  # ${item.doc}` : '';
        lines.push(`${indent}${range}: ${item.signature}${doc}`);
        walk(item.children, depth + 1);
      }
    };
    walk(structure.items, 0);
  } else {
    lines.push('Classes and functions: none');
  }
  return `${path}\n${lines.join('\n')}`;
}
