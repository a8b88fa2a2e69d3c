import { createMemo, createSignal, createUniqueId, For, onMount, Show } from 'solid-js';
import type { AppLog } from '../../app/app-log';
import type { LogLevel } from '../../store/log-store';
import { useDialogs } from '../common/dialogs';
import { downloadBytes } from '../common/download';
import { formatTime } from '../traces/trace-format';
import '../traces/traces.css';
import './logs.css';

type Filter = 'all' | LogLevel;

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All levels' },
  { value: 'error', label: 'Errors' },
  { value: 'warn', label: 'Warnings' },
  { value: 'info', label: 'Info' },
];

const LEVEL_LABEL: Record<LogLevel, string> = { error: 'Error', warn: 'Warning', info: 'Info' };

/**
 * The Logs panel: the app log's entries (newest first) with level, time, source and
 * message; a filter by level; Export (JSON, for a bug report: keys and authorization
 * headers are already redacted) and Clear.
 */
export function LogsDialog(props: {
  log: AppLog;
  /** Facts for the export's header (version, browser). */
  exportMeta?: () => Record<string, unknown>;
  onClose: () => void;
}) {
  const titleId = createUniqueId();
  const filterId = createUniqueId();
  const dialogs = useDialogs();
  const [filter, setFilter] = createSignal<Filter>('all');
  onMount(() => void props.log.load());
  const shown = createMemo(() =>
    props.log
      .entries()
      .filter((entry) => filter() === 'all' || entry.level === filter())
      .slice()
      .reverse(),
  );
  const exportLog = () => {
    const json = props.log.exportJson(props.exportMeta?.() ?? {});
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    downloadBytes(`cove-log-${stamp}.json`, new TextEncoder().encode(json), 'application/json');
  };
  const clear = async () => {
    const answer = await dialogs.confirm({
      title: 'Clear the log?',
      message: 'Every entry is removed, in every tab.',
      confirmLabel: 'Clear',
      danger: true,
    });
    if (answer === 'confirm') await props.log.clear();
  };
  return (
    <dialog
      ref={(dialog) =>
        queueMicrotask(() => dialog.isConnected && !dialog.open && dialog.showModal())
      }
      class="modal logs-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      <header class="traces-head">
        <h2 id={titleId}>Logs</h2>
        <button type="button" class="button" onClick={() => props.onClose()}>
          Close
        </button>
      </header>
      <div class="logs-bar">
        <label for={filterId}>Level</label>
        <select
          id={filterId}
          value={filter()}
          onChange={(event) => setFilter(event.currentTarget.value as Filter)}
        >
          <For each={FILTERS}>
            {(option) => <option value={option.value}>{option.label}</option>}
          </For>
        </select>
        <span class="logs-count" role="status">
          {shown().length} {shown().length === 1 ? 'entry' : 'entries'}
        </span>
        <span class="header-spacer" />
        <button type="button" class="button" onClick={exportLog}>
          Export
        </button>
        <button
          type="button"
          class="button danger"
          disabled={!props.log.entries().length}
          onClick={() => void clear()}
        >
          Clear
        </button>
      </div>
      <Show
        when={shown().length}
        fallback={
          <p class="trace-muted">
            No entries. Errors and warnings from every part of Cove appear here.
          </p>
        }
      >
        <div class="traces-table-wrap">
          <table class="traces-table logs-table" aria-label="Log entries">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Level</th>
                <th scope="col">Source</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              <For each={shown()}>
                {(entry) => (
                  <tr class={`log-${entry.level}`}>
                    <td>{formatTime(entry.at)}</td>
                    <td>
                      <span class={`log-level ${entry.level}`}>{LEVEL_LABEL[entry.level]}</span>
                    </td>
                    <td>{entry.source}</td>
                    <td class="log-message">
                      <Show when={entry.detail} fallback={entry.message}>
                        <details>
                          <summary>{entry.message}</summary>
                          <pre class="trace-text">{entry.detail}</pre>
                        </details>
                      </Show>
                    </td>
                  </tr>
                )}
              </For>
            </tbody>
          </table>
        </div>
      </Show>
    </dialog>
  );
}
