import { createEffect, createSignal, onCleanup, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import { baseName } from '../../workspace/paths';
import { isPreviewable } from '../../workspace/preview/previewable';
import { IconButton } from '../common/icons';
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
      <div class="panel-toolbar output-toolbar" role="toolbar" aria-label="Run controls">
        <span class="panel-title">Output</span>
        <Show
          when={runs.busy()}
          fallback={
            <>
              <Show when={activeHtml()}>
                {(path) => (
                  <button
                    type="button"
                    class="button primary"
                    title={`Show ${baseName(path())} with its CSS and scripts in the live preview`}
                    onClick={() => void props.services.preview.open(path())}
                  >
                    Open in preview
                  </button>
                )}
              </Show>
              <button
                type="button"
                class="button primary run-button"
                disabled={!activePython()}
                aria-label={`▶ Run${activePython() ? ` ${baseName(activePython()!)}` : ''}`}
                title={runButtonTitle(runs.runtime(), activePython() && baseName(activePython()!))}
                onClick={() => void runs.runFile()}
              >
                ▶ Run
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
                    ? 'Run the lines selected in the editor'
                    : 'Open a Python file (.py) to run a selection'
                }
                aria-label="Run selection"
                onClick={() => void runs.runSelection()}
              >
                <span class="wide-only">Run selection</span>
                <span class="narrow-only">Selection</span>
              </button>
            </>
          }
        >
          <button type="button" class="button danger" onClick={() => runs.stop()}>
            Stop
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
          <span class="spoken-label">Arguments and input</span>
          <span class="narrow-only" aria-hidden="true">
            Input
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
          aria-label="Restart Python"
          title="Restart Python (fresh interpreter)"
          onClick={() => void runs.restart()}
        >
          ↻
        </button>
        <IconButton label="Copy output" icon="copy" onClick={copy} />
        <IconButton label="Clear output" icon="trash" onClick={() => runs.clear()} />
      </div>
      <Show when={showOptions()}>
        <div id="run-options" class="run-options">
          <label>
            Arguments
            <input
              value={runs.argv()}
              placeholder='e.g. input.txt --verbose "two words"'
              onInput={(event) => runs.setArgv(event.currentTarget.value)}
            />
          </label>
          <label>
            Input for input()
            <textarea
              rows={3}
              value={runs.stdin()}
              placeholder="One answer per line"
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
                ? 'Open a Python file (.py) and press Run to see what it prints here.'
                : runs.runtime().phase === 'starting'
                  ? 'Python is starting. Press Run now and your file runs as soon as it is ready.'
                  : 'Run a Python file to see what it prints here.'}
            </p>
          }
        >
          {(run) => (
            <section class="run" aria-label={`Run of ${run.label}`}>
              <p class="run-title">
                {run.label}
                <Show when={run.step()}>
                  <span class="run-step"> · {run.step()}</span>
                </Show>
                <Show when={run.phase() === 'running'}>
                  <span class="run-step"> · running</span>
                </Show>
              </p>
              <div role="log" aria-label="Program output">
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
