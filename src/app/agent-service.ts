/**
 * The agent side of the chat panel: implements the engine's AgentPort (tools, policy, the
 * person to ask) and the person's controls over a run. What the timeline shows besides
 * messages (the approval waiting, the plan, the files the run changed, how it ended, its
 * tokens, the messages pending) is the session state's (src/agent/session-state.ts): this
 * service tells it what only the app sees (an approval asked, the plan or the inbox
 * changed) and reads it back through the one adapter (session-signals.ts).
 */
import { createSignal } from 'solid-js';
import type { AgentEvent } from '../agent/agent-events';
import type { AgentSettings } from '../agent/agent-settings';
import type { ApprovalDecision, ApprovalMode } from '../agent/approval-policy';
import type { AgentUserMessage, PendingMessage } from '../agent/agent-inbox';
import { shownApproval } from '../agent/session-selectors';
import type { AgentPort } from '../agent/session-agent-run';
import type { ApprovalRequest } from '../agent/tool-batch';
import type { SettingsStore } from '../store/settings-store';
import type { TodoItem } from '../tools/todo/todo-list';
import { describeApproval } from './agent-approval';
import type { AgentToolboxes } from './agent-toolbox';
import {
  pendingView,
  type AgentControls,
  type ApprovalChoice,
  type PendingApproval,
  type PendingView,
  type RunEndView,
} from './agent-views';
import { errorText } from './messages/describe-error';
import type { SessionSignals } from './session-signals';
import type { RunEnd } from '../agent/session-state';

/** Where a session's approval mode is kept (the session rows' schema stays as it is). */
export const policyKey = (sessionId: string) => `agent.policy.${sessionId}`;

/** The mode of a session that never chose one. */
export const DEFAULT_APPROVAL_MODE: ApprovalMode = 'ask';

const MODES: readonly ApprovalMode[] = ['ask', 'auto-edit', 'auto'];

/** What the agent service needs from the session engine, which the chat service owns. */
export interface AgentRunControl {
  stop(): void;
  continueRun(sessionId: string): Promise<void>;
  steer(text: string): void;
  queue(text: string): void;
  /** Messages typed during a run and not delivered yet, as the inbox holds them. */
  pending(): readonly PendingMessage[];
  /** Takes a waiting message back; false when it was delivered meanwhile. */
  withdraw(message: AgentUserMessage): boolean;
  /** Calls `listener` when the inbox changes; returns its removal. */
  onInboxChange(listener: () => void): () => void;
}

export interface AgentService extends AgentControls {
  /** The engine's port: what runs need from the app. */
  readonly port: AgentPort;
  /** Follows the inbox once a run starts (its messages become the state's `pending`). */
  handle(event: AgentEvent): void;
  /**
   * The person sent a message (or asked again): the changed files and tokens start over;
   * runs of messages queued meanwhile, and Continue, add to them.
   */
  begin(): void;
  /** Shows `sessionId`'s plan and policy after the panel switched session. */
  show(sessionId: string | undefined): Promise<void>;
  /**
   * Shows a session just created by the first message; the mode chosen while no session
   * existed yet (the empty conversation) becomes its mode.
   */
  adopt(sessionId: string): Promise<void>;
}

/** How a run's end reads in the timeline. */
function runEndView(end: RunEnd | undefined): RunEndView | undefined {
  if (!end) return undefined;
  const message = end.error
    ? errorText(end.error)
    : end.repeatedCall
      ? `${end.repeatedCall.toolName} failed the same way three times: ${end.repeatedCall.lastError}`
      : undefined;
  return { reason: end.reason, ...(message !== undefined ? { message } : {}) };
}

export function createAgentService(deps: {
  state: SessionSignals;
  toolboxes: AgentToolboxes;
  settings: SettingsStore;
  control: () => AgentRunControl;
  /** Settings → Agent as they are now: per-tool overrides, result and step limits. */
  agentSettings: () => AgentSettings;
  /** A write of a setting failed. */
  onError(error: unknown, what: string): void;
}): AgentService {
  const { toolboxes, settings, state } = deps;
  const [policy, setPolicySignal] = createSignal<ApprovalMode>(DEFAULT_APPROVAL_MODE);
  const approval = state.slice(shownApproval);
  const pendingMessages = state.slice((s) => s.pending);
  // The same views while the inbox stays as it is, so lists keyed by them keep their rows.
  let viewsOf: { messages: readonly PendingMessage[]; views: PendingView[] } = {
    messages: [],
    views: [],
  };
  const pending = () => {
    const messages = pendingMessages();
    if (viewsOf.messages !== messages) viewsOf = { messages, views: messages.map(pendingView) };
    return viewsOf.views;
  };
  const runEnd = state.slice((s) => s.runEnd);
  let shown: string | undefined;
  /** A mode chosen before the session existed (see adopt). */
  let unsavedMode: ApprovalMode | undefined;
  /** Modes by session, as loaded or set. */
  const modes = new Map<string, ApprovalMode>();
  const approvedForSession = new Map<string, Set<string>>();
  let unsubscribeTodo: (() => void) | undefined;
  /** How to answer each approval waiting (the state lists them; the promises live here). */
  const answers = new Map<PendingApproval, (decision: ApprovalDecision) => void>();

  let inboxWatched = false;
  function watchInbox() {
    if (inboxWatched) return;
    inboxWatched = true;
    deps
      .control()
      .onInboxChange(() =>
        state.dispatch({ type: 'inbox_changed', pending: [...deps.control().pending()] }),
      );
  }

  async function loadMode(sessionId: string): Promise<ApprovalMode> {
    const known = modes.get(sessionId);
    if (known) return known;
    const stored = await settings.get<string>(policyKey(sessionId)).catch(() => undefined);
    const mode = MODES.find((m) => m === stored) ?? DEFAULT_APPROVAL_MODE;
    modes.set(sessionId, mode);
    return mode;
  }

  const port: AgentPort = {
    async toolbox(sessionId) {
      await loadMode(sessionId);
      const toolbox = await toolboxes.toolbox(sessionId);
      // A tool that changed since it was approved for the session asks again.
      for (const name of toolboxes.revokedApprovals(sessionId))
        approvedForSession.get(sessionId)?.delete(name);
      return toolbox;
    },
    async chatToolbox(sessionId) {
      await loadMode(sessionId);
      return toolboxes.chatToolbox(sessionId);
    },
    // Read at every call, so a mode or override changed during a run applies to its next call.
    policy: (sessionId) => ({
      get mode() {
        return modes.get(sessionId) ?? DEFAULT_APPROVAL_MODE;
      },
      get overrides() {
        return toolboxes.approvalOverrides(sessionId, deps.agentSettings().toolOverrides);
      },
    }),
    // Read when a run starts.
    get maxSteps() {
      return deps.agentSettings().maxSteps;
    },
    get toolResultCap() {
      return deps.agentSettings().toolResultCap;
    },
    sessionApproved(sessionId) {
      let set = approvedForSession.get(sessionId);
      if (!set) approvedForSession.set(sessionId, (set = new Set()));
      return set;
    },
    async approve(sessionId, request: ApprovalRequest) {
      const described = await describeApproval(
        request,
        toolboxes.tool(request.toolName),
        toolboxes.previewContext(sessionId),
      );
      if (request.signal.aborted) return { type: 'stop' };
      return new Promise<ApprovalDecision>((resolve) => {
        const settle = (decision: ApprovalDecision) => {
          if (!answers.delete(described)) return;
          state.dispatch({ type: 'approval_settled', card: described });
          if (decision.type === 'approve_session')
            toolboxes.approvedForSession(sessionId, request.toolName);
          resolve(decision);
        };
        answers.set(described, settle);
        // Stop takes the request down; the loop ends the call as aborted.
        request.signal.addEventListener('abort', () => settle({ type: 'stop' }), { once: true });
        state.dispatch({ type: 'approval_asked', sessionId, card: described });
      });
    },
  };

  const service: AgentService = {
    port,
    loadCatalog: () => toolboxes.loadCatalog(),
    approval,
    decide(choice: ApprovalChoice) {
      const current = approval();
      const answer = current && answers.get(current);
      if (!answer) return;
      const decision: ApprovalDecision =
        choice.kind === 'reject'
          ? { type: 'reject', feedback: choice.feedback }
          : { type: choice.kind };
      answer(decision);
    },
    policy,
    setPolicy(mode) {
      const sessionId = shown;
      setPolicySignal(mode);
      if (!sessionId) {
        unsavedMode = mode;
        return;
      }
      modes.set(sessionId, mode);
      void settings
        .set(policyKey(sessionId), mode)
        .catch((error: unknown) => deps.onError(error, 'Could not save the approval mode'));
    },
    todo: state.slice((s) => s.todo),
    changedFiles: state.slice((s) => s.changes),
    runEnd: () => runEndView(runEnd()),
    usage: state.slice((s) => s.usage),
    pending,
    takeBack(item) {
      return deps.control().withdraw(item.message);
    },
    continueRun() {
      const sessionId = shown;
      if (!sessionId) return;
      state.dispatch({ type: 'run_begun' });
      void deps.control().continueRun(sessionId);
    },
    steer(text) {
      watchInbox();
      if (text.trim()) deps.control().steer(text.trim());
    },
    queue(text) {
      watchInbox();
      if (text.trim()) deps.control().queue(text.trim());
    },
    handle(event) {
      if (event.type === 'run_start') watchInbox();
    },
    begin() {
      state.dispatch({ type: 'run_begun' });
    },
    async adopt(sessionId) {
      const mode = unsavedMode;
      unsavedMode = undefined;
      if (mode) modes.set(sessionId, mode);
      await service.show(sessionId);
      if (mode) service.setPolicy(mode);
    },
    async show(sessionId) {
      shown = sessionId;
      unsavedMode = undefined;
      unsubscribeTodo?.();
      unsubscribeTodo = undefined;
      if (!sessionId) {
        setPolicySignal(DEFAULT_APPROVAL_MODE);
        return;
      }
      const list = toolboxes.todos(sessionId);
      const showPlan = (items: readonly TodoItem[]) =>
        state.dispatch({ type: 'todo_changed', sessionId, items });
      showPlan(list.items);
      unsubscribeTodo = list.subscribe(showPlan);
      const mode = await loadMode(sessionId);
      if (shown === sessionId) setPolicySignal(mode);
    },
  };
  return service;
}
