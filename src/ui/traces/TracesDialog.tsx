import {
  createEffect,
  createResource,
  createSignal,
  createUniqueId,
  For,
  Match,
  onCleanup,
  Show,
  Switch,
} from 'solid-js';
import { replayFrames } from '../../agent/run-recorder-replay';
import type { TraceService } from '../../app/trace-service';
import type { RunRecord, RunTrace } from '../../store/run-store';
import { downloadBytes } from '../common/download';
import { StepView } from './StepView';
import {
  formatCost,
  formatDuration,
  formatTime,
  formatTokens,
  modelLabel,
  runDuration,
  statusLabel,
} from './trace-format';
import './traces.css';
import { describeError } from '../../app/messages/describe-error';

type View = { kind: 'list' } | { kind: 'run'; id: string } | { kind: 'replay'; id: string };

/**
 * The Traces panel: every recorded agent run (newest first) with its session, model, status,
 * steps, tokens, cost and duration; a run's steps as a timeline; Export as JSON; Replay, a
 * read-only stepper over the recorded steps (no model request, no tool, no file write).
 */
export function TracesDialog(props: {
  traces: TraceService;
  /** A provider's name by id, for runs that did not record it. */
  providerName?: (providerId: string) => string | undefined;
  onClose: () => void;
}) {
  const titleId = createUniqueId();
  const [view, setView] = createSignal<View>({ kind: 'list' });
  const stop = props.traces.watch();
  onCleanup(stop);
  return (
    <dialog
      ref={(dialog) =>
        queueMicrotask(() => dialog.isConnected && !dialog.open && dialog.showModal())
      }
      class="modal traces-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      <header class="traces-head">
        <h2 id={titleId}>Traces</h2>
        <button type="button" class="button" onClick={() => props.onClose()}>
          Close
        </button>
      </header>
      <Switch>
        <Match when={view().kind === 'list'}>
          <RunList
            runs={props.traces.runs()}
            providerName={props.providerName}
            onOpen={(id) => setView({ kind: 'run', id })}
          />
        </Match>
        <Match when={view().kind !== 'list' && view()} keyed>
          {(current) => (
            <RunView
              traces={props.traces}
              providerName={props.providerName}
              id={(current as { id: string }).id}
              replay={current.kind === 'replay'}
              onBack={() => setView({ kind: 'list' })}
              onReplay={(on) =>
                setView({ kind: on ? 'replay' : 'run', id: (current as { id: string }).id })
              }
            />
          )}
        </Match>
      </Switch>
    </dialog>
  );
}

function RunList(props: {
  runs: readonly RunRecord[];
  providerName?: ((providerId: string) => string | undefined) | undefined;
  onOpen: (id: string) => void;
}) {
  return (
    <Show
      when={props.runs.length}
      fallback={
        <p class="trace-muted">
          No agent runs yet. Every run in Agent mode is recorded here, step by step.
        </p>
      }
    >
      <div class="traces-table-wrap">
        <table class="traces-table" aria-label="Agent runs">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Session</th>
              <th scope="col">Model</th>
              <th scope="col">Status</th>
              <th scope="col">Steps</th>
              <th scope="col">Tokens</th>
              <th scope="col">Cost</th>
              <th scope="col">Duration</th>
            </tr>
          </thead>
          <tbody>
            <For each={props.runs}>
              {(run) => (
                <tr aria-label={`Run in ${run.sessionTitle || 'an untitled session'}`}>
                  <td>
                    <button
                      type="button"
                      class="link-button"
                      aria-label={`Open the run of ${formatTime(run.startedAt)} in ${run.sessionTitle || 'an untitled session'}`}
                      onClick={() => props.onOpen(run.id)}
                    >
                      {formatTime(run.startedAt)}
                    </button>
                  </td>
                  <td>{run.sessionTitle || 'Untitled session'}</td>
                  <td title={run.model}>{modelLabel(run, props.providerName)}</td>
                  <td>
                    <span class={`trace-status ${run.status}`}>{statusLabel(run.status)}</span>
                  </td>
                  <td>{run.steps}</td>
                  <td>{formatTokens(run.usage)}</td>
                  <td>{formatCost(run.usage)}</td>
                  <td>{formatDuration(runDuration(run))}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </div>
    </Show>
  );
}

function RunView(props: {
  traces: TraceService;
  providerName?: ((providerId: string) => string | undefined) | undefined;
  id: string;
  replay: boolean;
  onBack: () => void;
  onReplay: (on: boolean) => void;
}) {
  // Read again after each write of a trace, so a running run's steps appear as they come.
  const [trace] = createResource(
    () => ({ id: props.id, saves: props.traces.saves() }),
    ({ id }) => props.traces.trace(id),
  );
  const exportRun = (current: RunTrace) => {
    const json = props.traces.exportJson(current);
    const stamp = new Date(current.run.startedAt).toISOString().replace(/[:.]/g, '-');
    downloadBytes(`cove-run-${stamp}.json`, new TextEncoder().encode(json), 'application/json');
  };
  return (
    <Show
      when={trace()}
      fallback={<p class="trace-muted">{trace.loading ? 'Loading…' : 'This run is gone.'}</p>}
    >
      {(current) => (
        <section class="trace-run" aria-label="Run detail">
          <div class="trace-run-bar">
            <button type="button" class="button" onClick={() => props.onBack()}>
              All runs
            </button>
            <span class="header-spacer" />
            <Show when={!props.replay}>
              <button
                type="button"
                class="button"
                disabled={!current().steps.length}
                onClick={() => props.onReplay(true)}
              >
                Replay
              </button>
            </Show>
            <button type="button" class="button" onClick={() => exportRun(current())}>
              Export JSON
            </button>
          </div>
          <dl class="trace-summary">
            <dt>Session</dt>
            <dd>{current().run.sessionTitle || 'Untitled session'}</dd>
            <dt>Model</dt>
            <dd title={current().run.model}>{modelLabel(current().run, props.providerName)}</dd>
            <dt>Status</dt>
            <dd>
              <span class={`trace-status ${current().run.status}`}>
                {statusLabel(current().run.status)}
              </span>
              <Show when={current().run.error}>
                {(error) => <> — {describeError(error()).message}</>}
              </Show>
            </dd>
            <dt>Steps</dt>
            <dd>
              {current().run.steps} ({current().run.turns} turns)
            </dd>
            <dt>Tokens</dt>
            <dd>{formatTokens(current().run.usage)}</dd>
            <dt>Cost</dt>
            <dd>{formatCost(current().run.usage)}</dd>
            <dt>Duration</dt>
            <dd>{formatDuration(runDuration(current().run))}</dd>
          </dl>
          <Show
            when={props.replay}
            fallback={
              <ol class="trace-timeline" aria-label="Steps">
                <For each={current().steps}>
                  {(step) => (
                    <li>
                      <StepView step={step} />
                    </li>
                  )}
                </For>
              </ol>
            }
          >
            <RunReplay trace={current()} onExit={() => props.onReplay(false)} />
          </Show>
        </section>
      )}
    </Show>
  );
}

/**
 * The replay: the recorded steps one at a time, each with what came before it, from the
 * trace alone. Previous and Next (or the arrow keys) move; nothing is sent or written.
 */
function RunReplay(props: { trace: RunTrace; onExit: () => void }) {
  const frames = replayFrames(props.trace);
  const [index, setIndex] = createSignal(0);
  const frame = () => frames[index()]!;
  const go = (delta: number) =>
    setIndex((i) => Math.min(frames.length - 1, Math.max(0, i + delta)));
  let list: HTMLOListElement | undefined;
  // The step just reached comes into view (long runs scroll).
  createEffect(() => {
    index();
    queueMicrotask(() => list?.querySelector('.current')?.scrollIntoView({ block: 'nearest' }));
  });
  return (
    <section
      class="trace-replay"
      aria-label="Replay"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        else if (event.key === 'ArrowLeft') go(-1);
      }}
    >
      <div class="trace-replay-bar">
        <button type="button" class="button" disabled={index() === 0} onClick={() => go(-1)}>
          Previous step
        </button>
        <span class="trace-replay-position" role="status">
          Step {index() + 1} of {frames.length} · {frame().tokensSoFar.toLocaleString('en-US')}{' '}
          tokens so far
        </span>
        <button
          type="button"
          class="button primary"
          disabled={index() === frames.length - 1}
          onClick={() => go(1)}
        >
          Next step
        </button>
        <span class="header-spacer" />
        <button type="button" class="button" onClick={() => props.onExit()}>
          End replay
        </button>
      </div>
      <p class="trace-muted">
        Replayed from the recorded results: nothing is sent and no file changes.
      </p>
      <ol ref={list} class="trace-timeline replay" aria-label="Replayed steps">
        <For each={frame().shown}>
          {(step) => (
            <li classList={{ current: step.seq === frame().step.seq }}>
              <StepView step={step} open={step.seq === frame().step.seq} />
            </li>
          )}
        </For>
      </ol>
    </section>
  );
}
