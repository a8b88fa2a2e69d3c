import { rasterDataUrl } from '../../base/raster-image';
import { For, Show } from 'solid-js';
import type { RunView } from '../../app/run-service';
import type { AppServices } from '../../app/services';
import type { PackageFailure, RunResult } from '../../runtime/python-runtime';
import type { LocaleService } from '../../app/locale-service';
import type { Formats } from '../../app/messages/formats';
import { useI18n } from '../common/i18n';

/** The words and formats of the language shown (useI18n()). */
type Words = Pick<LocaleService, 't' | 'formats'>;

function seconds(ms: number, formats: Formats): string {
  if (ms < 1000) return `${formats.number(Math.round(ms))} ms`;
  const digits = ms < 10_000 ? 2 : 1;
  const fixed = new Intl.NumberFormat(formats.locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${fixed.format(ms / 1000)} s`;
}

/** One line saying how the run ended, in words a person acts on. */
export function statusLine(result: RunResult, { t, formats }: Words): string {
  const duration = seconds(result.duration, formats());
  switch (result.status) {
    case 'ok':
      return t('runResult.finished', duration);
    case 'error':
      if (result.exception?.phase === 'compile') return t('runResult.syntaxError');
      if (result.exception) return t('runResult.failedWith', duration, result.exception.type);
      return result.exitCode !== undefined
        ? t('runResult.exited', String(result.exitCode), duration)
        : (result.message ?? t('runResult.failed'));
    case 'timeout':
      return result.message ?? t('runResult.timeout', duration);
    case 'killed':
      return result.message ?? t('runResult.killed', duration);
    case 'crashed':
      return result.message ?? t('runResult.crashed');
  }
}

/**
 * Package failures still to list under the run. The worker already adds the reason to a
 * "No module named 'numpy'" it explains, so listing that failure again would say the same
 * sentence twice; a failure the exception does not carry (the code caught its ImportError,
 * or failed with something else) is listed.
 */
export function unexplainedPackageFailures(result: RunResult): PackageFailure[] {
  const message = result.exception?.message ?? '';
  return result.packages.failed.filter((failure) => !message.includes(failure.message));
}

/** The end of a run: status, exception with links into the code, figures, files, packages. */
export function RunResultView(props: {
  run: RunView;
  result: RunResult;
  services: AppServices;
  onDebug: () => void;
}) {
  const { editor } = props.services;
  const i18n = useI18n();
  const { t, formats } = i18n;
  // data: URLs, never blob: ones: a blob: URL has Cove's origin and opens as a page; the
  // bytes came from the sandbox and must be the raster image they claim to be.
  const figureUrls = props.result.figures.flatMap((figure) => {
    const url = rasterDataUrl(figure.bytes, figure.mimeType);
    return url ? [url] : [];
  });
  const exception = props.result.exception;
  const changed = props.result.changedFiles;
  return (
    <div class="run-result" classList={{ failed: props.result.status !== 'ok' }}>
      <p class="run-status" role="status">
        {statusLine(props.result, i18n)}
        <Show when={props.result.outputTruncated}>
          {' '}
          {t('runResult.outputCut', formats(), props.result.droppedBytes)}
        </Show>
      </p>
      <Show when={props.result.status === 'error' && exception && props.result.message}>
        <p class="run-note">{props.result.message}</p>
      </Show>
      <Show when={exception}>
        {(error) => (
          <div class="run-exception">
            <p class="run-exception-message">
              <strong>{error().type}</strong>: {error().message}
            </p>
            <Show when={error().phase === 'compile' && error().file && error().line}>
              <button
                type="button"
                class="frame-link"
                onClick={() => void editor.reveal(error().file!, error().line!, error().column)}
              >
                {t('runResult.fileLine', error().file!, String(error().line))}
                {error().column ? t('runResult.column', String(error().column)) : ''}
              </button>
            </Show>
            <Show when={error().frames.length}>
              <ol class="run-frames" aria-label={t('runResult.traceback')}>
                <For each={error().frames}>
                  {(frame) => (
                    <li>
                      <Show
                        when={frame.inWorkspace}
                        fallback={
                          <span class="frame-outside">
                            {t('runResult.fileLine', frame.file, String(frame.line))}
                          </span>
                        }
                      >
                        <button
                          type="button"
                          class="frame-link"
                          onClick={() => void editor.reveal(frame.file, frame.line)}
                        >
                          {t('runResult.fileLine', frame.file, String(frame.line))}
                        </button>
                      </Show>{' '}
                      {t('runResult.inFunction')} <code>{frame.name}</code>
                      <Show when={frame.code}>
                        <pre class="frame-code">{frame.code}</pre>
                      </Show>
                    </li>
                  )}
                </For>
              </ol>
            </Show>
          </div>
        )}
      </Show>
      <Show when={unexplainedPackageFailures(props.result).length}>
        <ul class="run-notes">
          <For each={unexplainedPackageFailures(props.result)}>
            {(failure) => <li>{failure.message}</li>}
          </For>
        </ul>
      </Show>
      <Show when={figureUrls.length}>
        <div class="run-figures">
          <For each={figureUrls}>
            {(url, index) => (
              <img src={url} alt={t('runResult.figure', formats().number(index() + 1))} />
            )}
          </For>
        </div>
      </Show>
      <Show when={changed.written.length || changed.deleted.length}>
        <p class="run-files">
          <Show when={changed.written.length}>
            {t('runResult.wrote', changed.written.join(', '))}
          </Show>
          <Show when={changed.deleted.length}>
            {t('runResult.deleted', changed.deleted.join(', '))}
          </Show>
        </p>
      </Show>
      <Show when={props.result.status !== 'ok' && props.result.status !== 'killed'}>
        <button type="button" class="button" onClick={() => props.onDebug()}>
          {t('runResult.debug')}
        </button>
      </Show>
    </div>
  );
}
