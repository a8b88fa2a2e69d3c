import { createEffect, createSignal, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import { baseName } from '../../workspace/paths';
import { IconButton } from '../common/icons';
import { OutputLog } from './OutputLog';
import { RunResultView } from './RunResultView';
import './runs.css';

const PHASE_TEXT: Record<string, string> = {
  stopped: 'Python is not started',
  starting: 'Python is starting…',
  ready: 'Python is ready',
  running: 'Python is running',
  stopping: 'Stopping…',
  failed: 'Python could not start',
};

/** The output panel: run controls, what the program writes, and how the run ended. */
export function OutputPanel(props: { services: AppServices; onDebug: (message: string) => void }) {
  const { runs, editor } = props.services;
  const [showOptions, setShowOptions] = createSignal(false);
  const activePython = () => {
    const path = editor.activePath();
    return path?.endsWith('.py') ? path : undefined;
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
    void navigator.clipboard.writeText(text);
  };

  const status = () => {
    const runtime = runs.runtime();
    if (runtime.phase === 'failed')
      return `${PHASE_TEXT.failed}: ${runtime.error ?? 'unknown error'}`;
    return PHASE_TEXT[runtime.phase] ?? runtime.phase;
  };

  return (
    <div class="output-panel">
      <div class="panel-toolbar output-toolbar" role="toolbar" aria-label="Run controls">
        <span class="panel-title">Output</span>
        <Show
          when={runs.busy()}
          fallback={
            <>
              <button
                type="button"
                class="button primary run-button"
                disabled={!activePython()}
                title="Run the open Python file (Ctrl/Cmd+Enter)"
                onClick={() => void runs.runFile()}
              >
                ▶ Run{activePython() ? ` ${baseName(activePython()!)}` : ''}
              </button>
              <button
                type="button"
                class="button"
                disabled={!activePython()}
                onClick={() => void runs.runSelection()}
              >
                Run selection
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
          Arguments and input
        </button>
        <span class="runtime-status" aria-live="polite">
          {status()}
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
        <IconButton label="Copy output" icon="download" onClick={copy} />
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
          fallback={<p class="empty-state">Run a Python file to see what it prints here.</p>}
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
