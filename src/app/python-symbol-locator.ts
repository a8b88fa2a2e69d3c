import type { Clock } from '../base/clock';
import type { SymbolContext } from '../agent/chat-prompt';
import type { PythonRuntime } from '../runtime/python-runtime';
import type { SymbolLocator } from './chat-service';

/**
 * Python that finds a top-level or nested def/class by name with `ast` and prints JSON. With
 * a line (argv[3], 0 for none), the innermost definition of that name around the line wins:
 * a traceback's `in inner` at line 12 is the `inner` that holds line 12, not another
 * method of the same name.
 */
const FIND_SYMBOL = `
import ast, json, sys
source, name, line = sys.argv[1], sys.argv[2], int(sys.argv[3])
found = None
try:
    tree = ast.parse(source)
except SyntaxError:
    tree = None
if tree is not None:
    matches = [node for node in ast.walk(tree)
               if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
               and node.name == name]
    if line:
        around = [n for n in matches if n.lineno <= line <= n.end_lineno]
        matches = sorted(around, key=lambda n: -n.lineno)
    if matches:
        node = matches[0]
        start = min([node.lineno] + [d.lineno for d in node.decorator_list])
        found = {"kind": "class" if isinstance(node, ast.ClassDef) else "function",
                 "startLine": start, "endLine": node.end_lineno}
print(json.dumps(found))
`;

/**
 * Finds the function or class a person names, with Python's own parser in the runtime. Gives
 * up (the chat then sends the whole file) when Python is not ready within `waitMs`, so a
 * message never waits long for the interpreter to boot.
 */
export function createPythonSymbolLocator(
  runtime: PythonRuntime,
  clock: Clock,
  waitMs = 2000,
): SymbolLocator {
  return async (source, name, line) => {
    const run = runtime.run({
      code: FIND_SYMBOL,
      argv: [source, name, String(line ?? 0)],
      timeoutMs: 5000,
    });
    let cancel = () => {};
    const timer = new Promise<undefined>((resolve) => {
      cancel = clock.schedule(() => resolve(undefined), waitMs);
    });
    const result = await Promise.race([run, timer]).finally(() => cancel());
    if (!result || result.status !== 'ok') return undefined;
    try {
      const found = JSON.parse(result.stdout.trim()) as Omit<
        SymbolContext,
        'name' | 'source'
      > | null;
      if (!found) return undefined;
      const lines = source.split('\n').slice(found.startLine - 1, found.endLine);
      return { ...found, name, source: lines.join('\n') };
    } catch {
      return undefined;
    }
  };
}
