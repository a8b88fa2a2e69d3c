import { createSignal, For, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import type { SessionMode, SessionRecord } from '../../store/records';
import { useDialogs } from '../common/dialogs';
import { Icon } from '../common/icons';
import { Menu } from '../common/Menu';
import { RecentlyDeleted } from './RecentlyDeleted';
import { importSessionFile, downloadSession } from './session-files';
import { SessionIcon } from './session-icons';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enSessionsUi } from '../../app/messages/en-sessions-ui';
import { useI18n } from '../common/i18n';
import './sessions.css';

// The list's English comes with this chunk, not with the first load.
addEnglishArea('sessions', enSessionsUi);

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
  const { t, formats } = useI18n();
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
      title: t('sessions.renameTitle'),
      label: t('sessions.titleLabel'),
      initial: session.title,
      confirmLabel: t('sessions.rename'),
      submit: (title) => chat.renameSession(session.id, title),
    });

  const remove = async (session: SessionRecord) => {
    const answer = await dialogs.confirm({
      title: t('sessions.deleteTitle', session.title),
      message: t('sessions.deleteText'),
      confirmLabel: t('sessions.deleteConversation'),
      danger: true,
    });
    if (answer === 'confirm') await sessions.remove(session.id);
  };

  const total = () => chat.sessions().length;
  const shown = () => sessions.groups().reduce((n, group) => n + group.sessions.length, 0);

  return (
    <section
      class="sessions-panel"
      aria-label={t('sessions.label')}
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
          aria-label={t('sessions.search')}
          placeholder={t('sessions.searchPlaceholder')}
          value={sessions.query()}
          ref={(element) => queueMicrotask(() => element.focus())}
          onInput={(event) => sessions.setQuery(event.currentTarget.value)}
        />
        <button type="button" class="button" onClick={() => props.onNew('chat')}>
          {t('sessions.newChat')}
        </button>
        <button type="button" class="button" onClick={() => props.onNew('agent')}>
          {t('sessions.newAgent')}
        </button>
        <button type="button" class="button" onClick={() => void importSessionFile(props.services)}>
          {t('sessions.import')}
        </button>
      </div>
      <p class="sessions-status" role="status">
        {sessions.searching()
          ? t('sessions.searching')
          : sessions.query().trim()
            ? t('sessions.matching', formats().number(shown()), formats().number(total()))
            : total()
              ? ''
              : t('sessions.none')}
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
                          title={
                            session.mode === 'agent'
                              ? t('sessions.agentSession')
                              : t('sessions.chatSession')
                          }
                        >
                          {session.mode === 'agent' ? t('sessions.agent') : t('sessions.chat')}
                        </span>
                        <button
                          type="button"
                          class="icon-button session-star"
                          classList={{ starred: session.starred }}
                          aria-label={t('sessions.star')}
                          aria-pressed={session.starred}
                          title={session.starred ? t('sessions.unstar') : t('sessions.starTitle')}
                          onClick={() => void sessions.star(session.id, !session.starred)}
                        >
                          <SessionIcon name="star" filled={session.starred} />
                        </button>
                        <button
                          type="button"
                          class="icon-button"
                          aria-label={t('sessions.rename')}
                          title={t('sessions.rename')}
                          onClick={() => rename(session)}
                        >
                          <Icon name="edit" />
                        </button>
                        <button
                          type="button"
                          class="icon-button"
                          aria-label={t('sessions.moreActions')}
                          aria-haspopup="menu"
                          title={t('sessions.moreTitle')}
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
              label={t('sessions.actionsFor', session.title)}
              x={at.x}
              y={at.y}
              returnFocus={at.button}
              onClose={() => setMenu(undefined)}
              items={[
                { label: t('sessions.duplicate'), run: () => void sessions.duplicate(session.id) },
                {
                  label: t('sessions.exportMarkdown'),
                  run: () => void downloadSession(props.services, session.id, 'markdown'),
                },
                {
                  label: t('sessions.exportJson'),
                  run: () => void downloadSession(props.services, session.id, 'json'),
                },
                { label: t('sessions.delete'), danger: true, run: () => void remove(session) },
              ]}
            />
          );
        }}
      </Show>
    </section>
  );
}
