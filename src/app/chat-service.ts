import type { RetryState } from '../agent/run-state';
import { selectedSession } from '../agent/session-selectors';
import { replyParent } from '../agent/session-tree';
import { newId } from '../base/ids';
import type { SessionMode, SessionRecord } from '../store/records';
import { contextMeter } from './context-meter';
import type { SessionRuntime, SessionRuntimeDeps } from './session-runtime';
import { compactOutcomeNotice, NO_MODEL } from './outcome-notices';
import { AGENT_OVERHEAD_TOKENS, CHAT_OVERHEAD_TOKENS } from '../agent/compaction-run';
import { resolveModelSettings } from '../llm/provider-config';
import { parseModelRef } from './provider-service';
import type { ChatService } from './chat-service-types';
import type { KnowledgeService } from './knowledge-service';
import { knowledgeAttachment } from './knowledge-message';

export type { SymbolLocator } from '../agent/context-builder';
export type { ChatMessageView } from './chat-message-view';

export type { RetryState } from '../agent/run-state';
export type { ChatService } from './chat-service-types';

/**
 * The chat panel's actions over the session engine: send, ask again, branch, choose a
 * model, open and delete sessions. Its state is the one session state
 * (src/agent/session-state.ts), which every engine event and every choice here is folded
 * into, read through session-signals.ts. What it acts on (the engine, the agent, the
 * rewinds) is built once by session-runtime.ts, from the composition root (services.ts).
 */
export function createChatService(
  runtime: SessionRuntime,
  deps: Pick<SessionRuntimeDeps, 'store' | 'workspaces' | 'providers' | 'clock' | 'notices'> & {
    /** Told once the first exchange of a session this tab created is over (automatic titles). */
    afterFirstExchange?: (sessionId: string) => void;
    /** The workspace's knowledge: passages go with a message that asks for them. */
    knowledge?: Pick<KnowledgeService, 'retrieve' | 'useInChat'>;
  },
): ChatService {
  const { store, workspaces, providers, clock, notices } = deps;
  const { engine, agent, persister, state, rewind, elsewhere, modelOf, loadSessions, report } =
    runtime;
  const { dispatch } = state;
  const sessions = state.slice((s) => s.sessions);
  const activeSession = state.slice(selectedSession);
  const activeId = state.slice((s) => s.selected);
  const draft = state.slice((s) => s.draft);
  const setDraft = (text: string) => dispatch({ type: 'draft_set', text });
  /** What this tab's engine does (src/agent/run-state.ts). */
  const run = state.slice((s) => s.run);
  // Busy from the moment the engine holds the session until it lets go of it, across
  // compaction, replies, tool calls and follow-ups.
  const busy = () => run().activity !== 'idle';
  const compacting = () => run().activity === 'compacting';
  const retrying = (): RetryState | undefined => run().retry;
  const runningElsewhere = state.slice((s) => s.runningElsewhere);
  const messages = state.messages;
  const selectSession = (sessionId: string | undefined) =>
    dispatch({ type: 'session_selected', sessionId });
  const setSessions = (list: readonly SessionRecord[]) =>
    dispatch({ type: 'sessions_listed', sessions: list });
  /** The mode of the session the next message creates (see newSession). */
  let newSessionMode: SessionMode = 'chat';
  async function loadMessages(sessionId: string | undefined) {
    void agent.show(sessionId);
    void elsewhere.check(sessionId);
    if (!sessionId) return;
    const { session, outline, path } = await engine.load(sessionId);
    if (activeId() !== sessionId) return;
    if (session) dispatch({ type: 'session_changed', session });
    dispatch({
      type: 'session_shown',
      sessionId,
      tree: outline,
      bodies: path,
      leafId: session?.leafId ?? null,
    });
    await rewind.refresh();
  }

  async function refresh() {
    const list = await loadSessions();
    if (!list.some((s) => s.id === activeId())) selectSession(list[0]?.id);
    if (engine.streaming() !== activeId()) await loadMessages(activeId());
  }

  let refreshTimer: (() => void) | undefined;
  store.changes.subscribe(({ change, local }) => {
    const workspace = workspaces.current();
    const relevant =
      (change.type === 'sessions' && change.workspaceId === workspace?.id) ||
      change.type === 'restored' ||
      change.type === 'workspaces';
    // This tab's own writes already show; other tabs' arrive here, a few at a time.
    if (!relevant || (local && change.type === 'sessions')) return;
    refreshTimer ??= clock.schedule(() => {
      refreshTimer = undefined;
      void refresh();
    }, 100);
  });

  let lastWorkspace: string | undefined;
  async function followWorkspace() {
    const id = workspaces.current()?.id;
    if (id === lastWorkspace) return;
    lastWorkspace = id;
    const list = await loadSessions();
    selectSession(list[0]?.id);
    await loadMessages(list[0]?.id);
  }

  const service: ChatService = {
    sessions,
    activeSession,
    messages,
    busy,
    runningElsewhere,
    retrying,
    draft,
    setDraft,
    async send(text, extras = {}) {
      const content = text.trim();
      // Attached files alone are a question too ("what is this?" goes without saying).
      const attached = extras.attachments ?? [];
      if ((!content && !attached.length) || busy()) return;
      const workspace = workspaces.current();
      if (!workspace) {
        notices.show({
          kind: 'error',
          text: 'Open or create a workspace first; chats belong to a workspace.',
        });
        return;
      }
      if (!service.model()) {
        notices.show({ kind: 'error', text: NO_MODEL });
        return;
      }
      const compactCommand = /^\/compact(?:\s+([\s\S]*))?$/.exec(content);
      if (compactCommand) {
        await compactNow(compactCommand[1]);
        return;
      }
      const attachments = [...(extras.attachments ?? [])];
      if (deps.knowledge) {
        const passages = await knowledgeAttachment(deps.knowledge, content).catch(
          (error: unknown) => void notices.error(error, 'Could not search the knowledge'),
        );
        if (passages) attachments.push(passages);
      }
      try {
        let session = activeSession();
        const createdNow = !session;
        if (!session) {
          const model = service.model();
          const title = content || attached.map((attachment) => attachment.name).join(', ');
          const created = await engine.create(workspace.id, title, {
            ...(model ? { model } : {}),
            mode: newSessionMode,
          });
          newSessionMode = 'chat';
          setSessions([created, ...state.current().sessions]);
          selectSession(created.id);
          void agent.adopt(created.id);
          session = created;
        }
        // The question follows what the person sees: the last message shown, and the tool
        // results its chips show (the model must read them too).
        const shownLeaf = replyParent(
          state.current().shown.tree,
          messages().at(-1)?.id,
          activeSession()?.leafId ?? null,
        );
        agent.begin();
        const stored = () => {
          setDraft('');
          extras.onStored?.();
        };
        report(await engine.send(session.id, shownLeaf, content, stored, attachments));
        if (createdNow) deps.afterFirstExchange?.(session.id);
      } catch (error) {
        notices.error(error, 'Could not send the message');
      }
    },
    stop: () => engine.stop(),
    async regenerate(assistantId) {
      if (busy()) return;
      const session = activeSession();
      if (!session) return;
      // The earlier reply, and all that followed it, stays in the tree as a sibling branch.
      agent.begin();
      try {
        report(await engine.regenerate(session.id, assistantId));
      } catch (error) {
        notices.error(error, 'Could not ask again');
      }
    },
    async continueReply(assistantId) {
      if (busy()) return;
      const session = activeSession();
      if (!session) return;
      agent.begin();
      try {
        report(await engine.continueReply(session.id, assistantId));
      } catch (error) {
        notices.error(error, 'Could not continue the reply');
      }
    },
    async editMessage(userId, text) {
      const content = text.trim();
      if (!content || busy()) return;
      try {
        const session = activeSession();
        if (!session) return;
        agent.begin();
        report(await engine.edit(session.id, userId, content));
      } catch (error) {
        notices.error(error, 'Could not send the edited message');
      }
    },
    async switchBranch(nodeId, direction) {
      if (busy()) return;
      const session = activeSession();
      if (!session) return;
      try {
        await engine.switchBranch(session.id, nodeId, direction);
      } catch (error) {
        notices.error(error, 'Could not switch to that branch');
      }
    },
    async allowKeyAndRetry(assistantId) {
      const view = messages().find((m) => m.id === assistantId);
      const parsed = view?.model ? parseModelRef(view.model) : undefined;
      if (!parsed) return;
      await providers.confirmKeyOrigin(parsed.providerId);
      await service.regenerate(assistantId);
    },
    newSession(mode = 'chat') {
      newSessionMode = mode;
      selectSession(undefined);
      void agent.show(undefined);
    },
    async openSession(id) {
      selectSession(id);
      await loadMessages(id);
    },
    async renameSession(id, title) {
      await engine.rename(id, title);
      await loadSessions();
    },
    async setMode(id, mode) {
      await engine.setMode(id, mode);
      await loadSessions();
    },
    async reloadSessions() {
      await loadSessions();
    },
    async deleteSession(id) {
      // Nothing more is written into it: a reply streaming there stops first.
      if (engine.streaming() === id) engine.stop();
      const entry = await store.trash.moveSession(newId(), id, clock.now());
      const list = await loadSessions();
      if (activeId() === id) {
        selectSession(list[0]?.id);
        await loadMessages(list[0]?.id);
      }
      return entry;
    },
    flush: () => persister.flush(),
    agent,
    rewind,
    compacting,
    model: () => modelOf(activeSession()),
    async chooseModel(ref) {
      const session = activeSession();
      const before = session?.model;
      // Shown and used at once: a Send right after the choice goes to this model.
      if (session) dispatch({ type: 'session_changed', session: { ...session, model: ref } });
      try {
        if (session) await engine.setModel(session.id, ref);
        await providers.selectModel(ref);
      } catch (error) {
        const now = selectedSession(state.current());
        if (session && now?.id === session.id) {
          const { model: _chosen, ...rest } = now;
          dispatch({
            type: 'session_changed',
            session: before ? { ...rest, model: before } : rest,
          });
        }
        notices.error(error, 'Could not choose that model');
      }
    },
    context() {
      const model = selectedCapabilities();
      if (!model) return undefined;
      // The frame the last request of this session really carried, once one was sent.
      const frame = run().frame;
      const overhead =
        frame && frame.sessionId === activeId()
          ? frame.tokens
          : activeSession()?.mode === 'agent'
            ? AGENT_OVERHEAD_TOKENS
            : CHAT_OVERHEAD_TOKENS;
      return contextMeter(messages(), model.capabilities, model.maxOutputTokens, overhead);
    },
    async start() {
      await persister.recover();
      lastWorkspace = undefined;
      await followWorkspace();
    },
  };

  /** `/compact [focus]`: summarizes the older part of the conversation now. */
  async function compactNow(focus: string | undefined) {
    const session = activeSession();
    if (!session) {
      notices.show({ kind: 'info', text: 'Nothing to compact yet: start a conversation first.' });
      return;
    }
    // Busy and "compacting" follow the engine's activity, once it holds the session.
    try {
      const result = await engine.compact(session.id, focus);
      if (result.outcome === 'compacted') setDraft('');
      notices.show(compactOutcomeNotice(result));
    } catch (error) {
      notices.error(error, 'Could not compact');
    }
  }

  /** The selected model's capabilities and reply limit, for the meter. */
  function selectedCapabilities() {
    const ref = service.model();
    const parsed = ref ? parseModelRef(ref) : undefined;
    const provider = parsed && providers.providers().find((p) => p.id === parsed.providerId);
    if (!parsed || !provider) return undefined;
    const { capabilities } = resolveModelSettings(provider, parsed.modelId);
    const limit = providers.chatOptions().maxTokens ?? capabilities.maxOutputTokens;
    return { capabilities, maxOutputTokens: Math.min(limit, capabilities.maxOutputTokens) };
  }

  // Switching workspace shows that workspace's conversations.
  workspaces.onWorkspaceChanged(() => void followWorkspace());
  return service;
}
