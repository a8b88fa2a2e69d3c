import { parser } from '@lezer/python';
import type { SyntaxNode } from '@lezer/common';
import { lineLocator } from '../base/line-locator';
import type { SymbolContext } from './chat-prompt';

const DEFINITIONS = new Set(['FunctionDefinition', 'ClassDefinition']);

/**
 * The function or class named `name` in Python `source`, found with the Lezer Python parser
 * on the page. With a 1-based `line`, only a definition that holds that line counts, the
 * innermost first: a traceback's `in inner` at line 12 is the `inner` around line 12, not
 * another method of the same name. Decorators belong to the definition.
 *
 * Synchronous and independent of the interpreter: a chat message never waits for Python
 * to start, and never costs a run (each run gets a fresh interpreter).
 */
export function findPythonDefinition(
  source: string,
  name: string,
  line?: number,
): SymbolContext | undefined {
  const lineAt = lineLocator(source);
  let best: { node: SyntaxNode; startLine: number; endLine: number } | undefined;
  parser.parse(source).iterate({
    enter(ref) {
      if (!DEFINITIONS.has(ref.name)) return;
      const node = ref.node;
      const nameNode = node.getChild('VariableName');
      if (!nameNode || source.slice(nameNode.from, nameNode.to) !== name) return;
      const outer = node.parent?.name === 'DecoratedStatement' ? node.parent : node;
      const startLine = lineAt(outer.from);
      const endLine = lineAt(lastVisibleOffset(source, node.from, node.to));
      if (line !== undefined && line > 0) {
        if (line < startLine || line > endLine) return;
        // Deeper definitions come later in the walk: the innermost one around the line wins.
        best = { node, startLine, endLine };
      } else if (!best) {
        best = { node, startLine, endLine };
      }
    },
  });
  if (!best) return undefined;
  return {
    name,
    kind: best.node.name === 'ClassDefinition' ? 'class' : 'function',
    startLine: best.startLine,
    endLine: best.endLine,
    source: source
      .split('\n')
      .slice(best.startLine - 1, best.endLine)
      .join('\n'),
  };
}

/** The last offset in [from, to) that is not whitespace (a body ends after its newline). */
function lastVisibleOffset(source: string, from: number, to: number): number {
  let at = Math.min(to, source.length) - 1;
  while (at > from && /\s/.test(source[at]!)) at--;
  return at;
}
