import type { LocaleService } from '../../app/locale-service';
import type { AppServices } from '../../app/services';
import { statusLine } from './RunResultView';

/**
 * Runs a reply's Python code block in the workspace and shows what it printed right under
 * the block (the output panel shows the same run in full).
 */
export function runCodeInto(
  services: AppServices,
  code: string,
  output: HTMLElement,
  words: Pick<LocaleService, 't' | 'formats'>,
): void {
  const { t } = words;
  if (services.runs.busy()) {
    services.notices.show({
      kind: 'error',
      text: t('runResult.busy'),
    });
    return;
  }
  output.textContent = '';
  output.setAttribute('role', 'log');
  output.setAttribute('aria-label', t('runResult.codeOutput'));
  const text = document.createElement('span');
  output.append(text);
  const status = document.createElement('p');
  status.className = 'code-run-status';
  status.textContent = t('runResult.running');
  output.append(status);
  services.runs
    .runCode(code, (chunk) => {
      const piece = document.createElement('span');
      piece.className = chunk.stream;
      piece.textContent = chunk.text;
      text.append(piece);
    })
    .then(
      (result) => {
        const error = result.exception
          ? ` ${result.exception.type}: ${result.exception.message}`
          : '';
        status.textContent = `${statusLine(result, words)}${error}`;
        status.classList.toggle('failed', result.status !== 'ok');
      },
      () => (status.textContent = t('runResult.couldNotRun')),
    );
}
