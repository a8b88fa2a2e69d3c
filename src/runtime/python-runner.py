"""Cove's run harness inside Pyodide, installed as the module ``_cove_runner``.

The worker (workers/python.worker.ts) calls, for each run: ``prepare`` (compile, report a
syntax error before anything runs), ``imports`` (what packages to load), ``begin`` (a clean
``__main__``, argv, stdin, streams, cwd), ``execute``, and ``finish`` (figures, restore).
Functions called from JavaScript return plain strings (JSON) so no proxies leak.

This module is imported before the memory snapshot is taken, so it holds no JavaScript
object at module level: the host object of a run arrives in ``begin`` and is dropped in
``finish``.
"""

import ast
import builtins
import gc
import importlib
import inspect
import io
import json
import linecache
import os
import signal
import sys
import traceback
import types
import warnings

WORKSPACE = "/workspace"
# Cove's own importable modules (the matplotlib backend), outside the workspace.
LIB_DIR = "/cove/lib"
# The name this module's code is compiled under; its frames are cut from tracebacks.
RUNNER_FILE = "<cove-runner>"
MPL_BACKEND = "module://_cove_mpl_backend"
# The client writes this signal number to ask for held output (see python-protocol.ts).
POKE_SIGNAL = signal.SIGUSR2
# Most files followed when looking for the imports of workspace modules.
MAX_SCANNED_FILES = 200
# Around the echo of a line input() read, inside stdout; the main thread cuts them out and
# shows the line as typed input. Keep in step with src/runtime/input-echo.ts.
_ECHO_START = "\x1b]cove;input\x07"
_ECHO_END = "\x1b]cove;end\x07"

# A run must never write __pycache__ folders into the workspace.
sys.dont_write_bytecode = True

_BASE_PATH = [LIB_DIR] + [p for p in sys.path if p]
_BASE_ENVIRON = dict(os.environ)
_BASE_WARNINGS = list(warnings.filters)

_prepared = None
_run = None


class _Run:
    def __init__(self, host, filename, code):
        self.host = host
        self.filename = filename
        self.code = code
        self.main = types.ModuleType("__main__")
        self.saved_main = sys.modules.get("__main__")
        self.saved_streams = (sys.stdin, sys.stdout, sys.stderr)
        self.saved_argv = list(sys.argv)


# ---------------------------------------------------------------- compile


def prepare(source, filename, first_line):
    """Compiles the code of the next run. Returns '' when it compiles, else the syntax
    error as JSON ({"outcome": "exception", "exception": {...}})."""
    global _prepared
    _prepared = None
    padded = "\n" * max(0, int(first_line) - 1) + source
    try:
        code = compile(
            padded,
            filename,
            "exec",
            flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT,
            dont_inherit=True,
        )
    except (SyntaxError, ValueError) as exc:
        return _result("exception", exception=_describe(exc, "compile"))
    linecache.cache[filename] = (len(padded), None, padded.splitlines(True), filename)
    _prepared = (filename, code)
    return ""


# ---------------------------------------------------------------- imports


def imports(source, filename):
    """The top-level modules the code imports, following workspace modules it imports.
    JSON {"imports": [names not in the workspace], "local": [workspace modules]}."""
    from pyodide.code import find_imports

    dirs = []
    if filename.startswith(WORKSPACE + "/"):
        dirs.append(os.path.dirname(filename))
    if WORKSPACE not in dirs:
        dirs.append(WORKSPACE)
    external, local, visited = set(), set(), set()
    queue = [source]
    while queue:
        try:
            names = find_imports(queue.pop())
        except Exception:
            continue
        for name in names:
            if name in external or name in local:
                continue
            found = _local_module(name, dirs)
            if found is None:
                external.add(name)
                continue
            local.add(name)
            for path in _module_files(found):
                if path in visited or len(visited) >= MAX_SCANNED_FILES:
                    continue
                visited.add(path)
                try:
                    with open(path, encoding="utf-8", errors="replace") as file:
                        queue.append(file.read())
                except OSError:
                    pass
    return json.dumps({"imports": sorted(external), "local": sorted(local)})


def _local_module(name, dirs):
    for folder in dirs:
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate + ".py"):
            return candidate + ".py"
        if os.path.isdir(candidate):
            return candidate
    return None


def _module_files(path):
    if os.path.isfile(path):
        return [path]
    files = []
    for folder, _dirs, names in os.walk(path):
        files.extend(os.path.join(folder, n) for n in sorted(names) if n.endswith(".py"))
        if len(files) >= MAX_SCANNED_FILES:
            break
    return files


# ---------------------------------------------------------------- run


def begin(host, argv_json, stdin_text, display_name):
    """Sets the stage for the prepared code: a fresh __main__, argv, stdin, unbuffered
    stdout and stderr (so both keep the order they were written in), the workspace as cwd
    and the script's folder first on sys.path. Workspace modules imported by an earlier
    run are forgotten so edits to them count."""
    global _run
    if _prepared is None:
        raise RuntimeError("nothing prepared")
    filename, code = _prepared
    run = _Run(host, filename, code)
    _forget_workspace_modules()
    importlib.invalidate_caches()
    os.environ.clear()
    os.environ.update(_BASE_ENVIRON)
    os.environ["MPLBACKEND"] = MPL_BACKEND
    _reset_warnings()
    os.chdir(WORKSPACE)
    inside = filename.startswith(WORKSPACE + "/")
    sys.path[:] = [os.path.dirname(filename) if inside else WORKSPACE] + _BASE_PATH
    sys.argv = [display_name] + [str(a) for a in json.loads(argv_json)]
    data = stdin_text.encode("utf-8", "surrogatepass")
    sys.stdout = _stream(1)
    sys.stderr = _stream(2)
    sys.stdin = _EchoingStdin(io.BytesIO(data), sys.stdout)
    run.main.__builtins__ = builtins
    if filename.startswith("/"):
        run.main.__file__ = filename
    sys.modules["__main__"] = run.main
    signal.signal(POKE_SIGNAL, _on_poke)
    _run = run
    return ""


def execute():
    """Runs the prepared code in the fresh __main__. Returns the outcome as JSON, or, for
    code with top-level await, a coroutine that returns it."""
    run = _run
    if run.code.co_flags & inspect.CO_COROUTINE:
        return _execute_async(run.code, run.main.__dict__)
    try:
        exec(run.code, run.main.__dict__)
    except BaseException as exc:
        _shield()
        return _failure(exc)
    _shield()
    return _result("ok")


async def _execute_async(code, namespace):
    try:
        await eval(code, namespace)
    except BaseException as exc:
        _shield()
        return _failure(exc)
    _shield()
    return _result("ok")


def _shield():
    # From here on the harness reports; a late interrupt must not break that.
    run = _run
    if run is not None and run.host is not None:
        run.host.shield()


def finish():
    """Hands over figures still open, restores the interpreter, frees the run's namespace.
    Returns ''. Safe to call when begin failed half-way."""
    global _run, _prepared
    run = _run
    if run is not None:
        try:
            capture_figures()
        except BaseException as exc:
            _note(f"Cove could not capture the figures: {exc!r}")
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BaseException:
                pass
        sys.stdin, sys.stdout, sys.stderr = run.saved_streams
        sys.argv = run.saved_argv
        if run.saved_main is not None:
            sys.modules["__main__"] = run.saved_main
        linecache.cache.pop(run.filename, None)
        run.main.__dict__.clear()
        run.host = None
    try:
        signal.signal(POKE_SIGNAL, signal.SIG_DFL)
    except (ValueError, OSError):
        pass
    _run = None
    _prepared = None
    # No gc.collect() here: clearing the namespace frees almost everything by reference
    # counting, and a full collection would cost every run milliseconds.
    return ""


def capture_figures():
    """Sends every open matplotlib figure to the host as PNG bytes and closes it. Called by
    the backend's show() and at the end of a run."""
    run = _run
    pyplot = sys.modules.get("matplotlib.pyplot")
    if run is None or run.host is None or pyplot is None:
        return
    from pyodide.ffi import to_js

    for number in list(pyplot.get_fignums()):
        try:
            figure = pyplot.figure(number)
            buffer = io.BytesIO()
            figure.savefig(buffer, format="png")
            run.host.figure(to_js(buffer.getvalue()))
        except Exception as exc:
            _note(f"Cove could not capture figure {number}: {exc!r}")
    pyplot.close("all")


def _on_poke(_signum, _frame):
    run = _run
    if run is not None and run.host is not None:
        run.host.flush()


class _RunStream(io.TextIOWrapper):
    """The run's stdout or stderr. ``flush()`` (and ``print(..., flush=True)``) also hands
    output the worker holds back to the page at once, as a terminal would show it."""

    def flush(self):
        super().flush()
        run = _run
        if run is not None and run.host is not None:
            run.host.flush()


def _stream(fd):
    # Unbuffered like `python -u`: each write reaches the worker at once, in order.
    return _RunStream(
        io.FileIO(fd, "w", closefd=False),
        encoding="utf-8",
        errors="backslashreplace",
        write_through=True,
    )


class _EchoingStdin(io.TextIOWrapper):
    """stdin over the run's input text that echoes each line read by ``readline`` (which
    ``input()`` uses) to the run's own stdout, as a terminal shows what was typed. Written
    to the stream made in ``begin``, not to ``sys.stdout``, so a program that redirects its
    output does not get the markers."""

    def __init__(self, raw, echo_to):
        super().__init__(raw, encoding="utf-8", errors="replace")
        self._echo_to = echo_to

    def readline(self, size=-1):
        line = super().readline(size)
        if line:
            try:
                shown = line if line.endswith("\n") else line + "\n"
                self._echo_to.write(_ECHO_START + shown + _ECHO_END)
            except Exception:
                pass
        return line


def _note(text):
    try:
        sys.stderr.write(text + "\n")
    except BaseException:
        pass


def _forget_workspace_modules():
    prefix = WORKSPACE + "/"
    for name, module in list(sys.modules.items()):
        try:
            origin = getattr(module, "__file__", None) or ""
            paths = list(getattr(module, "__path__", None) or [])
        except Exception:
            continue
        if origin.startswith(prefix) or any(str(p).startswith(prefix) for p in paths):
            del sys.modules[name]


def _reset_warnings():
    try:
        warnings.filters[:] = list(_BASE_WARNINGS)
        mutated = getattr(warnings, "_filters_mutated", None) or getattr(
            warnings, "_filters_mutated_lock_held", None
        )
        if mutated is not None:
            mutated()
    except Exception:
        pass


# ---------------------------------------------------------------- outcomes


def _result(outcome, exception=None, exit_code=None):
    data = {"outcome": outcome}
    if exception is not None:
        data["exception"] = exception
    if exit_code is not None:
        data["exitCode"] = exit_code
    return json.dumps(data)


def _failure(exc):
    try:
        if isinstance(exc, SystemExit):
            code = exc.code
            if code is None or code is False or code == 0:
                return _result("ok", exit_code=0)
            if isinstance(code, int):
                return _result("exception", _exit_exception(str(code)), exit_code=code)
            _note(str(code))
            return _result("exception", _exit_exception(str(code)), exit_code=1)
        kind = "interrupted" if isinstance(exc, KeyboardInterrupt) else "exception"
        return _result(kind, exception=_describe(exc, "run"))
    finally:
        exc.__traceback__ = None


def _exit_exception(message):
    return {
        "type": "SystemExit",
        "message": message,
        "traceback": "",
        "frames": [],
        "phase": "run",
    }


def _describe(exc, phase):
    te = traceback.TracebackException.from_exception(exc)
    _strip_runner_frames(te, set())
    info = {
        "type": _type_name(exc),
        "message": _message(exc),
        "traceback": "".join(te.format()),
        "frames": [_frame(f) for f in te.stack],
        "phase": phase,
    }
    if isinstance(exc, SyntaxError):
        info.update(_syntax_location(exc))
    return info


def _strip_runner_frames(te, seen):
    if te is None or id(te) in seen:
        return
    seen.add(id(te))
    te.stack = traceback.StackSummary.from_list(
        [f for f in te.stack if f.filename != RUNNER_FILE]
    )
    _strip_runner_frames(te.__cause__, seen)
    _strip_runner_frames(te.__context__, seen)
    for sub in getattr(te, "exceptions", None) or []:
        _strip_runner_frames(sub, seen)


def _type_name(exc):
    cls = type(exc)
    if cls.__module__ in ("builtins", "__main__"):
        return cls.__qualname__
    return f"{cls.__module__}.{cls.__qualname__}"


def _message(exc):
    if isinstance(exc, SyntaxError):
        return str(exc.msg)
    try:
        return str(exc)
    except Exception:
        return f"<{type(exc).__name__}: message could not be shown>"


def _workspace_path(filename):
    if filename and filename.startswith(WORKSPACE + "/"):
        return filename[len(WORKSPACE) + 1 :], True
    return filename or "", False


def _frame(summary):
    file, inside = _workspace_path(summary.filename)
    frame = {"file": file, "line": summary.lineno or 0, "name": summary.name, "inWorkspace": inside}
    if summary.line:
        frame["code"] = summary.line
    return frame


def _utf16_column(text, offset):
    # Python counts characters from 1; editors count UTF-16 code units.
    if not text or not offset or offset < 1:
        return offset or 1
    return len(text[: offset - 1].encode("utf-16-le", "surrogatepass")) // 2 + 1


def _syntax_location(exc):
    file, _inside = _workspace_path(exc.filename)
    line = exc.lineno or 1
    text = exc.text or linecache.getline(exc.filename or "", line)
    location = {"file": file, "line": line, "column": _utf16_column(text, exc.offset)}
    end_line = getattr(exc, "end_lineno", None)
    end_offset = getattr(exc, "end_offset", None)
    if end_line and end_offset:
        end_text = text if end_line == line else linecache.getline(exc.filename or "", end_line)
        location["endLine"] = end_line
        location["endColumn"] = _utf16_column(end_text, end_offset)
    return location


# ---------------------------------------------------------------- boot


WARM_MODULES = (
    # importlib.invalidate_caches(), which every run calls, imports importlib.metadata
    # (email, zipfile, csv…): ~400 ms in the first run after a snapshot without it.
    "importlib.metadata",
    "pyodide.code",
    "pyodide.ffi",
    "codeop",
    "tokenize",
    "collections",
    "dataclasses",
    "datetime",
    "functools",
    "itertools",
    "math",
    "pathlib",
    "random",
    "re",
    "string",
    "textwrap",
    "typing",
)


def warm_up():
    """Imports what most runs need, before the snapshot is taken, so runs do not pay for it."""
    for name in WARM_MODULES:
        try:
            importlib.import_module(name)
        except Exception:
            pass
    gc.collect()


def after_boot():
    """Per-boot state a snapshot must not share between visits: a fresh random seed."""
    import random

    random.seed()
    os.makedirs(WORKSPACE, exist_ok=True)
    return ""
