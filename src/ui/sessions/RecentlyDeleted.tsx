import { createSignal, For, onMount, Show } from 'solid-js';
import type { SessionListService } from '../../app/session-list-service';
import type { TrashEntry } from '../../store/trash-store';
import { useDialogs } from '../common/dialogs';

/** How an entry is named in its row, its buttons and the question before Delete now. */
function entryName(entry: TrashEntry): string {
  return entry.kind === 'session' ? entry.title : `Branch of "${entry.title}"`;
}

/** Short, for the row: "Dec 6, 3:09 AM". */
const when = (at: number) =>
  new Date(at).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
const day = (at: number) => new Date(at).toLocaleDateString(undefined, { dateStyle: 'long' });

/**
 * The workspace's recently deleted conversations and branches, under the conversations
 * list: a disclosure (closed at first, absent when there is nothing) with Restore and
 * Delete now per entry. Restoring opens what came back, so the list closes (`onRestored`).
 */
export function RecentlyDeleted(props: { sessions: SessionListService; onRestored: () => void }) {
  const dialogs = useDialogs();
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
      title: `Delete "${entryName(entry)}" for good?`,
      message:
        entry.kind === 'session'
          ? 'The conversation, its messages, traces and file checkpoints are deleted now and cannot be brought back.'
          : 'The messages of this branch are deleted now and cannot be brought back.',
      confirmLabel: 'Delete for good',
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
          <span aria-hidden="true">{open() ? '▾' : '▸'}</span> Recently deleted ({entries().length})
        </button>
        <Show when={open()}>
          <p class="recently-deleted-help">
            Kept for 30 days after their delete, then deleted for good.
          </p>
          <ul id="recently-deleted-list" class="sessions-list" aria-label="Recently deleted">
            <For each={entries()}>
              {(entry) => (
                <li class="deleted-row">
                  <div
                    class="deleted-text"
                    title={`${entryName(entry)}\nDeleted for good on ${day(props.sessions.expiresAt(entry))}`}
                  >
                    <span class="deleted-title">{entryName(entry)}</span>
                    <Show when={entry.first}>
                      <span class="deleted-first">{entry.first}</span>
                    </Show>
                    <span class="deleted-meta">
                      {entry.messages} {entry.messages === 1 ? 'message' : 'messages'} · deleted{' '}
                      {when(entry.deletedAt)}
                    </span>
                  </div>
                  <button
                    type="button"
                    class="button"
                    aria-label={`Restore ${entryName(entry)}`}
                    onClick={() => void restore(entry)}
                  >
                    Restore
                  </button>
                  <button
                    type="button"
                    class="button"
                    aria-label={`Delete ${entryName(entry)} now`}
                    onClick={() => void deleteNow(entry)}
                  >
                    Delete now
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
