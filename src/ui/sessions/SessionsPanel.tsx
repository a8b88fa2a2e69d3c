import { createSignal, For, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import type { SessionMode, SessionRecord } from '../../store/records';
import { useDialogs } from '../common/dialogs';
import { Icon } from '../common/icons';
import { Menu } from '../common/Menu';
import { RecentlyDeleted } from './RecentlyDeleted';
import { importSessionFile, downloadSession } from './session-files';
import { SessionIcon } from './session-icons';
import './sessions.css';

/**
 * The workspace's conversations as a person uses them every day: a search over titles and
 * messages, starred ones first, the rest by last activity grouped by day, and per
 * conversation its mode, star, rename and more (duplicate, export, delete with Undo), and
 * below them what was deleted in the last 30 days, to restore or delete for good.
 */
export function SessionsPanel(props: {
  services: AppServices;
  /** Starts an empty conversation in `mode`. */
  onNew: (mode: SessionMode) => void;
  /** The panel should close: a conversation was opened, or Escape (`returnFocus`). */
  onClose: (returnFocus?: boolean) => void;
}) {
  const { chat, sessions } = props.services;
  const dialogs = useDialogs();
  const [menu, setMenu] = createSignal<{
    session: SessionRecord;
    x: number;
    y: number;
    button: HTMLElement;
  }>();

  const open = (id: string) => {
    void chat.openSession(id);
    props.onClose();
  };

  const rename = (session: SessionRecord) =>
    void dialogs.prompt({
      title: 'Rename conversation',
      label: 'Title',
      initial: session.title,
      confirmLabel: 'Rename',
      submit: (title) => chat.renameSession(session.id, title),
    });

  const remove = async (session: SessionRecord) => {
    const answer = await dialogs.confirm({
      title: `Delete "${session.title}"?`,
      message:
        'The conversation and all its messages, every branch included, will be deleted. Undo brings it back whole, and so does Restore under Recently deleted for 30 days.',
      confirmLabel: 'Delete conversation',
      danger: true,
    });
    if (answer === 'confirm') await sessions.remove(session.id);
  };

  const total = () => chat.sessions().length;
  const shown = () => sessions.groups().reduce((n, group) => n + group.sessions.length, 0);

  return (
    <section
      class="sessions-panel"
      aria-label="Conversations"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !menu()) {
          event.stopPropagation();
          props.onClose(true);
        }
      }}
    >
      <div class="sessions-toolbar">
        <input
          type="search"
          class="sessions-search"
          aria-label="Search conversations"
          placeholder="Search titles and messages"
          value={sessions.query()}
          ref={(element) => queueMicrotask(() => element.focus())}
          onInput={(event) => sessions.setQuery(event.currentTarget.value)}
        />
        <button type="button" class="button" onClick={() => props.onNew('chat')}>
          New chat
        </button>
        <button type="button" class="button" onClick={() => props.onNew('agent')}>
          New agent session
        </button>
        <button type="button" class="button" onClick={() => void importSessionFile(props.services)}>
          Import…
        </button>
      </div>
      <p class="sessions-status" role="status">
        {sessions.searching()
          ? 'Searching…'
          : sessions.query().trim()
            ? `${shown()} of ${total()} conversations match`
            : total()
              ? ''
              : 'No conversations in this workspace yet.'}
      </p>
      <div class="sessions-groups">
        <For each={sessions.groups()}>
          {(group) => (
            <div class="sessions-group">
              <h3 class="sessions-day">{group.label}</h3>
              <ul class="sessions-list" aria-label={group.label}>
                <For each={group.sessions}>
                  {(session) => {
                    const current = () => chat.activeSession()?.id === session.id;
                    return (
                      <li class="session-row" classList={{ current: current() }}>
                        <button
                          type="button"
                          class="session-open"
                          aria-current={current() ? 'true' : undefined}
                          title={session.title}
                          onClick={() => open(session.id)}
                        >
                          {session.title}
                        </button>
                        <span
                          class="session-mode"
                          classList={{ agent: session.mode === 'agent' }}
                          title={session.mode === 'agent' ? 'Agent session' : 'Chat session'}
                        >
                          {session.mode === 'agent' ? 'Agent' : 'Chat'}
                        </span>
                        <button
                          type="button"
                          class="icon-button session-star"
                          classList={{ starred: session.starred }}
                          aria-label="Star"
                          aria-pressed={session.starred}
                          title={session.starred ? 'Unstar' : 'Star (keeps it on top)'}
                          onClick={() => void sessions.star(session.id, !session.starred)}
                        >
                          <SessionIcon name="star" filled={session.starred} />
                        </button>
                        <button
                          type="button"
                          class="icon-button"
                          aria-label="Rename"
                          title="Rename"
                          onClick={() => rename(session)}
                        >
                          <Icon name="edit" />
                        </button>
                        <button
                          type="button"
                          class="icon-button"
                          aria-label="More actions"
                          aria-haspopup="menu"
                          title="Duplicate, export, delete"
                          onClick={(event) => {
                            const rect = event.currentTarget.getBoundingClientRect();
                            setMenu({
                              session,
                              x: rect.left,
                              y: rect.bottom + 2,
                              button: event.currentTarget,
                            });
                          }}
                        >
                          <Icon name="more" />
                        </button>
                      </li>
                    );
                  }}
                </For>
              </ul>
            </div>
          )}
        </For>
        <RecentlyDeleted sessions={sessions} onRestored={() => props.onClose()} />
      </div>
      <Show when={menu()} keyed>
        {(at) => {
          // Captured now: the menu closes (and `menu()` empties) before an item runs.
          const session = at.session;
          return (
            <Menu
              label={`Actions for ${session.title}`}
              x={at.x}
              y={at.y}
              returnFocus={at.button}
              onClose={() => setMenu(undefined)}
              items={[
                { label: 'Duplicate', run: () => void sessions.duplicate(session.id) },
                {
                  label: 'Export as Markdown',
                  run: () => void downloadSession(props.services, session.id, 'markdown'),
                },
                {
                  label: 'Export as JSON',
                  run: () => void downloadSession(props.services, session.id, 'json'),
                },
                { label: 'Delete…', danger: true, run: () => void remove(session) },
              ]}
            />
          );
        }}
      </Show>
    </section>
  );
}
