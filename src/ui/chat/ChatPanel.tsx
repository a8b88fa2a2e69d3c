import {
  createEffect,
  createMemo,
  createSignal,
  For,
  lazy,
  on,
  onCleanup,
  Show,
  untrack,
} from 'solid-js';
import type { SessionMode } from '../../store/records';
import type { AppServices } from '../../app/services';
import { useDialogs } from '../common/dialogs';
import { IconButton } from '../common/icons';
import { useI18n } from '../common/i18n';
import { AgentModeBar } from '../agent/AgentModeBar';
import { RunEndNotice, RunUsage } from '../agent/RunEndNotice';
import { TodoChecklist } from '../agent/TodoChecklist';
import '../agent/agent.css';
import { Composer } from './Composer';
import { TokenMeter } from './TokenMeter';
import { warmUpRenderer } from './MarkdownView';
import { MessageItem } from './MessageItem';
import { SessionIcon } from '../sessions/session-icons';
import { registerCommands } from '../command-palette/register-commands';
import './chat.css';
import { retrying } from '../common/retrying-lazy';

// The conversation list and the session tree load when their drawer first opens.
const SessionsPanel = lazy(
  retrying(
    () => import('../sessions/SessionsPanel'),
    (module) => module.SessionsPanel,
  ),
);
const SessionTreeView = lazy(
  retrying(
    () => import('../sessions/SessionTreeView'),
    (module) => module.SessionTreeView,
  ),
);
// The approval card and the changed files carry CodeMirror's merge view and the diff
// library: loaded when an agent session is shown, not with the first page.
const ApprovalPanel = lazy(
  retrying(
    () => import('../agent/ApprovalPanel'),
    (module) => module.ApprovalPanel,
  ),
);
// A server's form: loaded when a server first asks for something.
const ElicitationPanel = lazy(
  retrying(
    () => import('./ElicitationPanel'),
    (module) => module.ElicitationPanel,
  ),
);
const SamplingPanel = lazy(
  retrying(
    () => import('./SamplingPanel'),
    (module) => module.SamplingPanel,
  ),
);
const ChangedFilesList = lazy(
  retrying(
    () => import('../agent/ChangedFilesList'),
    (module) => module.ChangedFilesList,
  ),
);
const AgentCommitForm = lazy(
  retrying(
    () => import('../agent/AgentCommitForm'),
    (module) => module.AgentCommitForm,
  ),
);

/**
 * The assistant panel: conversations, messages, the composer, and the Chat / Agent switch.
 * In agent mode it also hosts the run: the plan above the conversation, tool calls in the
 * replies, the approval request above the composer, and after the run the files it changed.
 */
export function ChatPanel(props: {
  services: AppServices;
  onOpenSettings: () => void;
  /** Opens Settings on the form that adds a provider. */
  onAddProvider: () => void;
  /** Shows this panel where it is hidden (a command of the palette acts on it). */
  onShow?: () => void;
  runCode?: (code: string, output: HTMLElement) => void;
}) {
  const { chat, providers, clock, workspaces, editor } = props.services;
  const agent = chat.agent;
  const dialogs = useDialogs();
  const { t, formats } = useI18n();
  /** The mode an empty conversation will start in (its first message creates the session). */
  const [newMode, setNewMode] = createSignal<SessionMode>('chat');
  /** The conversations list or the conversation tree, open under the header. */
  const [drawer, setDrawer] = createSignal<'list' | 'tree'>();
  const toggleDrawer = (which: 'list' | 'tree') =>
    setDrawer(drawer() === which ? undefined : which);
  let listButton!: HTMLButtonElement;
  let treeButton!: HTMLButtonElement;
  /** Closes the list or the tree; from the keyboard, focus goes back to its button. */
  const closeDrawer = (returnFocus = false) => {
    const which = drawer();
    setDrawer(undefined);
    if (returnFocus) (which === 'tree' ? treeButton : listButton)?.focus();
  };
  const startNew = (mode: SessionMode = 'chat') => {
    setNewMode(mode);
    chat.newSession(mode);
  };
  const mode = () => chat.activeSession()?.mode ?? newMode();
  const agentMode = () => mode() === 'agent';
  // The meter estimates every message's text. While a reply streams it is redrawn once a
  // second, not on every token (that made a long reply's stream quadratic).
  const [meterTick, setMeterTick] = createSignal(0);
  createEffect(() => {
    if (!chat.busy()) return;
    const timer = window.setInterval(() => setMeterTick((tick) => tick + 1), 1000);
    onCleanup(() => window.clearInterval(timer));
  });
  const meter = createMemo(() => {
    meterTick();
    return chat.busy() ? untrack(() => chat.context()) : chat.context();
  });
  createEffect(() => {
    if (!agentMode()) return;
    void ApprovalPanel.preload();
    void ChangedFilesList.preload();
  });
  /** A workspace file's text; undefined when it is absent or not text. */
  const readFile = async (path: string) => {
    const record = await workspaces
      .files()
      ?.read(path)
      .catch(() => undefined);
    return typeof record?.content === 'string' ? record.content : undefined;
  };
  let scroller!: HTMLDivElement;
  let stickToBottom = true;
  /** Until when a scroll counts as the person's (a wheel, touch or key just moved it). */
  let gestureUntil = 0;
  let pointerHeld = false;
  const byPerson = () => (gestureUntil = performance.now() + 1000);

  // Follow a growing reply while the person is at the bottom; leave them be when they scroll up.
  const observer = new ResizeObserver(() => {
    if (stickToBottom) scroller.scrollTop = scroller.scrollHeight;
  });
  onCleanup(() => observer.disconnect());
  createEffect(
    on(
      () => chat.messages().length,
      () => {
        stickToBottom = true;
        queueMicrotask(() => (scroller.scrollTop = scroller.scrollHeight));
      },
    ),
  );

  // Fetch and warm the renderer once Python's start is over and the page is idle, so the
  // first reply paints without waiting for it. Idle alone is not enough: the page's thread
  // idles while Python boots in another process, and on two cores loading the renderer
  // beside the boot made the first Run's output later.
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  void props.services.startSettled.then(() =>
    idle(() => void warmUpRenderer().catch(() => undefined)),
  );

  const [now, setNow] = createSignal(clock.now());
  createEffect(() => {
    if (!chat.retrying()) return;
    const timer = setInterval(() => setNow(clock.now()), 250);
    onCleanup(() => clearInterval(timer));
  });

  const rename = () => {
    const session = chat.activeSession();
    if (!session) return;
    void dialogs.prompt({
      title: t('chat.renameTitle'),
      label: t('chat.titleLabel'),
      initial: session.title,
      confirmLabel: t('chat.rename'),
      submit: (title) => chat.renameSession(session.id, title),
    });
  };

  const remove = async () => {
    const session = chat.activeSession();
    if (!session) return;
    const answer = await dialogs.confirm({
      title: t('chat.deleteTitle', session.title),
      message: t('chat.deleteText'),
      confirmLabel: t('chat.deleteConversation'),
      danger: true,
    });
    if (answer === 'confirm') await props.services.sessions.remove(session.id);
  };

  /** The Chat / Agent switch: the conversation shown, or the mode a new one starts in. */
  const switchMode = (next: SessionMode) => {
    const session = chat.activeSession();
    if (session) void chat.setMode(session.id, next);
    else startNew(next);
  };

  const BUSY = 'A reply is being written; wait for it or stop it.';
  const NO_SESSION = 'No conversation is open.';
  const shown =
    <A extends unknown[]>(action: (...args: A) => unknown) =>
    (...args: A) => {
      props.onShow?.();
      return action(...args);
    };
  registerCommands(props.services.commands, [
    {
      id: 'chat.new',
      title: 'New conversation',
      category: 'Assistant',
      run: shown(() => startNew()),
    },
    {
      id: 'chat.newAgent',
      title: 'New agent conversation',
      category: 'Assistant',
      run: shown(() => startNew('agent')),
    },
    {
      id: 'chat.toggleAgentMode',
      title: 'Toggle agent mode',
      category: 'Assistant',
      // As the switch, which is disabled while a reply streams.
      disabledReason: () => (chat.busy() ? BUSY : undefined),
      run: shown(() => switchMode(agentMode() ? 'chat' : 'agent')),
    },
    {
      id: 'chat.stop',
      title: 'Stop the reply',
      category: 'Assistant',
      disabledReason: () => (chat.busy() ? undefined : 'No reply is being written.'),
      run: () => chat.stop(),
    },
    {
      id: 'chat.showList',
      title: 'Show conversations',
      category: 'Assistant',
      run: shown(() => setDrawer('list')),
    },
    {
      id: 'chat.showTree',
      title: 'Show the conversation tree',
      category: 'Assistant',
      disabledReason: () => (chat.activeSession() ? undefined : NO_SESSION),
      run: shown(() => setDrawer('tree')),
    },
    {
      id: 'chat.rename',
      title: 'Rename conversation…',
      category: 'Assistant',
      disabledReason: () => (chat.activeSession() ? undefined : NO_SESSION),
      run: shown(rename),
    },
    {
      id: 'chat.delete',
      title: 'Delete conversation…',
      category: 'Assistant',
      disabledReason: () => (chat.activeSession() ? undefined : NO_SESSION),
      run: shown(remove),
    },
  ]);

  return (
    <div class="chat-panel">
      <div class="chat-header">
        <label for="chat-session" class="visually-hidden">
          {t('chat.conversation')}
        </label>
        <select
          id="chat-session"
          value={chat.activeSession()?.id ?? ''}
          onChange={(event) => {
            const id = event.currentTarget.value;
            if (id) void chat.openSession(id);
            else startNew();
          }}
        >
          <option value="" selected={!chat.activeSession()}>
            {t('chat.newConversation')}
          </option>
          {/* Each option says whether it is chosen: the select's own value, set before a new
              session's option exists, would leave "New conversation" showing. */}
          <For each={chat.sessions()}>
            {(session) => (
              <option value={session.id} selected={session.id === chat.activeSession()?.id}>
                {session.title}
              </option>
            )}
          </For>
        </select>
        <button
          type="button"
          class="icon-button"
          ref={listButton}
          aria-label={t('chat.conversations')}
          title={t('chat.conversationsTitle')}
          aria-expanded={drawer() === 'list'}
          onClick={() => toggleDrawer('list')}
        >
          <SessionIcon name="list" />
        </button>
        {/* Starting afresh never deletes: the conversation stays in the list above. Deleting
            is its own action, and it asks first. */}
        <IconButton
          label={t('chat.newConversation')}
          title={t('chat.newConversationTitle')}
          icon="plus"
          onClick={() => startNew()}
        />
        <Show when={chat.activeSession()}>
          <IconButton label={t('chat.renameConversation')} icon="edit" onClick={rename} />
          <IconButton
            label={t('chat.deleteConversation')}
            icon="trash"
            onClick={() => void remove()}
          />
          <button
            type="button"
            class="icon-button"
            ref={treeButton}
            aria-label={t('chat.tree')}
            title={t('chat.treeTitle')}
            aria-expanded={drawer() === 'tree'}
            onClick={() => toggleDrawer('tree')}
          >
            <SessionIcon name="tree" />
          </button>
        </Show>
      </div>
      <Show when={drawer() === 'list'}>
        <SessionsPanel
          services={props.services}
          onNew={(next) => {
            startNew(next);
            setDrawer(undefined);
          }}
          onClose={(returnFocus) => closeDrawer(returnFocus)}
        />
      </Show>
      <Show when={drawer() === 'tree' && chat.activeSession()}>
        <SessionTreeView services={props.services} onClose={() => closeDrawer(true)} />
      </Show>
      <Show when={chat.runningElsewhere()}>
        <p class="chat-elsewhere" role="status">
          {t('chat.elsewhere')}
        </p>
      </Show>
      <AgentModeBar
        mode={mode()}
        onMode={switchMode}
        policy={agent.policy()}
        onPolicy={(next) => agent.setPolicy(next)}
        disabled={chat.busy()}
      />
      <Show when={agentMode()}>
        <TodoChecklist items={agent.todo()} />
      </Show>
      <div
        class="chat-scroll"
        ref={(el) => {
          scroller = el;
          // The view shrinks too (the meter appears, the message box grows): stay at the end.
          observer.observe(el);
        }}
        onWheel={byPerson}
        onTouchMove={byPerson}
        onKeyDown={byPerson}
        onPointerDown={() => {
          pointerHeld = true;
          byPerson();
        }}
        onPointerUp={() => (pointerHeld = false)}
        onScroll={() => {
          // Only the person scrolls away from the end. A scroll the layout made (a message
          // view replaced: the height dipped and the position was clamped) does not count.
          if (!pointerHeld && performance.now() > gestureUntil) return;
          stickToBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40;
        }}
      >
        <section
          class="message-list"
          aria-label={t('chat.messages')}
          ref={(el) => observer.observe(el)}
        >
          <Show
            when={chat.messages().length}
            fallback={
              <div class="chat-empty">
                <Show
                  when={providers.models().length}
                  fallback={
                    <>
                      <p>{t('chat.connectModel')}</p>
                      <button type="button" class="button primary" onClick={props.onAddProvider}>
                        {t('chat.addProvider')}
                      </button>
                    </>
                  }
                >
                  <p>{t('chat.askAbout')}</p>
                </Show>
              </div>
            }
          >
            <For each={chat.messages()}>
              {(message) => (
                <MessageItem message={message} services={props.services} runCode={props.runCode} />
              )}
            </For>
          </Show>
          <Show when={agentMode() && !chat.busy()}>
            <Show when={agent.runEnd()}>
              {(end) => (
                <RunEndNotice
                  end={end()}
                  busy={chat.busy()}
                  onContinue={() => agent.continueRun()}
                />
              )}
            </Show>
            <ChangedFilesList
              files={agent.changedFiles()}
              readFile={readFile}
              onOpen={(path) => void editor.openFile(path)}
              review={{
                base: (path) => chat.rewind.reviewBase(path),
                keep: (path, before) => chat.rewind.keepChange(path, before),
                undo: (path, text) => chat.rewind.undoChange(path, text),
              }}
            />
            <AgentCommitForm
              files={agent.changedFiles()}
              task={() =>
                [...chat.messages()]
                  .reverse()
                  .find((message) => message.role === 'user')
                  ?.content() ?? ''
              }
              commits={props.services.git.agentCommit}
            />
          </Show>
          <Show when={agentMode() ? agent.usage() : undefined}>
            {(usage) => <RunUsage usage={usage()} />}
          </Show>
        </section>
      </div>
      {/* Chat replies ask too, when memory is on for chat mode. */}
      <Show when={agent.approval()} keyed>
        {(approval) => (
          <ApprovalPanel
            approval={approval}
            onDecide={(c) => agent.decide(c)}
            readFile={readFile}
          />
        )}
      </Show>
      <Show when={props.services.mcp.elicitations.pending()[0]} keyed>
        {(pending) => (
          <ElicitationPanel
            pending={pending}
            onAnswer={(answer) => props.services.mcp.elicitations.answer(pending.id, answer)}
          />
        )}
      </Show>
      {/* Keyed by id: the next request gets a panel of its own, not the last one's edits. */}
      <Show when={props.services.mcp.sampling.pending()[0]?.id} keyed>
        {(id) => {
          const sampling = props.services.mcp.sampling;
          // Its last state stands while the panel goes away after the answer.
          let last = sampling.pending()[0]!;
          const current = () => (last = sampling.pending().find((e) => e.id === id) ?? last);
          return <SamplingPanel pending={current()} sampling={sampling} />;
        }}
      </Show>
      <Show when={chat.retrying()}>
        {(retry) => (
          <div class="retry-banner" role="status">
            <span>
              {t(
                'chat.retrying',
                retry().reason,
                formats().number(Math.max(0, Math.ceil((retry().at - now()) / 1000))),
                formats().number(retry().attempt),
              )}
            </span>
            <button type="button" class="button" onClick={() => chat.stop()}>
              {t('chat.cancel')}
            </button>
          </div>
        )}
      </Show>
      <TokenMeter meter={meter()} compacting={chat.compacting()} />
      <Composer
        services={props.services}
        onOpenSettings={props.onOpenSettings}
        onAddProvider={props.onAddProvider}
      />
    </div>
  );
}
