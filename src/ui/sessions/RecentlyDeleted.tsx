import { createSignal, For, onMount, Show } from 'solid-js';
import type { SessionListService } from '../../app/session-list-service';
import type { TrashEntry } from '../../store/trash-store';
import type { Formats } from '../../app/messages/formats';
import { useDialogs } from '../common/dialogs';
import { useI18n } from '../common/i18n';

/** Short, for the row, in the language shown: "Dec 6, 3:09 AM". */
const when = (at: number, formats: Formats) =>
  new Date(at).toLocaleString(formats.locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/**
 * The workspace's recently deleted conversations and branches, under the conversations
 * list: a disclosure (closed at first, absent when there is nothing) with Restore and
 * Delete now per entry. Restoring opens what came back, so the list closes (`onRestored`).
 */
export function RecentlyDeleted(props: { sessions: SessionListService; onRestored: () => void }) {
  const dialogs = useDialogs();
  const { t, formats } = useI18n();
  /** How an entry is named in its row, its buttons and the question before Delete now. */
  const entryName = (entry: TrashEntry) =>
    entry.kind === 'session' ? entry.title : t('sessions.branchOf', entry.title);
  const [open, setOpen] = createSignal(false);
  const entries = () => props.sessions.recentlyDeleted();
  // Another tab (or the Undo of a notice) may have changed it since the list was last read.
  onMount(() => void props.sessions.refreshRecentlyDeleted());

  const restore = async (entry: TrashEntry) => {
    // A refusal stays here with its notice; what came back is shown.
    if (await props.sessions.restoreDeleted(entry.id)) props.onRestored();
  };

  const deleteNow = async (entry: TrashEntry) => {
    const answer = await dialogs.confirm({
      title: t('sessions.deleteForGoodTitle', entryName(entry)),
      message:
        entry.kind === 'session'
          ? t('sessions.deleteSessionForGood')
          : t('sessions.deleteBranchForGood'),
      confirmLabel: t('sessions.deleteForGood'),
      danger: true,
    });
    if (answer === 'confirm') await props.sessions.deleteNow(entry.id);
  };

  return (
    <Show when={entries().length}>
      <div class="recently-deleted">
        <button
          type="button"
          class="recently-deleted-toggle"
          aria-expanded={open()}
          aria-controls="recently-deleted-list"
          onClick={() => setOpen(!open())}
        >
          <span aria-hidden="true">{open() ? '▾' : '▸'}</span>{' '}
          {t('sessions.recentlyDeletedCount', formats().number(entries().length))}
        </button>
        <Show when={open()}>
          <p class="recently-deleted-help">{t('sessions.keptFor')}</p>
          <ul
            id="recently-deleted-list"
            class="sessions-list"
            aria-label={t('sessions.recentlyDeleted')}
          >
            <For each={entries()}>
              {(entry) => (
                <li class="deleted-row">
                  <div
                    class="deleted-text"
                    title={`${entryName(entry)}\n${t('sessions.deletedForGoodOn', formats().date(props.sessions.expiresAt(entry)))}`}
                  >
                    <span class="deleted-title">{entryName(entry)}</span>
                    <Show when={entry.first}>
                      <span class="deleted-first">{entry.first}</span>
                    </Show>
                    <span class="deleted-meta">
                      {t(
                        'sessions.deletedMeta',
                        formats(),
                        entry.messages,
                        when(entry.deletedAt, formats()),
                      )}
                    </span>
                  </div>
                  <button
                    type="button"
                    class="button"
                    aria-label={t('sessions.restoreName', entryName(entry))}
                    onClick={() => void restore(entry)}
                  >
                    {t('sessions.restore')}
                  </button>
                  <button
                    type="button"
                    class="button"
                    aria-label={t('sessions.deleteNameNow', entryName(entry))}
                    onClick={() => void deleteNow(entry)}
                  >
                    {t('sessions.deleteNow')}
                  </button>
                </li>
              )}
            </For>
          </ul>
        </Show>
      </div>
    </Show>
  );
}
