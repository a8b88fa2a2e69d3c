import type { AppServices } from '../../app/services';
import type { CodeBlockSource } from '../../render';
import type { Dialogs } from '../common/dialogs';

const EXTENSIONS: Record<string, string> = {
  python: 'py',
  javascript: 'js',
  typescript: 'ts',
  jsx: 'jsx',
  tsx: 'tsx',
  json: 'json',
  markdown: 'md',
  html: 'html',
  css: 'css',
  bash: 'sh',
  shell: 'sh',
  sh: 'sh',
};

/** A file name to offer for a code block: the one it names, or snippet.<extension>. */
export function suggestedName(source: CodeBlockSource): string {
  return source.filename ?? `snippet.${EXTENSIONS[source.lang] ?? (source.lang || 'txt')}`;
}

function button(label: string, text: string, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = 'code-action';
  element.textContent = text;
  element.setAttribute('aria-label', label);
  element.addEventListener('click', onClick);
  return element;
}

/**
 * Adds Copy, Save as file, Insert into the open file (and Run for Python, when a runner is
 * given) to a rendered code block. The code always comes from `source()`, never from HTML.
 */
export function wireCodeBlockActions(
  element: HTMLElement,
  source: () => CodeBlockSource | undefined,
  deps: {
    services: AppServices;
    dialogs: Dialogs;
    run?: (code: string, output: HTMLElement) => void;
  },
): void {
  const toolbar = element.querySelector<HTMLElement>('.cove-code-toolbar');
  if (!toolbar) return;
  const { services, dialogs } = deps;
  const lang = element.dataset.lang || 'code';
  const copy = button(`Copy ${lang} code`, 'Copy', () => {
    const code = source()?.code;
    if (code === undefined) return;
    navigator.clipboard.writeText(code).then(
      () => {
        copy.textContent = 'Copied';
        setTimeout(() => (copy.textContent = 'Copy'), 1500);
      },
      (error) => services.notices.error(error, 'Could not copy'),
    );
  });
  const save = button(`Save ${lang} code as a file`, 'Save as file…', () => {
    const code = source();
    if (!code) return;
    void dialogs.prompt({
      title: 'Save code as a file',
      label: 'Path in the workspace',
      initial: suggestedName(code),
      confirmLabel: 'Save',
      submit: async (path) => {
        await services.fileActions.createFile('', path);
        const files = services.workspaces.files();
        if (files) await files.write(path, code.code);
        await services.editor.openFile(path);
      },
    });
  });
  const insert = button(`Insert ${lang} code into the open file`, 'Insert', () => {
    const code = source()?.code;
    if (code === undefined) return;
    if (!services.editor.insertIntoActive(code)) {
      services.notices.show({
        kind: 'error',
        text: 'Open a text file in the editor first; the code goes where its cursor is.',
      });
    }
  });
  toolbar.append(copy, save, insert);
  if (deps.run && (element.dataset.lang === 'python' || element.dataset.lang === 'py')) {
    const output = document.createElement('div');
    output.className = 'code-run-output';
    const run = button('Run this Python code', 'Run', () => {
      const code = source();
      if (code) deps.run!(code.code, output);
    });
    run.classList.add('primary');
    toolbar.append(run);
    element.append(output);
  }
}
