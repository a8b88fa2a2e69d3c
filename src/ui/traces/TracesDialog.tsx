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
import { addEnglishArea } from '../../app/messages/english-areas';
import { enTracesUi } from '../../app/messages/en-traces-ui';
import { useI18n } from '../common/i18n';

// The dialog's English comes with this chunk, not with the first load.
addEnglishArea('traces', enTracesUi);

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
  const { t } = useI18n();
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
        <h2 id={titleId}>{t('traces.title')}</h2>
        <button type="button" class="button" onClick={() => props.onClose()}>
          {t('traces.close')}
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
  const i18n = useI18n();
  const { t, formats } = i18n;
  return (
    <Show when={props.runs.length} fallback={<p class="trace-muted">{t('traces.empty')}</p>}>
      <div class="traces-table-wrap">
        <table class="traces-table" aria-label={t('traces.table')}>
          <thead>
            <tr>
              <th scope="col">{t('traces.columns.started')}</th>
              <th scope="col">{t('traces.columns.session')}</th>
              <th scope="col">{t('traces.columns.model')}</th>
              <th scope="col">{t('traces.columns.status')}</th>
              <th scope="col">{t('traces.columns.steps')}</th>
              <th scope="col">{t('traces.columns.tokens')}</th>
              <th scope="col">{t('traces.columns.cost')}</th>
              <th scope="col">{t('traces.columns.duration')}</th>
            </tr>
          </thead>
          <tbody>
            <For each={props.runs}>
              {(run) => (
                <tr
                  aria-label={t('traces.runIn', run.sessionTitle || t('traces.anUntitledSession'))}
                >
                  <td>
                    <button
                      type="button"
                      class="link-button"
                      aria-label={t(
                        'traces.openRun',
                        formatTime(run.startedAt, formats()),
                        run.sessionTitle || t('traces.anUntitledSession'),
                      )}
                      onClick={() => props.onOpen(run.id)}
                    >
                      {formatTime(run.startedAt, formats())}
                    </button>
                  </td>
                  <td>{run.sessionTitle || t('traces.untitledSession')}</td>
                  <td title={run.model}>{modelLabel(run, props.providerName)}</td>
                  <td>
                    <span class={`trace-status ${run.status}`}>
                      {statusLabel(run.status, i18n)}
                    </span>
                  </td>
                  <td>{formats().number(run.steps)}</td>
                  <td>{formatTokens(run.usage, i18n)}</td>
                  <td>{formatCost(run.usage)}</td>
                  <td>{formatDuration(runDuration(run), formats())}</td>
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
  const i18n = useI18n();
  const { t, formats } = i18n;
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
      fallback={<p class="trace-muted">{trace.loading ? t('traces.loading') : t('traces.gone')}</p>}
    >
      {(current) => (
        <section class="trace-run" aria-label={t('traces.runDetail')}>
          <div class="trace-run-bar">
            <button type="button" class="button" onClick={() => props.onBack()}>
              {t('traces.allRuns')}
            </button>
            <span class="header-spacer" />
            <Show when={!props.replay}>
              <button
                type="button"
                class="button"
                disabled={!current().steps.length}
                onClick={() => props.onReplay(true)}
              >
                {t('traces.replay')}
              </button>
            </Show>
            <button type="button" class="button" onClick={() => exportRun(current())}>
              {t('traces.exportJson')}
            </button>
          </div>
          <dl class="trace-summary">
            <dt>{t('traces.columns.session')}</dt>
            <dd>{current().run.sessionTitle || t('traces.untitledSession')}</dd>
            <dt>{t('traces.columns.model')}</dt>
            <dd title={current().run.model}>{modelLabel(current().run, props.providerName)}</dd>
            <dt>{t('traces.columns.status')}</dt>
            <dd>
              <span class={`trace-status ${current().run.status}`}>
                {statusLabel(current().run.status, i18n)}
              </span>
              <Show when={current().run.error}>
                {(error) => <> — {describeError(error()).message}</>}
              </Show>
            </dd>
            <dt>{t('traces.columns.steps')}</dt>
            <dd>
              {t('traces.stepsAndTurns', formats(), current().run.steps, current().run.turns)}
            </dd>
            <dt>{t('traces.columns.tokens')}</dt>
            <dd>{formatTokens(current().run.usage, i18n)}</dd>
            <dt>{t('traces.columns.cost')}</dt>
            <dd>{formatCost(current().run.usage)}</dd>
            <dt>{t('traces.columns.duration')}</dt>
            <dd>{formatDuration(runDuration(current().run), formats())}</dd>
          </dl>
          <Show
            when={props.replay}
            fallback={
              <ol class="trace-timeline" aria-label={t('traces.steps')}>
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
  const { t, formats } = useI18n();
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
      aria-label={t('traces.replay')}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        else if (event.key === 'ArrowLeft') go(-1);
      }}
    >
      <div class="trace-replay-bar">
        <button type="button" class="button" disabled={index() === 0} onClick={() => go(-1)}>
          {t('traces.previousStep')}
        </button>
        <span class="trace-replay-position" role="status">
          {t('traces.position', formats(), index() + 1, frames.length, frame().tokensSoFar)}
        </span>
        <button
          type="button"
          class="button primary"
          disabled={index() === frames.length - 1}
          onClick={() => go(1)}
        >
          {t('traces.nextStep')}
        </button>
        <span class="header-spacer" />
        <button type="button" class="button" onClick={() => props.onExit()}>
          {t('traces.endReplay')}
        </button>
      </div>
      <p class="trace-muted">{t('traces.replayNote')}</p>
      <ol ref={list} class="trace-timeline replay" aria-label={t('traces.replayedSteps')}>
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
