/**
 * The module specifiers of a script: `import … from './x.js'`, `import './x.js'`,
 * `export … from './x.js'` and `import('./x.js')` with a literal. Found with patterns, not
 * a JavaScript parser, so text that only looks like an import (inside a string or a
 * comment) is found as well; the builder rewrites only relative specifiers of files that
 * exist, so such a false find changes a string nobody imports.
 */

/** One specifier: its text and where it stands (inside its quotes) in the source. */
export interface ModuleSpecifier {
  specifier: string;
  start: number;
  end: number;
}

const PATTERNS = [
  // import x from '…', import {a, b} from '…', import * as m from '…', export … from '…'
  /\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)(["'])([^"'\n]+)\1/g,
  // import '…' (for its effects)
  /\bimport\s*(["'])([^"'\n]+)\1/g,
  // import('…')
  /\bimport\s*\(\s*(["'])([^"'\n]+)\1\s*\)/g,
];

/** Every specifier of `source`, in order of position. */
export function findModuleSpecifiers(source: string): ModuleSpecifier[] {
  const found = new Map<number, ModuleSpecifier>();
  for (const pattern of PATTERNS) {
    for (const match of source.matchAll(pattern)) {
      const specifier = match[2]!;
      // The specifier is the last quoted text of the match.
      const end = match.index + match[0].lastIndexOf(match[1]!);
      const start = end - specifier.length;
      found.set(start, { specifier, start, end });
    }
  }
  return [...found.values()].sort((a, b) => a.start - b.start);
}

/** Whether a specifier names a file relative to the script (not a package or a URL). */
export function isRelativeSpecifier(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/');
}
