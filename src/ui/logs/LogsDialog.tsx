import { createMemo, createSignal, createUniqueId, For, onMount, Show } from 'solid-js';
import type { AppLog } from '../../app/app-log';
import type { LogLevel } from '../../store/log-store';
import { useDialogs } from '../common/dialogs';
import { downloadBytes } from '../common/download';
import { formatTime } from '../traces/trace-format';
import { useI18n } from '../common/i18n';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enLogsUi } from '../../app/messages/en-panels-ui';
import '../traces/traces.css';
import './logs.css';

// The dialog's English comes with this chunk, not with the first load.
addEnglishArea('logs', enLogsUi);

type Filter = 'all' | LogLevel;

const FILTERS: readonly Filter[] = ['all', 'error', 'warn', 'info'];

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
  const { t, formats } = useI18n();
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
      title: t('logs.clearTitle'),
      message: t('logs.clearText'),
      confirmLabel: t('logs.clear'),
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
        <h2 id={titleId}>{t('logs.title')}</h2>
        <button type="button" class="button" onClick={() => props.onClose()}>
          {t('logs.close')}
        </button>
      </header>
      <div class="logs-bar">
        <label for={filterId}>{t('logs.level')}</label>
        <select
          id={filterId}
          value={filter()}
          onChange={(event) => setFilter(event.currentTarget.value as Filter)}
        >
          <For each={FILTERS}>
            {(option) => <option value={option}>{t(`logs.filters.${option}`)}</option>}
          </For>
        </select>
        <span class="logs-count" role="status">
          {t('logs.entries', formats(), shown().length)}
        </span>
        <span class="header-spacer" />
        <button type="button" class="button" onClick={exportLog}>
          {t('logs.export')}
        </button>
        <button
          type="button"
          class="button danger"
          disabled={!props.log.entries().length}
          onClick={() => void clear()}
        >
          {t('logs.clear')}
        </button>
      </div>
      <Show when={shown().length} fallback={<p class="trace-muted">{t('logs.empty')}</p>}>
        <div class="traces-table-wrap">
          <table class="traces-table logs-table" aria-label={t('logs.table')}>
            <thead>
              <tr>
                <th scope="col">{t('logs.time')}</th>
                <th scope="col">{t('logs.level')}</th>
                <th scope="col">{t('logs.source')}</th>
                <th scope="col">{t('logs.message')}</th>
              </tr>
            </thead>
            <tbody>
              <For each={shown()}>
                {(entry) => (
                  <tr class={`log-${entry.level}`}>
                    <td>{formatTime(entry.at, formats())}</td>
                    <td>
                      <span class={`log-level ${entry.level}`}>
                        {t(`logs.levels.${entry.level}`)}
                      </span>
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
