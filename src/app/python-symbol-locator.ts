import type { SymbolContext } from '../agent/chat-prompt';
import type { PythonRuntime } from '../runtime/python-runtime';
import type { SymbolLocator } from './chat-service';

/** Python that finds a top-level or nested def/class by name with `ast` and prints JSON. */
const FIND_SYMBOL = `
import ast, json, sys
source, name = sys.argv[1], sys.argv[2]
found = None
try:
    tree = ast.parse(source)
except SyntaxError:
    tree = None
if tree is not None:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name:
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            found = {"kind": "class" if isinstance(node, ast.ClassDef) else "function",
                     "startLine": start, "endLine": node.end_lineno}
            break
print(json.dumps(found))
`;

/**
 * Finds the function or class a person names, with Python's own parser in the runtime. Gives
 * up (the chat then sends the whole file) when Python is not ready within `waitMs`, so a
 * message never waits long for the interpreter to boot.
 */
export function createPythonSymbolLocator(runtime: PythonRuntime, waitMs = 2000): SymbolLocator {
  return async (source, name) => {
    const run = runtime.run({ code: FIND_SYMBOL, argv: [source, name], timeoutMs: 5000 });
    const timer = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), waitMs));
    const result = await Promise.race([run, timer]);
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
