import { createEffect, createSignal, onCleanup, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import { baseName } from '../../workspace/paths';
import { isPreviewable } from '../../workspace/preview/previewable';
import { IconButton } from '../common/icons';
import { useI18n } from '../common/i18n';
import { registerCommands } from '../command-palette/register-commands';
import { runCommands } from './run-commands';
import { OutputLog } from './OutputLog';
import { RunResultView } from './RunResultView';
import {
  runButtonTitle,
  runtimeStatusShort,
  runtimeStatusText,
  runtimeStatusTitle,
  startingElapsedText,
} from './runtime-status';
import './runs.css';

/** The output panel: run controls, what the program writes, and how the run ended. */
export function OutputPanel(props: { services: AppServices; onDebug: (message: string) => void }) {
  const { runs, editor, clock, notices } = props.services;
  const { t } = useI18n();
  const [showOptions, setShowOptions] = createSignal(false);
  const activePython = () => {
    const path = editor.activePath();
    return path?.endsWith('.py') ? path : undefined;
  };
  const activeHtml = () => {
    const path = editor.activePath();
    return path && isPreviewable(path) ? path : undefined;
  };

  // A syntax error found before running is marked where it is in the editor.
  createEffect(() => {
    const exception = runs.current()?.result()?.exception;
    if (exception?.phase === 'compile' && exception.file && exception.line) {
      void editor.markProblems(exception.file, [
        {
          line: exception.line,
          column: exception.column,
          endLine: exception.endLine,
          endColumn: exception.endColumn,
          message: `${exception.type}: ${exception.message}`,
        },
      ]);
    }
  });

  const copy = () => {
    const run = runs.current();
    if (!run) return;
    const text = run
      .output()
      .map((chunk) => chunk.text)
      .join('');
    navigator.clipboard.writeText(text).then(
      () => notices.show({ kind: 'success', text: 'Output copied.' }),
      (error: unknown) => notices.error(error, 'Could not copy the output'),
    );
  };

  // The toolbar's buttons by name, for the command palette.
  registerCommands(props.services.commands, runCommands({ runs, activePython, copy }));

  // While Python starts, the status counts seconds: a tick each second, only then.
  const [now, setNow] = createSignal(clock.now());
  createEffect(() => {
    if (runs.startingSince() === undefined) return;
    let cancel = clock.schedule(function tick() {
      setNow(clock.now());
      cancel = clock.schedule(tick, 1000);
    }, 1000);
    setNow(clock.now());
    onCleanup(() => cancel());
  });
  const elapsed = () => {
    const since = runs.startingSince();
    return since === undefined ? '' : startingElapsedText(now() - since);
  };
  const status = () => runtimeStatusText(runs.runtime());

  return (
    <div class="output-panel">
      <div class="panel-toolbar output-toolbar" role="toolbar" aria-label={t('output.controls')}>
        <span class="panel-title">{t('output.title')}</span>
        <Show
          when={runs.busy()}
          fallback={
            <>
              <Show when={activeHtml()}>
                {(path) => (
                  <button
                    type="button"
                    class="button primary"
                    title={t('output.previewTitle', baseName(path()))}
                    onClick={() => void props.services.preview.open(path())}
                  >
                    {t('output.openInPreview')}
                  </button>
                )}
              </Show>
              <button
                type="button"
                class="button primary run-button"
                disabled={!activePython()}
                aria-label={`▶ ${t('output.run')}${activePython() ? ` ${baseName(activePython()!)}` : ''}`}
                title={runButtonTitle(runs.runtime(), activePython() && baseName(activePython()!))}
                onClick={() => void runs.runFile()}
              >
                ▶ {t('output.run')}
                <span class="run-name">
                  {activePython() ? ` ${baseName(activePython()!)}` : ''}
                </span>
              </button>
              <button
                type="button"
                class="button"
                disabled={!activePython()}
                title={
                  activePython()
                    ? t('output.runSelectionTitle')
                    : t('output.openPythonForSelection')
                }
                aria-label={t('output.runSelection')}
                onClick={() => void runs.runSelection()}
              >
                <span class="wide-only">{t('output.runSelection')}</span>
                <span class="narrow-only">{t('output.selection')}</span>
              </button>
            </>
          }
        >
          <button type="button" class="button danger" onClick={() => runs.stop()}>
            {t('output.stop')}
          </button>
        </Show>
        <button
          type="button"
          class="button"
          aria-expanded={showOptions()}
          aria-controls="run-options"
          onClick={() => setShowOptions(!showOptions())}
        >
          {/* Its name stays "Arguments and input" when the panel shows only "Input". */}
          <span class="spoken-label">{t('output.argumentsAndInput')}</span>
          <span class="narrow-only" aria-hidden="true">
            {t('output.input')}
          </span>
        </button>
        <span
          class="runtime-status"
          aria-live="polite"
          title={runtimeStatusTitle(runs.runtime())}
          // For the benchmark: whether a second interpreter stands ready for after this run.
          data-spare={runs.runtime().spareReady ? 'ready' : 'none'}
        >
          <span class="status-long">{status()}</span>
          <span class="status-short" aria-hidden="true">
            {runtimeStatusShort(runs.runtime())}
          </span>
          {/* The count is seen, not announced every second. */}
          <Show when={elapsed()}>
            <span aria-hidden="true"> · {elapsed()}</span>
          </Show>
        </span>
        <button
          type="button"
          class="icon-button"
          aria-label={t('output.restart')}
          title={t('output.restartTitle')}
          onClick={() => void runs.restart()}
        >
          ↻
        </button>
        <IconButton label={t('output.copy')} icon="copy" onClick={copy} />
        <IconButton label={t('output.clear')} icon="trash" onClick={() => runs.clear()} />
      </div>
      <Show when={showOptions()}>
        <div id="run-options" class="run-options">
          <label>
            {t('output.arguments')}
            <input
              value={runs.argv()}
              placeholder={t('output.argumentsPlaceholder')}
              onInput={(event) => runs.setArgv(event.currentTarget.value)}
            />
          </label>
          <label>
            {t('output.stdin')}
            <textarea
              rows={3}
              value={runs.stdin()}
              placeholder={t('output.stdinPlaceholder')}
              onInput={(event) => runs.setStdin(event.currentTarget.value)}
            />
          </label>
        </div>
      </Show>
      <div class="output-scroll">
        <Show
          when={runs.current()}
          keyed
          fallback={
            <p class="empty-state">
              {!activePython()
                ? t('output.openPythonToRun')
                : runs.runtime().phase === 'starting'
                  ? t('output.starting')
                  : t('output.runToSee')}
            </p>
          }
        >
          {(run) => (
            <section class="run" aria-label={t('output.runOf', run.label)}>
              <p class="run-title">
                {run.label}
                <Show when={run.step()}>
                  <span class="run-step"> · {run.step()}</span>
                </Show>
                <Show when={run.phase() === 'running'}>
                  <span class="run-step"> · {t('output.running')}</span>
                </Show>
              </p>
              <div role="log" aria-label={t('output.programOutput')}>
                <OutputLog run={run} />
              </div>
              <Show when={run.result()} keyed>
                {(result) => (
                  <RunResultView
                    run={run}
                    result={result}
                    services={props.services}
                    onDebug={() => {
                      const message = runs.debugMessage();
                      if (message) props.onDebug(message);
                    }}
                  />
                )}
              </Show>
            </section>
          )}
        </Show>
      </div>
    </div>
  );
}
