/**
 * The agent side of the chat panel: implements the engine's AgentPort (tools, policy, the
 * person to ask) and holds what the timeline shows besides messages as signals (the
 * pending approval, the plan, the files the run changed, how it ended, its tokens). The
 * chat service owns the engine and feeds this service the loop's events.
 */
import { batch, createSignal } from 'solid-js';
import type { AgentEvent } from '../agent/agent-events';
import type { AgentSettings } from '../agent/agent-settings';
import type { ApprovalDecision, ApprovalMode } from '../agent/approval-policy';
import type { AgentUserMessage, PendingMessage } from '../agent/agent-inbox';
import type { AgentPort } from '../agent/session-agent-run';
import type { ApprovalRequest } from '../agent/tool-batch';
import type { SettingsStore } from '../store/settings-store';
import type { TodoItem } from '../tools/todo/todo-list';
import { describeApproval } from './agent-approval';
import { addChange, changesOfLastRun } from './changed-files';
import type { NodeRecord } from '../store/records';
import type { AgentToolboxes } from './agent-toolbox';
import {
  pendingView,
  type AgentControls,
  type ApprovalChoice,
  type ChangedFileView,
  type PendingApproval,
  type PendingView,
  type RunEndView,
  type RunUsageView,
} from './agent-views';
import { errorText } from './messages/describe-error';

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
  /** Feeds one loop event of `sessionId` (the chat service forwards them all). */
  handle(sessionId: string, event: AgentEvent): void;
  /**
   * The person sent a message (or asked again): the changed files and tokens start over;
   * runs of messages queued meanwhile, and Continue, add to them.
   */
  begin(): void;
  /** Shows `sessionId`'s state (its plan and policy) after the panel switched session. */
  show(sessionId: string | undefined): Promise<void>;
  /**
   * Shows a session just created by the first message; the mode chosen while no session
   * existed yet (the empty conversation) becomes its mode.
   */
  adopt(sessionId: string): Promise<void>;
  /** Shows the files the last run on `path` changed, from its stored tool results (a reload). */
  restoreChanges(sessionId: string, path: readonly NodeRecord[]): void;
}

interface Waiting {
  sessionId: string;
  approval: PendingApproval;
  resolve(decision: ApprovalDecision): void;
}

export function createAgentService(deps: {
  toolboxes: AgentToolboxes;
  settings: SettingsStore;
  control: () => AgentRunControl;
  /** Settings → Agent as they are now: per-tool overrides, result and step limits. */
  agentSettings: () => AgentSettings;
  /** A write of a setting failed. */
  onError(error: unknown, what: string): void;
}): AgentService {
  const { toolboxes, settings } = deps;
  const [approval, setApproval] = createSignal<PendingApproval | undefined>();
  const [policy, setPolicySignal] = createSignal<ApprovalMode>(DEFAULT_APPROVAL_MODE);
  const [todo, setTodo] = createSignal<readonly TodoItem[]>([]);
  const [changedFiles, setChangedFiles] = createSignal<readonly ChangedFileView[]>([]);
  const [runEnd, setRunEnd] = createSignal<RunEndView | undefined>();
  const [usage, setUsage] = createSignal<RunUsageView | undefined>();
  const [pending, setPending] = createSignal<readonly PendingView[]>([]);
  let shown: string | undefined;
  /** A mode chosen before the session existed (see adopt). */
  let unsavedMode: ApprovalMode | undefined;
  /** Modes by session, as loaded or set. */
  const modes = new Map<string, ApprovalMode>();
  const approvedForSession = new Map<string, Set<string>>();
  let unsubscribeTodo: (() => void) | undefined;
  /** Approval requests in arrival order; the first is shown. */
  const waiting: Waiting[] = [];

  let inboxWatched = false;
  function watchInbox() {
    if (inboxWatched) return;
    inboxWatched = true;
    deps.control().onInboxChange(() => setPending(deps.control().pending().map(pendingView)));
  }

  function showNextApproval() {
    setApproval(waiting.find((w) => w.sessionId === shown)?.approval ?? waiting[0]?.approval);
  }

  async function loadMode(sessionId: string): Promise<ApprovalMode> {
    const known = modes.get(sessionId);
    if (known) return known;
    const stored = await settings.get<string>(policyKey(sessionId)).catch(() => undefined);
    const mode = MODES.find((m) => m === stored) ?? DEFAULT_APPROVAL_MODE;
    modes.set(sessionId, mode);
    return mode;
  }

  /** Adds a run's file changes to the list (per path, the diffs in order). */
  function noteChanges(event: Extract<AgentEvent, { type: 'tool_end' }>) {
    const diff = event.details?.['diff'];
    setChangedFiles((list) =>
      addChange(list, {
        changedFiles: event.changedFiles ?? [],
        ...(typeof diff === 'string' ? { diff } : {}),
        ...(event.deletedFiles ? { deleted: event.deletedFiles } : {}),
      }),
    );
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
        const entry: Waiting = { sessionId, approval: described, resolve };
        const settle = (decision: ApprovalDecision) => {
          const at = waiting.indexOf(entry);
          if (at < 0) return;
          waiting.splice(at, 1);
          showNextApproval();
          if (decision.type === 'approve_session')
            toolboxes.approvedForSession(sessionId, request.toolName);
          resolve(decision);
        };
        entry.resolve = settle;
        waiting.push(entry);
        // Stop takes the request down; the loop ends the call as aborted.
        request.signal.addEventListener('abort', () => settle({ type: 'stop' }), { once: true });
        showNextApproval();
      });
    },
  };

  const service: AgentService = {
    port,
    loadCatalog: () => toolboxes.loadCatalog(),
    approval,
    decide(choice: ApprovalChoice) {
      const current = approval();
      const entry = current && waiting.find((w) => w.approval === current);
      if (!entry) return;
      const decision: ApprovalDecision =
        choice.kind === 'reject'
          ? { type: 'reject', feedback: choice.feedback }
          : { type: choice.kind };
      entry.resolve(decision);
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
    todo,
    changedFiles,
    runEnd,
    usage,
    pending,
    takeBack(item) {
      return deps.control().withdraw(item.message);
    },
    continueRun() {
      const sessionId = shown;
      if (!sessionId) return;
      setRunEnd(undefined);
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
    handle(sessionId, event) {
      if (event.type === 'run_start') watchInbox();
      if (sessionId !== shown) return;
      switch (event.type) {
        case 'run_start':
          // Files and tokens add up over the follow-ups a message queued (see `begin`).
          setRunEnd(undefined);
          return;
        case 'message_end':
          if (event.usage) {
            const add = event.usage;
            setUsage((total) => ({
              inputTokens: (total?.inputTokens ?? 0) + add.inputTokens,
              outputTokens: (total?.outputTokens ?? 0) + add.outputTokens,
              totalTokens: (total?.totalTokens ?? 0) + add.totalTokens,
              ...(add.cost !== undefined || total?.cost !== undefined
                ? { cost: (total?.cost ?? 0) + (add.cost ?? 0) }
                : {}),
            }));
          }
          return;
        case 'tool_end':
          noteChanges(event);
          return;
        case 'run_end':
          batch(() => {
            // A failed request shows its error (with Retry) on the reply itself: once is enough.
            const onTheReply =
              event.error?.code === 'llm' || event.error?.code === 'context-overflow';
            setRunEnd(
              event.reason === 'done' || onTheReply
                ? undefined
                : {
                    reason: event.reason,
                    ...(event.error
                      ? { message: errorText(event.error) }
                      : event.repeatedCall
                        ? {
                            message: `${event.repeatedCall.toolName} failed the same way three times: ${event.repeatedCall.lastError}`,
                          }
                        : {}),
                  },
            );
          });
          return;
        default:
          return;
      }
    },
    begin() {
      batch(() => {
        setRunEnd(undefined);
        setChangedFiles([]);
        setUsage(undefined);
      });
    },
    async adopt(sessionId) {
      const mode = unsavedMode;
      unsavedMode = undefined;
      if (mode) modes.set(sessionId, mode);
      await service.show(sessionId);
      if (mode) service.setPolicy(mode);
    },
    restoreChanges(sessionId, path) {
      if (shown === sessionId && !changedFiles().length) setChangedFiles(changesOfLastRun(path));
    },
    async show(sessionId) {
      shown = sessionId;
      unsavedMode = undefined;
      unsubscribeTodo?.();
      unsubscribeTodo = undefined;
      batch(() => {
        setRunEnd(undefined);
        setChangedFiles([]);
        setUsage(undefined);
      });
      if (!sessionId) {
        setTodo([]);
        setPolicySignal(DEFAULT_APPROVAL_MODE);
        showNextApproval();
        return;
      }
      const list = toolboxes.todos(sessionId);
      setTodo(list.items);
      unsubscribeTodo = list.subscribe((items) => setTodo(items));
      showNextApproval();
      const mode = await loadMode(sessionId);
      if (shown === sessionId) setPolicySignal(mode);
    },
  };
  return service;
}
