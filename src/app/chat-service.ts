import { batch, createSignal, type Accessor, type Setter } from 'solid-js';
import {
  buildChatSystemPrompt,
  namedSymbols,
  slidingWindow,
  type OpenFileContext,
  type SymbolContext,
} from '../agent/chat-prompt';
import { innermostWorkspaceFrame } from '../agent/python-traceback';
import {
  activePath,
  branchPosition,
  switchBranch as planBranchSwitch,
  type BranchPosition,
} from '../agent/session-tree';
import { detectTaskType } from '../agent/task-type';
import { estimateTokens } from '../agent/token-estimate';
import type { Clock } from '../base/clock';
import { Listeners } from '../base/listeners';
import { CoveError, describeError } from '../base/errors';
import { newId } from '../base/ids';
import type { ChatClient } from '../llm/chat-client';
import type { ChatMessage } from '../llm/chat-message';
import type { LlmError } from '../llm/llm-error';
import { resolveModelSettings } from '../llm/provider-config';
import type { CoveStore } from '../store/cove-store';
import type {
  NodeRecord,
  NodeStatus,
  SessionRecord,
  StoredError,
  StoredUsage,
} from '../store/records';
import type { EditorService } from './editor-service';
import { createYielder } from './yield-to-page';
import type { NoticeService } from './notice-service';
import { parseModelRef, type ProviderService } from './provider-service';
import type { SessionLocks } from './session-locks';
import type { WorkspaceService } from './workspace-service';

/** How often a growing reply is written to IndexedDB, at the least. */
export const STREAM_PERSIST_MS = 1000;
/** Longest session title taken from the first message. */
const TITLE_LENGTH = 60;

/** One message of the active conversation; the parts that change while streaming are signals. */
export interface ChatMessageView {
  readonly id: string;
  readonly parentId: string | null;
  readonly role: 'user' | 'assistant';
  readonly content: Accessor<string>;
  readonly reasoning: Accessor<string>;
  /** Milliseconds the model spent reasoning, once known. */
  readonly reasoningMs: Accessor<number | undefined>;
  readonly status: Accessor<NodeStatus>;
  readonly error: Accessor<StoredError | undefined>;
  readonly usage: Accessor<StoredUsage | undefined>;
  /** "providerId/modelId" of the reply. */
  readonly model: string | undefined;
  /** Where this message stands among its siblings (other replies or edits), for "2 / 3". */
  readonly branch: Accessor<BranchPosition | undefined>;
  /**
   * Text as it streams in, delta by delta; `content` holds the sum. Renderers subscribe here
   * so they never re-read (and flatten) the whole growing string per token.
   */
  onTextDelta(listener: (delta: string) => void): () => void;
}

/** A wait before the next attempt of a failed request. */
export interface RetryState {
  attempt: number;
  /** Clock time at which the next attempt starts. */
  at: number;
  reason: string;
}

/**
 * Finds a Python function or class by name in source (Python's ast, in the runtime). With a
 * 1-based `line`, only a definition around that line counts (the innermost one).
 */
export type SymbolLocator = (
  source: string,
  name: string,
  line?: number,
) => Promise<SymbolContext | undefined>;

export interface ChatService {
  /** Chat sessions of the current workspace, most recent first. */
  readonly sessions: Accessor<SessionRecord[]>;
  readonly activeSession: Accessor<SessionRecord | undefined>;
  /** The active path of the session's tree, root first. */
  readonly messages: Accessor<ChatMessageView[]>;
  /** True while this tab streams a reply. */
  readonly busy: Accessor<boolean>;
  readonly retrying: Accessor<RetryState | undefined>;
  /** The composer's text; "Debug with AI" fills it. */
  readonly draft: Accessor<string>;
  setDraft(text: string): void;
  /** Stores the message, then streams the reply. Reports problems as notices or inline errors. */
  send(text: string): Promise<void>;
  /** Stops the reply being streamed; what arrived is kept. */
  stop(): void;
  /**
   * Asks again for a reply to the same message: the new reply is a sibling of the old one,
   * which stays in the tree with everything that followed it (see `switchBranch`).
   */
  regenerate(assistantId: string): Promise<void>;
  /**
   * Sends `text` in place of the user message `userId`, as its sibling, and streams a reply
   * to it. The original message and its replies stay in the tree. Empty text is ignored.
   */
  editMessage(userId: string, text: string): Promise<void>;
  /**
   * Shows the previous or next sibling of `nodeId` and the newest conversation under it
   * (moves the session's leaf and stores it). Does nothing while a reply streams.
   */
  switchBranch(nodeId: string, direction: 'previous' | 'next'): Promise<void>;
  /** Allows the provider's key to go to its new host, then asks again. */
  allowKeyAndRetry(assistantId: string): Promise<void>;
  /** Shows an empty conversation; the current one stays in the list as it is. */
  newSession(): void;
  openSession(id: string): Promise<void>;
  renameSession(id: string, title: string): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Writes the growing reply now (the page is going away). */
  flush(): void;
  /** Marks replies that a closed tab left "streaming" as interrupted; loads sessions. */
  start(): Promise<void>;
}

interface MutableView extends ChatMessageView {
  textDeltas: Listeners<string>;
  setContent: Setter<string>;
  setReasoning: Setter<string>;
  setReasoningMs: Setter<number | undefined>;
  setStatus: Setter<NodeStatus>;
  setError: Setter<StoredError | undefined>;
  setUsage: Setter<StoredUsage | undefined>;
  setBranch: Setter<BranchPosition | undefined>;
}

function viewOf(node: NodeRecord, branch?: BranchPosition): MutableView {
  const [content, setContent] = createSignal(node.content);
  const [reasoning, setReasoning] = createSignal(node.reasoning ?? '');
  const [reasoningMs, setReasoningMs] = createSignal(node.reasoningMs);
  const [status, setStatus] = createSignal<NodeStatus>(node.status);
  const [error, setError] = createSignal(node.error);
  const [usage, setUsage] = createSignal(node.usage);
  const [branchAt, setBranch] = createSignal(branch);
  const textDeltas = new Listeners<string>();
  return {
    textDeltas,
    onTextDelta: (listener) => textDeltas.subscribe(listener),
    id: node.id,
    parentId: node.parentId,
    role: node.role === 'user' ? 'user' : 'assistant',
    model: node.model,
    content,
    setContent,
    reasoning,
    setReasoning,
    reasoningMs,
    setReasoningMs,
    status,
    setStatus,
    error,
    setError,
    usage,
    setUsage,
    branch: branchAt,
    setBranch,
  };
}

/** True when a view still shows what `node` holds (so it can be kept rather than redrawn). */
function showsNode(view: MutableView, node: NodeRecord): boolean {
  return (
    view.content() === node.content &&
    view.status() === node.status &&
    view.reasoning() === (node.reasoning ?? '') &&
    view.error()?.message === node.error?.message
  );
}

function toChatMessage(node: NodeRecord): ChatMessage | undefined {
  if (node.role === 'user') return { role: 'user', content: node.content };
  if (node.role === 'assistant') {
    // A reply that failed before saying anything is not part of the conversation.
    if (!node.content && node.status !== 'complete') return undefined;
    return { role: 'assistant', content: node.content };
  }
  return undefined;
}

/** A session's title from its first message: its words, without the code it quotes. */
function titleOf(content: string): string {
  const words = content.replace(
    /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(^ {0,3}\1[^\n]*$|(?![\s\S]))/gm,
    ' ',
  );
  const title = words.replace(/\s+/g, ' ').trim() || content.replace(/\s+/g, ' ').trim();
  return title.slice(0, TITLE_LENGTH);
}

function storedError(error: LlmError | CoveError): StoredError {
  return { code: error.code, message: error.message, hint: error.hint };
}

export function createChatService(deps: {
  store: CoveStore;
  workspaces: WorkspaceService;
  editor: EditorService;
  providers: ProviderService;
  client: ChatClient;
  clock: Clock;
  locks: SessionLocks;
  notices: NoticeService;
  locateSymbol?: SymbolLocator;
}): ChatService {
  const { store, workspaces, editor, providers, client, clock, locks, notices } = deps;
  const [sessions, setSessions] = createSignal<SessionRecord[]>([]);
  const [activeId, setActiveId] = createSignal<string | undefined>();
  const [messages, setMessages] = createSignal<MutableView[]>([]);
  const [busy, setBusy] = createSignal(false);
  const [retrying, setRetrying] = createSignal<RetryState | undefined>();
  const [draft, setDraft] = createSignal('');
  let controller: AbortController | undefined;
  let streamingSessionId: string | undefined;
  let pendingWrite: { id: string; flush: () => void } | undefined;

  const activeSession = () => sessions().find((s) => s.id === activeId());
  /** Mirrors a leaf this tab stored into the session list. */
  const markLeaf = (sessionId: string, leafId: string | null) =>
    setSessions((list) => list.map((s) => (s.id === sessionId ? { ...s, leafId } : s)));

  async function loadSessions() {
    const workspace = workspaces.current();
    const list = workspace
      ? (await store.sessions.list(workspace.id)).filter((s) => s.mode === 'chat')
      : [];
    setSessions(list);
    return list;
  }

  /**
   * Shows the path to `leafId`. Messages already shown with the same text keep their views
   * (and their rendered Markdown); the rest are made anew. Returns the views shown.
   */
  function showPath(nodes: readonly NodeRecord[], leafId: string | null): MutableView[] {
    const shown = new Map(messages().map((view) => [view.id, view]));
    const views = activePath(nodes, leafId)
      .filter((node) => node.role === 'user' || node.role === 'assistant')
      .map((node) => {
        const branch = branchPosition(nodes, node.id);
        const kept = shown.get(node.id);
        if (kept && showsNode(kept, node)) {
          kept.setBranch(branch);
          return kept;
        }
        return viewOf(node, branch);
      });
    setMessages(views);
    return views;
  }

  async function loadMessages(sessionId: string | undefined) {
    if (!sessionId) {
      setMessages([]);
      return;
    }
    const session = await store.sessions.get(sessionId);
    const nodes = await store.sessions.nodes(sessionId);
    if (activeId() !== sessionId) return;
    if (session) setSessions((list) => list.map((s) => (s.id === session.id ? session : s)));
    showPath(nodes, session?.leafId ?? null);
  }

  /** The active session as stored now (its leaf may have moved since the list was read). */
  async function currentSession(): Promise<SessionRecord | undefined> {
    const listed = activeSession();
    if (!listed) return undefined;
    return (await store.sessions.get(listed.id)) ?? listed;
  }

  async function refresh() {
    const list = await loadSessions();
    if (!list.some((s) => s.id === activeId())) setActiveId(list[0]?.id);
    if (streamingSessionId !== activeId()) await loadMessages(activeId());
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
    setActiveId(list[0]?.id);
    await loadMessages(list[0]?.id);
  }

  /** Writes the growing reply at most once a second; `flush` writes it now. */
  function persistSoon(view: MutableView) {
    if (pendingWrite?.id === view.id) return;
    const write = () => {
      if (pendingWrite?.id === view.id) pendingWrite = undefined;
      void store.sessions
        .updateNode(view.id, { content: view.content(), reasoning: view.reasoning() })
        .catch((error: unknown) => notices.error(error, 'Could not save the reply as it streamed'));
    };
    const cancel = clock.schedule(write, STREAM_PERSIST_MS);
    pendingWrite = {
      id: view.id,
      flush: () => {
        cancel();
        write();
      },
    };
  }

  /**
   * When the question holds a Python traceback: the workspace file and the function where
   * the error is (the innermost frame in the person's own files), read from the editor when
   * that file is open there, else from the workspace. Undefined when there is no traceback,
   * no such frame, or the file cannot be read.
   */
  async function failingFunction(
    question: string,
  ): Promise<{ file: OpenFileContext; symbol?: SymbolContext } | undefined> {
    const frame = innermostWorkspaceFrame(question);
    if (!frame || !frame.file.endsWith('.py')) return undefined;
    const document = editor.activeDocument();
    let file: OpenFileContext;
    if (document?.path === frame.file) {
      file = { path: document.path, content: document.text, selection: document.selection };
    } else {
      const record = await workspaces
        .files()
        ?.read(frame.file)
        .catch(() => undefined);
      if (!record || typeof record.content !== 'string') return undefined;
      file = { path: frame.file, content: record.content, open: false };
    }
    if (frame.name === '<module>' || !deps.locateSymbol) return { file };
    const found = await deps
      .locateSymbol(file.content, frame.name, frame.line)
      .catch(() => undefined);
    return { file, symbol: found && { ...found, errorLine: frame.line } };
  }

  async function buildMessages(
    history: NodeRecord[],
    contextWindow: number,
    maxOutput: number,
    question: string,
  ) {
    const options = providers.chatOptions();
    const document = options.fileContext ? editor.activeDocument() : undefined;
    let file: OpenFileContext | undefined = document && {
      path: document.path,
      content: document.text,
      selection: document.selection,
    };
    let symbol: SymbolContext | undefined;
    const failure = options.fileContext ? await failingFunction(question) : undefined;
    if (failure) {
      file = failure.file;
      symbol = failure.symbol;
    } else if (document && deps.locateSymbol && document.path.endsWith('.py')) {
      for (const name of namedSymbols(question)) {
        symbol = await deps.locateSymbol(document.text, name).catch(() => undefined);
        if (symbol) break;
      }
    }
    const system = buildChatSystemPrompt({
      customSystemPrompt: options.customSystemPrompt,
      workspaceName: workspaces.current()?.name,
      file,
      symbol,
      taskType: detectTaskType(question),
      date: new Date(clock.now()),
      // About half the window for the file, in characters (four per token).
      maxFileChars: Math.max(2000, Math.min(200_000, Math.floor(contextWindow * 2))),
    });
    const chat = history.map(toChatMessage).filter((m): m is ChatMessage => Boolean(m));
    const budget = contextWindow - maxOutput - estimateTokens(system) - 256;
    return [
      { role: 'system', content: system } as ChatMessage,
      ...slidingWindow(chat, Math.max(budget, 512)),
    ];
  }

  /**
   * Stores a user message under `parentId` (a new sibling when that parent already has
   * children) and streams the reply to it. The message and the leaf's move to it are one
   * transaction, stored before any request for it starts (invariants 1 and 4).
   */
  async function ask(
    session: SessionRecord,
    parentId: string | null,
    content: string,
    onStored?: () => void,
  ) {
    const now = clock.now();
    const question: NodeRecord = {
      id: newId(),
      sessionId: session.id,
      parentId,
      role: 'user',
      content,
      status: 'complete',
      startedAt: now,
      finishedAt: now,
    };
    await store.sessions.append(question, now);
    onStored?.();
    markLeaf(session.id, question.id);
    showPath(await store.sessions.nodes(session.id), question.id);
    await generate({ ...session, leafId: question.id }, question);
  }

  async function generate(session: SessionRecord, parent: NodeRecord): Promise<void> {
    const ref = providers.selectedModel();
    const parsed = ref ? parseModelRef(ref) : undefined;
    const provider = parsed && providers.providers().find((p) => p.id === parsed.providerId);
    if (!ref || !parsed || !provider) {
      notices.show({
        kind: 'error',
        text: 'No model is set up yet. Open Settings, add a provider (OpenAI, Ollama, …) and choose a model.',
      });
      return;
    }
    const now = clock.now();
    const reply: NodeRecord = {
      id: newId(),
      sessionId: session.id,
      parentId: parent.id,
      role: 'assistant',
      content: '',
      status: 'streaming',
      model: ref,
      startedAt: now,
    };
    const outcome = await locks.tryWith(session.id, async () => {
      // The reply and the leaf's move to it are one transaction (invariant 4); a sibling
      // reply (regenerate) leaves the earlier one and what followed it in the tree.
      await store.sessions.append(reply, now);
      const nodes = await store.sessions.nodes(session.id);
      markLeaf(session.id, reply.id);
      const view = showPath(nodes, reply.id).at(-1)!;
      await streamInto(session, reply, view, provider.id, parsed.modelId);
    });
    if (!outcome) {
      notices.show({
        kind: 'error',
        text: 'This conversation is answering in another tab. Wait for it to finish there, or start a new chat here.',
      });
    }
  }

  async function streamInto(
    session: SessionRecord,
    reply: NodeRecord,
    view: MutableView,
    providerId: string,
    modelId: string,
  ) {
    const provider = providers.providers().find((p) => p.id === providerId)!;
    const settings = resolveModelSettings(provider, modelId);
    const options = providers.chatOptions();
    const maxOutput = Math.min(
      options.maxTokens ?? settings.capabilities.maxOutputTokens,
      settings.capabilities.maxOutputTokens,
    );
    const nodes = await store.sessions.nodes(session.id);
    const history = activePath(nodes, reply.parentId);
    const question = history[history.length - 1]?.content ?? '';
    controller = new AbortController();
    streamingSessionId = session.id;
    setBusy(true);
    let reasoningStarted: number | undefined;
    let final: Partial<NodeRecord> = {};
    try {
      const chatMessages = await buildMessages(
        history,
        settings.capabilities.contextWindow,
        maxOutput,
        question,
      );
      const stream = client.stream({
        provider,
        model: modelId,
        messages: chatMessages,
        maxOutputTokens: options.maxTokens,
        temperature: options.temperature,
        signal: controller.signal,
      });
      const maybeYield = createYielder(() => performance.now());
      for await (const event of stream) {
        // A fast stream delivers thousands of events per network read; let the page paint.
        const pause = maybeYield();
        if (pause) await pause;
        switch (event.type) {
          case 'text_delta':
            if (reasoningStarted !== undefined && view.reasoningMs() === undefined) {
              view.setReasoningMs(clock.now() - reasoningStarted);
            }
            if (retrying()) setRetrying(undefined);
            view.setContent((text) => text + event.delta);
            view.textDeltas.emit(event.delta);
            persistSoon(view);
            break;
          case 'reasoning_delta':
            reasoningStarted ??= clock.now();
            if (retrying()) setRetrying(undefined);
            view.setReasoning((text) => text + event.delta);
            persistSoon(view);
            break;
          case 'retry_scheduled':
            setRetrying({
              attempt: event.attempt,
              at: clock.now() + event.delayMs,
              reason: event.error.message,
            });
            break;
          case 'stream_options_unsupported':
            void providers.markStreamOptionsUnsupported(providerId);
            break;
          case 'done': {
            const usage = event.usage && {
              inputTokens: event.usage.inputTokens,
              outputTokens: event.usage.outputTokens,
              ...(event.usage.reasoningTokens !== undefined
                ? { reasoningTokens: event.usage.reasoningTokens }
                : {}),
              ...(event.usage.cachedInputTokens !== undefined
                ? { cachedInputTokens: event.usage.cachedInputTokens }
                : {}),
            };
            batch(() => {
              view.setContent(event.message.content);
              view.setReasoning(event.message.reasoning);
              view.setUsage(usage);
              view.setStatus('complete');
            });
            final = {
              status: 'complete',
              usage,
              stopReason: event.message.stopReason,
              content: event.message.content,
              reasoning: event.message.reasoning,
            };
            break;
          }
          case 'error': {
            const aborted = event.error.code === 'aborted';
            const error = aborted ? undefined : storedError(event.error);
            batch(() => {
              view.setContent(event.message.content);
              view.setReasoning(event.message.reasoning);
              view.setError(error);
              view.setStatus(aborted ? 'aborted' : 'error');
            });
            final = {
              status: aborted ? 'aborted' : 'error',
              error,
              stopReason: event.message.stopReason,
              content: event.message.content,
              reasoning: event.message.reasoning,
            };
            break;
          }
        }
      }
    } catch (failure) {
      // The client never throws; building the prompt or a listener might. Keep what arrived.
      const error = storedError(
        failure instanceof CoveError
          ? failure
          : new CoveError(
              'internal',
              `Cove failed while answering: ${describeError(failure)}`,
              'Try again; if it keeps failing, reload the page.',
            ),
      );
      view.setError(error);
      view.setStatus('error');
      final = { status: 'error', error, content: view.content(), reasoning: view.reasoning() };
    } finally {
      if (pendingWrite?.id === view.id) pendingWrite = undefined;
      if (reasoningStarted !== undefined && view.reasoningMs() === undefined)
        view.setReasoningMs(clock.now() - reasoningStarted);
      const reasoningMs = view.reasoningMs();
      await store.sessions
        .updateNode(reply.id, {
          ...final,
          ...(reasoningMs !== undefined ? { reasoningMs } : {}),
          finishedAt: clock.now(),
        })
        .catch((error: unknown) => notices.error(error, 'Could not save the reply'));
      controller = undefined;
      streamingSessionId = undefined;
      setRetrying(undefined);
      setBusy(false);
      await loadSessions();
    }
  }

  const service: ChatService = {
    sessions,
    activeSession,
    messages,
    busy,
    retrying,
    draft,
    setDraft,
    async send(text) {
      const content = text.trim();
      if (!content || busy()) return;
      const workspace = workspaces.current();
      if (!workspace) {
        notices.show({
          kind: 'error',
          text: 'Open or create a workspace first; chats belong to a workspace.',
        });
        return;
      }
      if (!providers.selectedModel()) {
        notices.show({
          kind: 'error',
          text: 'No model is set up yet. Open Settings, add a provider (OpenAI, Ollama, …) and choose a model.',
        });
        return;
      }
      try {
        let session = activeSession();
        const now = clock.now();
        if (!session) {
          session = {
            id: newId(),
            workspaceId: workspace.id,
            title: titleOf(content),
            mode: 'chat',
            leafId: null,
            createdAt: now,
            updatedAt: now,
            starred: false,
            model: providers.selectedModel(),
          };
          await store.sessions.put(session);
          setSessions((list) => [session!, ...list]);
          setActiveId(session.id);
        }
        // The question follows what the person sees: the last message shown.
        const parentId = messages().at(-1)?.id ?? (await currentSession())?.leafId ?? null;
        await ask(session, parentId, content, () => setDraft(''));
      } catch (error) {
        notices.error(error, 'Could not send the message');
      }
    },
    stop() {
      controller?.abort();
    },
    async regenerate(assistantId) {
      if (busy()) return;
      const session = activeSession();
      if (!session) return;
      const nodes = await store.sessions.nodes(session.id);
      const target = nodes.find((n) => n.id === assistantId);
      const parent = target?.parentId ? nodes.find((n) => n.id === target.parentId) : undefined;
      if (!parent) return;
      // The earlier reply, and all that followed it, stays in the tree as a sibling branch.
      await generate(session, parent);
    },
    async editMessage(userId, text) {
      const content = text.trim();
      if (!content || busy()) return;
      try {
        const session = activeSession();
        if (!session) return;
        const nodes = await store.sessions.nodes(session.id);
        const original = nodes.find((n) => n.id === userId && n.role === 'user');
        if (!original) return;
        await ask(session, original.parentId, content);
      } catch (error) {
        notices.error(error, 'Could not send the edited message');
      }
    },
    async switchBranch(nodeId, direction) {
      if (busy()) return;
      const session = activeSession();
      if (!session) return;
      try {
        const nodes = await store.sessions.nodes(session.id);
        const target = planBranchSwitch(nodes, nodeId, direction);
        if (!target) return;
        // Only the leaf moves: reading another branch does not make the session newer.
        await store.sessions.update(session.id, { leafId: target.leafId });
        markLeaf(session.id, target.leafId);
        if (activeId() === session.id) showPath(nodes, target.leafId);
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
    newSession() {
      setActiveId(undefined);
      setMessages([]);
    },
    async openSession(id) {
      setActiveId(id);
      await loadMessages(id);
    },
    async renameSession(id, title) {
      const clean = title.trim().replace(/\s+/g, ' ');
      if (!clean) throw new CoveError('bad-name', 'A conversation needs a title.', 'Type a title.');
      await store.sessions.update(id, { title: clean.slice(0, 120) });
      await loadSessions();
    },
    async deleteSession(id) {
      if (busy() && streamingSessionId === id) controller?.abort();
      await store.sessions.delete(id);
      const list = await loadSessions();
      if (activeId() === id) {
        setActiveId(list[0]?.id);
        await loadMessages(list[0]?.id);
      }
    },
    flush() {
      pendingWrite?.flush();
    },
    async start() {
      const leftovers = await store.sessions.streamingNodes();
      for (const node of leftovers) {
        if (await locks.isHeld(node.sessionId)) continue;
        await store.sessions.updateNode(node.id, {
          status: 'interrupted',
          finishedAt: clock.now(),
        });
      }
      lastWorkspace = undefined;
      await followWorkspace();
    },
  };

  // Switching workspace shows that workspace's conversations.
  workspaces.onWorkspaceChanged(() => void followWorkspace());
  return service;
}
