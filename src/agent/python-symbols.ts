import { parser } from '@lezer/python';
import type { SyntaxNode } from '@lezer/common';
import { lineLocator } from '../base/line-locator';

/** A function, class or method defined in a Python file. */
export interface PythonSymbol {
  name: string;
  /** A `def` directly in a class body is a method; any other `def` (nested too) a function. */
  kind: 'function' | 'class' | 'method';
  /** 1-based line and column of the name (after `def`/`class`, not of a decorator). */
  line: number;
  column: number;
  /** The enclosing definitions' names joined by dots ("Shape", "Shape.area"); "" at top. */
  container: string;
}

/**
 * Every function, class and method defined in Python `source`, in source order, found with
 * the Lezer Python parser: synchronous, no interpreter, and tolerant of a file being typed
 * (a definition whose name is missing is skipped; the rest are still listed; after a bracket
 * left open the parser reads on inside it, so definitions below it are missed until it is
 * closed). Lambdas are not definitions and are not listed.
 */
export function listPythonSymbols(source: string): PythonSymbol[] {
  const lineAt = lineLocator(source);
  const symbols: PythonSymbol[] = [];
  parser.parse(source).iterate({
    enter(ref) {
      if (ref.name !== 'FunctionDefinition' && ref.name !== 'ClassDefinition') return;
      const node = ref.node;
      const nameNode = node.getChild('VariableName');
      if (!nameNode) return;
      const enclosing = enclosingDefinitions(node);
      const line = lineAt(nameNode.from);
      const lineStart = source.lastIndexOf('\n', nameNode.from - 1) + 1;
      symbols.push({
        name: source.slice(nameNode.from, nameNode.to),
        kind:
          ref.name === 'ClassDefinition'
            ? 'class'
            : enclosing[0]?.name === 'ClassDefinition'
              ? 'method'
              : 'function',
        line,
        column: nameNode.from - lineStart + 1,
        container: enclosing
          .map((outer) => nameOf(source, outer))
          .filter(Boolean)
          .reverse()
          .join('.'),
      });
    },
  });
  return symbols;
}

/** The definitions around `node`, innermost first. */
function enclosingDefinitions(node: SyntaxNode): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  for (let at = node.parent; at; at = at.parent) {
    if (at.name === 'FunctionDefinition' || at.name === 'ClassDefinition') found.push(at);
  }
  return found;
}

function nameOf(source: string, definition: SyntaxNode): string {
  const nameNode = definition.getChild('VariableName');
  return nameNode ? source.slice(nameNode.from, nameNode.to) : '';
}
