/**
 * The Python that python_structure runs: reads `{"source": …, "path": …}` from stdin,
 * parses it with `ast` (never runs it) and prints one line: STRUCTURE_MARKER followed by
 * JSON, either `{"ok": true, "imports": [...], "items": [...]}` or
 * `{"ok": false, "error": {"message", "line", "column"}}` for a syntax error. Items are
 * classes and functions (`kind`, `name`, `signature`, `line`, `endLine`, `decorators`,
 * `doc` (first docstring line), `children` (a class's methods and nested classes)).
 * A string constant rather than a .py asset so the tools layer needs no bundler import.
 */
export const STRUCTURE_MARKER = '\u001eCOVE-STRUCTURE ';

export const PYTHON_STRUCTURE_SCRIPT = String.raw`
import ast, json, sys

def _text(node):
    try:
        return ast.unparse(node)
    except Exception:
        return "..."

def _doc(node):
    doc = ast.get_docstring(node)
    return doc.strip().splitlines()[0] if doc and doc.strip() else None

def _item(node):
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        prefix = "async def " if isinstance(node, ast.AsyncFunctionDef) else "def "
        returns = " -> " + _text(node.returns) if node.returns else ""
        signature = prefix + node.name + "(" + _text(node.args) + ")" + returns
        kind, children = "function", []
    elif isinstance(node, ast.ClassDef):
        bases = [_text(b) for b in node.bases] + [_text(k) for k in node.keywords]
        signature = "class " + node.name + ("(" + ", ".join(bases) + ")" if bases else "")
        kind, children = "class", _items(node.body)
    else:
        return None
    return {
        "kind": kind,
        "name": node.name,
        "signature": signature,
        "line": node.lineno,
        "endLine": node.end_lineno,
        "decorators": ["@" + _text(d) for d in node.decorator_list],
        "doc": _doc(node),
        "children": children,
    }

def _items(body):
    return [item for item in (_item(node) for node in body) if item]

def _imports(tree):
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append({"line": node.lineno, "text": _text(node)})
    return sorted(found, key=lambda i: i["line"])

def _main():
    request = json.loads(sys.stdin.read())
    try:
        tree = ast.parse(request["source"], filename=request["path"])
    except SyntaxError as error:
        return {"ok": False, "error": {"message": str(error.msg), "line": error.lineno, "column": error.offset}}
    return {"ok": True, "imports": _imports(tree), "items": _items(tree.body)}

print("\x1eCOVE-STRUCTURE " + json.dumps(_main()))
`;
