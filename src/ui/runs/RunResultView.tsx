import { rasterDataUrl } from '../../base/raster-image';
import { For, Show } from 'solid-js';
import type { RunView } from '../../app/run-service';
import type { AppServices } from '../../app/services';
import type { PackageFailure, RunResult } from '../../runtime/python-runtime';

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** One line saying how the run ended, in words a person acts on. */
export function statusLine(result: RunResult): string {
  switch (result.status) {
    case 'ok':
      return `Finished in ${seconds(result.duration)}.`;
    case 'error':
      if (result.exception?.phase === 'compile') return 'Not run: the code has a syntax error.';
      if (result.exception)
        return `Failed after ${seconds(result.duration)} with ${result.exception.type}.`;
      return result.exitCode !== undefined
        ? `Exited with code ${result.exitCode} after ${seconds(result.duration)}.`
        : (result.message ?? 'Failed.');
    case 'timeout':
      return result.message ?? `Stopped: it ran past its time limit (${seconds(result.duration)}).`;
    case 'killed':
      return result.message ?? `Stopped after ${seconds(result.duration)}.`;
    case 'crashed':
      return result.message ?? 'Python crashed and was restarted; your files are safe. Run again.';
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
        {statusLine(props.result)}
        <Show when={props.result.outputTruncated}>
          {' '}
          Output was cut at 1 MB ({props.result.droppedBytes.toLocaleString('en-US')} more bytes not
          shown).
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
                {error().file}, line {error().line}
                {error().column ? `, column ${error().column}` : ''}
              </button>
            </Show>
            <Show when={error().frames.length}>
              <ol class="run-frames" aria-label="Traceback">
                <For each={error().frames}>
                  {(frame) => (
                    <li>
                      <Show
                        when={frame.inWorkspace}
                        fallback={
                          <span class="frame-outside">
                            {frame.file}, line {frame.line}
                          </span>
                        }
                      >
                        <button
                          type="button"
                          class="frame-link"
                          onClick={() => void editor.reveal(frame.file, frame.line)}
                        >
                          {frame.file}, line {frame.line}
                        </button>
                      </Show>{' '}
                      in <code>{frame.name}</code>
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
            {(url, index) => <img src={url} alt={`Figure ${index() + 1}`} />}
          </For>
        </div>
      </Show>
      <Show when={changed.written.length || changed.deleted.length}>
        <p class="run-files">
          <Show when={changed.written.length}>Wrote {changed.written.join(', ')}. </Show>
          <Show when={changed.deleted.length}>Deleted {changed.deleted.join(', ')}.</Show>
        </p>
      </Show>
      <Show when={props.result.status !== 'ok' && props.result.status !== 'killed'}>
        <button type="button" class="button" onClick={() => props.onDebug()}>
          Debug with AI
        </button>
      </Show>
    </div>
  );
}
