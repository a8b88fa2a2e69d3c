/**
 * `pip install` for Cove's Python, mapped onto the package mechanism Python already has:
 * packages come from the configured Pyodide package index (the lock file lists what it
 * offers), fetched by the page under the sandbox's package-file policy and kept by the
 * service worker for offline use. Nothing reaches PyPI or any other host.
 *
 * Each run gets a fresh interpreter that loads the index packages its imports need, so an
 * install does not outlive its run; what it gives the person is the check that the package
 * exists, its download now (while online) and pip's familiar output. The install itself is
 * a Python run of {@link pipInstallCode}, so it streams, stops and fails like any run.
 */

/**
 * Time budget of an install, in milliseconds: the downloads happen while the run executes,
 * so a script's budget (30 s by default) could end a large one on a slow network.
 */
export const PIP_TIMEOUT_MS = 10 * 60 * 1000;

/** What a `pip …` command line asks for. */
export type PipRequest =
  { install: string[]; requirementFiles: string[] } | { print: string; exitCode: number };

/** Options of `pip install` that change nothing here, so they are accepted and ignored. */
const IGNORED_INSTALL_FLAGS = new Set([
  '-q',
  '--quiet',
  '-v',
  '--verbose',
  '-U',
  '--upgrade',
  '--user',
  '--no-cache-dir',
  '--no-deps',
  '--pre',
  '--force-reinstall',
  '--disable-pip-version-check',
]);

const USAGE = `Usage: pip install PACKAGE... | -r requirements.txt
Cove installs from Python's package index (Settings → Python); packages also load by themselves when a script imports them.
`;

/**
 * A requirement's project name without version, extras, markers or comments
 * (`numpy>=2 ; python_version>"3"` → `numpy`), or undefined for a line with none.
 */
export function requirementName(spec: string): string | undefined {
  const name = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(spec.replace(/#.*/, ''))?.[1];
  return name;
}

/** Reads `pip` arguments (after `pip` or `python -m pip`). Pure. */
export function parsePipArgs(argv: readonly string[]): PipRequest {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === 'help' || sub === '-h' || sub === '--help') {
    return { print: USAGE, exitCode: sub === undefined ? 1 : 0 };
  }
  if (sub === '--version' || sub === '-V') {
    return { print: "pip (Cove: installs from Pyodide's package index)\n", exitCode: 0 };
  }
  if (sub !== 'install') {
    return { print: `ERROR: pip ${sub} is not supported here.\n${USAGE}`, exitCode: 1 };
  }
  const install: string[] = [];
  const requirementFiles: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '-r' || arg === '--requirement') {
      const file = rest[++i];
      if (!file) return { print: `ERROR: ${arg} option requires 1 argument\n`, exitCode: 2 };
      requirementFiles.push(file);
    } else if (IGNORED_INSTALL_FLAGS.has(arg)) {
      continue;
    } else if (arg.startsWith('-')) {
      return { print: `ERROR: pip install ${arg} is not supported here.\n`, exitCode: 2 };
    } else {
      const name = requirementName(arg);
      if (!name) return { print: `ERROR: Invalid requirement: '${arg}'\n`, exitCode: 1 };
      install.push(name);
    }
  }
  if (!install.length && !requirementFiles.length) {
    return { print: 'ERROR: You must give at least one requirement to install\n', exitCode: 1 };
  }
  return { install, requirementFiles };
}

/** The names a requirements file lists, in order, skipping blanks, comments and options. */
export function requirementsOf(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !/^\s*-/.test(line))
    .map(requirementName)
    .filter((name): name is string => !!name);
}

/**
 * The Python program that installs `names`: it matches them against the lock file by
 * normalized name (PEP 503), has Pyodide load those it lists (its messages streamed as
 * pip prints them) and exits 1 when any is missing or failed to load.
 */
export function pipInstallCode(names: readonly string[]): string {
  return `import re, sys
import js, pyodide_js
from pyodide.ffi import create_proxy, to_js

def _canon(name):
    return re.sub(r"[-_.]+", "-", name).lower()

_wanted = ${JSON.stringify([...new Set(names)])}
_index = {_canon(name): name for name in js.Object.keys(pyodide_js.lockfile.packages)}
_found = [_index[_canon(n)] for n in _wanted if _canon(n) in _index]
_failed = False
for _name in _wanted:
    if _canon(_name) not in _index:
        _failed = True
        print(f"ERROR: No matching distribution found for {_name}: it is not in Python's package index (Settings → Python); Cove does not install from PyPI.", file=sys.stderr)
if _found:
    _out = create_proxy(lambda text: print(text, flush=True))
    _err = create_proxy(lambda text: print(text, file=sys.stderr, flush=True))
    try:
        _options = to_js({"messageCallback": _out, "errorCallback": _err}, dict_converter=js.Object.fromEntries)
        await pyodide_js.loadPackage(to_js(_found), _options)
    finally:
        _out.destroy()
        _err.destroy()
    _ok = [n for n in _found if js.Object.hasOwn(pyodide_js.loadedPackages, n)]
    for _name in _found:
        if _name not in _ok:
            _failed = True
            print(f"ERROR: Could not install {_name}.", file=sys.stderr)
    if _ok:
        print("Successfully installed " + " ".join(_ok))
        print("Each run starts a fresh Python that loads what its imports need, so import them in your scripts; the download is kept for offline use.")
sys.exit(1 if _failed else 0)
`;
}
