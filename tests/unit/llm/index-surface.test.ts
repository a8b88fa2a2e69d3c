import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const LLM = resolve(__dirname, '../../../src/llm');

/** Specifiers a module imports or re-exports at runtime (type-only ones are erased). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  const statement = /^(import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms;
  for (const match of source.matchAll(statement)) {
    if (!match[2]) specifiers.push(match[3]!);
  }
  return specifiers;
}

/** Every package a module reaches at runtime through relative imports, with the path there. */
function reachedPackages(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, path: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('.')) {
        visit(resolve(dirname(file), `${specifier}.ts`), [...path, specifier]);
      } else if (!packages.has(specifier)) {
        packages.set(specifier, path);
      }
    }
  };
  visit(entry, []);
  return packages;
}

describe('the llm index', () => {
  it('does not load the openai SDK: importing it keeps the SDK out of the first load', () => {
    const packages = reachedPackages(resolve(LLM, 'index.ts'));
    expect(packages.get('openai'), 'import path to the SDK').toBeUndefined();
  });

  it('the check sees the SDK where it is', () => {
    expect(reachedPackages(resolve(LLM, 'model-listing.ts')).has('openai')).toBe(true);
  });
});
