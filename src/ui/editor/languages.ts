import type { Extension } from '@codemirror/state';
import { extensionOf } from '../../workspace/paths';

/** Language support per file extension, each loaded only when a file of it is opened. */
const loaders: Record<string, () => Promise<Extension>> = {
  py: () => import('@codemirror/lang-python').then((m) => m.python()),
  pyi: () => import('@codemirror/lang-python').then((m) => m.python()),
  js: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  mjs: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  cjs: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  jsx: () => import('@codemirror/lang-javascript').then((m) => m.javascript({ jsx: true })),
  ts: () => import('@codemirror/lang-javascript').then((m) => m.javascript({ typescript: true })),
  mts: () => import('@codemirror/lang-javascript').then((m) => m.javascript({ typescript: true })),
  tsx: () =>
    import('@codemirror/lang-javascript').then((m) =>
      m.javascript({ typescript: true, jsx: true }),
    ),
  json: () => import('@codemirror/lang-json').then((m) => m.json()),
  md: () => import('@codemirror/lang-markdown').then((m) => m.markdown()),
  markdown: () => import('@codemirror/lang-markdown').then((m) => m.markdown()),
  html: () => import('@codemirror/lang-html').then((m) => m.html()),
  htm: () => import('@codemirror/lang-html').then((m) => m.html()),
  css: () => import('@codemirror/lang-css').then((m) => m.css()),
};

/** Human name of the language used for a path, for the status line. */
export function languageName(path: string): string {
  const names: Record<string, string> = {
    py: 'Python',
    pyi: 'Python',
    js: 'JavaScript',
    mjs: 'JavaScript',
    cjs: 'JavaScript',
    jsx: 'JavaScript (JSX)',
    ts: 'TypeScript',
    mts: 'TypeScript',
    tsx: 'TypeScript (TSX)',
    json: 'JSON',
    md: 'Markdown',
    markdown: 'Markdown',
    html: 'HTML',
    htm: 'HTML',
    css: 'CSS',
  };
  return names[extensionOf(path)] ?? 'Plain text';
}

/** The language extension for a path, or undefined for plain text. */
export async function loadLanguage(path: string): Promise<Extension | undefined> {
  return loaders[extensionOf(path)]?.();
}
