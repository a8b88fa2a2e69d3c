/**
 * What the parts of the session engine share: its dependencies, its listeners, the one
 * write that appends a node and moves the leaf, and the session it runs in now. A run holds
 * the session's cross-tab lock from before its question is stored until its last follow-up
 * ended, and one abort signal covers all of it (compaction, replies, tool calls), so Stop
 * ends whatever runs.
 */
import { CoveError, describeError } from '../base/errors';
import { newId as randomId } from '../base/ids';
import { resolveModelSettings } from '../llm/provider-config';
import type { ModelCapabilities } from '../llm/model-capabilities';
import type { NodeRecord, StoredError } from '../store/records';
import { AgentInbox } from './agent-inbox';
import type {
  ReplyModel,
  SessionActivity,
  SessionEngineDeps,
  SessionEngineEvent,
  SessionEngineListener,
} from './session-engine-types';
import { agentError } from './agent-errors';
import { toStoredError } from '../store/stored-error';

/** A run in progress: the session it answers in and how to stop it. */
interface ActiveRun {
  sessionId: string;
  controller: AbortController;
}

export interface EngineCore {
  readonly deps: SessionEngineDeps;
  /** Messages typed during an agent run: steering and queued follow-ups. */
  readonly inbox: AgentInbox;
  newId(): string;
  subscribe(listener: SessionEngineListener): () => void;
  /** Calls every listener; returns a promise only when one of them returned one. */
  emit(event: SessionEngineEvent): Promise<void> | undefined;
  /** Appends `node` and moves the leaf to it (one transaction), then says so. */
  append(node: NodeRecord): Promise<void>;
  /**
   * Runs `work` holding the session's lock, as this engine's run: Stop aborts its signal.
   * False when another tab holds the lock; `busy` when this engine already runs (here or
   * in another session: one run at a time per tab).
   */
  run(sessionId: string, work: (signal: AbortSignal) => Promise<void>): Promise<boolean | 'busy'>;
  /** Says what the run does now (see SessionActivity). */
  setActivity(sessionId: string, activity: SessionActivity): void;
  /** The session this engine runs in now, if any. */
  running(): string | undefined;
  /** Aborts the run, if any (what arrived is kept). */
  stop(): void;
  /** A problem worked around (see SessionEngineDeps.onProblem). */
  problem(error: unknown, what: string): void;
}

/** A failure of Cove itself while answering, as a reply stores it. */
export function internalError(failure: unknown): StoredError {
  const error =
    failure instanceof CoveError
      ? failure
      : agentError('internal', { variant: 'answering', detail: describeError(failure) });
  return toStoredError(error);
}

/** The model's capabilities and the reply's output limit under the person's setting. */
export function modelLimits(
  model: ReplyModel,
  maxTokensSetting: number | undefined,
): { capabilities: ModelCapabilities; maxOutputTokens: number } {
  const { capabilities } = resolveModelSettings(model.provider, model.modelId);
  return {
    capabilities,
    maxOutputTokens: Math.min(
      maxTokensSetting ?? capabilities.maxOutputTokens,
      capabilities.maxOutputTokens,
    ),
  };
}

export function createEngineCore(deps: SessionEngineDeps): EngineCore {
  const listeners = new Set<SessionEngineListener>();
  const reportListenerError =
    deps.onListenerError ?? ((error: unknown) => console.error('A session listener threw:', error));
  const problem =
    deps.onProblem ?? ((error: unknown, what: string) => console.warn(`${what}:`, error));
  let active: ActiveRun | undefined;

  const core: EngineCore = {
    deps,
    inbox: new AgentInbox(),
    newId: deps.newId ?? randomId,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event) {
      let waits: Promise<void>[] | undefined;
      for (const listener of [...listeners]) {
        try {
          const result = listener(event);
          if (result) (waits ??= []).push(result.catch(reportListenerError));
        } catch (error) {
          reportListenerError(error);
        }
      }
      return waits && Promise.all(waits).then(() => undefined);
    },
    async append(node) {
      await deps.sessions.append(node, node.startedAt);
      await core.emit({ type: 'node_appended', sessionId: node.sessionId, node });
    },
    async run(sessionId, work) {
      if (active) return 'busy';
      const run: ActiveRun = { sessionId, controller: new AbortController() };
      // Claimed before the lock is asked for, so a second Send in this tab is `busy`.
      active = run;
      try {
        const held = await deps.locks.tryWith(sessionId, async () => {
          core.setActivity(sessionId, 'answering');
          try {
            await work(run.controller.signal);
          } finally {
            core.setActivity(sessionId, 'idle');
          }
        });
        return held !== undefined;
      } finally {
        if (active === run) active = undefined;
      }
    },
    setActivity(sessionId, activity) {
      void core.emit({ type: 'activity', sessionId, activity });
    },
    running: () => active?.sessionId,
    stop() {
      active?.controller.abort();
    },
    problem,
  };
  return core;
}
