/**
 * No words in JSX outside the catalog: a component shows text through useI18n's `t`, so
 * every language has it. Files not converted yet are listed below, by name: the list only
 * shrinks (a listed file that has become clean fails too, until it is taken off).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLiteralText } from './literal-text';

const ROOT = path.resolve(__dirname, '../../../..');

/** Components that stay in English, each with its reason (every other one takes its words from the catalog). */
const NOT_YET_CONVERTED = new Set<string>([
  // Stays English: shown when start failed, possibly before any catalog can load.
  'src/ui/shell/FatalScreen.tsx',
]);

function tsxFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return tsxFiles(relative);
    return entry.name.endsWith('.tsx') ? [relative] : [];
  });
}

const files = tsxFiles('src');
const literals = new Map(
  files.map((file) => [file, findLiteralText(file, readFileSync(path.join(ROOT, file), 'utf8'))]),
);

describe('words in JSX come from the catalog', () => {
  it('finds literal text, a literal aria-label, title or placeholder, and not names or symbols', () => {
    const found = findLiteralText(
      'x.tsx',
      `const a = <p title="Close it" aria-label={on ? 'Open' : 'Shut'}>Hello {name} · Cove <b>{'Bye'}</b></p>;
       const b = <i placeholder={t('x')} class="not-words">×</i>;
       const c = <input placeholder="https://github.com/owner/name.git" title="See https://x.org" />;`,
    );
    expect(found.map((hit) => hit.text)).toEqual([
      'Close it',
      'Open',
      'Shut',
      'Hello',
      'Bye',
      'See https://x.org',
    ]);
  });

  it('has no literal words outside the files not yet converted', () => {
    const offending = files
      .filter((file) => !NOT_YET_CONVERTED.has(file) && literals.get(file)!.length)
      .map((file) => `${file}:${literals.get(file)![0]!.line} “${literals.get(file)![0]!.text}”`);
    expect(offending).toEqual([]);
  });

  it('lists only files that still have literal words', () => {
    const clean = [...NOT_YET_CONVERTED].filter((file) => !literals.get(file)?.length);
    expect(clean).toEqual([]);
  });
});
