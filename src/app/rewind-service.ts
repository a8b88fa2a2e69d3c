/**
 * "Rewind files to here" and "Rewind conversation and files" for the chat panel: which
 * messages can be rewound to (a checkpoint of the agent at or after them on the active
 * path), the preview of what a rewind will do, the rewind itself and its Undo. The work is
 * the checkpoint service's (src/workspace/checkpoints.ts); this holds the state the UI shows.
 */
import { batch, createSignal, type Accessor } from 'solid-js';
import type { CheckpointRecord, CheckpointStore } from '../store/checkpoint-store';
import type { Clock } from '../base/clock';
import { CheckpointService, type RewindPlan } from '../workspace/checkpoints';
import type { ChangedByHand, RewindAction } from '../workspace/rewind-plan';
import { createKeptChanges } from './kept-changes';
import type { NoticeService } from './notice-service';
import type { SettingsStore } from '../store/settings-store';
import type { WorkspaceService } from './workspace-service';

/** One file of a rewind preview, as the dialog lists it. */
export interface RewindFileView {
  path: string;
  action: Exclude<RewindAction, 'unchanged'>;
  /** 'yes': changed after the agent wrote it, so the rewind overwrites someone's edit. */
  changedByHand: ChangedByHand;
  /** Open in an editor tab with text not saved yet (the tab will show the conflict). */
  unsaved: boolean;
}

/** A rewind waiting for confirmation. */
export interface RewindPreview {
  messageId: string;
  /** True for "Rewind conversation and files": the active path moves to the message too. */
  conversation: boolean;
  /** The files that change, by path; empty when the files are already as they were. */
  files: readonly RewindFileView[];
}

/** What the UI may do with rewinds. */
export interface RewindControls {
  /** True when the agent changed files at or after `messageId` on the active path. */
  available(messageId: string): boolean;
  /** Plans a rewind to `messageId` and shows it (`preview`); reports failures as notices. */
  preview(messageId: string, conversation: boolean): Promise<void>;
  /** The rewind shown for confirmation, if any. */
  readonly pending: Accessor<RewindPreview | undefined>;
  /** True while a rewind is being planned or carried out. */
  readonly working: Accessor<boolean>;
  /**
   * Carries out the pending rewind, then offers Undo in a notice. `conversation` overrides
   * the preview's choice (the dialog offers both).
   */
  confirm(conversation?: boolean): Promise<void>;
  cancel(): void;
  /**
   * The last run's change of `path`, to review: the file before the run (null: the run
   * created it) and now (null: the run deleted it). Undefined when the run's checkpoints do
   * not cover the file or a side is not text.
   */
  reviewBase(path: string): Promise<FileReview | undefined>;
  /**
   * The person kept changes of `path` in the review: from now on (and after a reload) the
   * review compares the file with `before`, the file before the run with them taken in.
   */
  keepChange(path: string, before: string): Promise<void>;
  /**
   * Puts back the last run's change of `path`: all of it, or with `text`, the file as the
   * review leaves it (some of the change put back). One recorded change, which later
   * rewinds know, with Undo in a notice. False when nothing was written (it says why).
   */
  undoChange(path: string, text?: string): Promise<boolean>;
}

/** A file the last run changed, before and now (see RewindControls.reviewBase). */
export interface FileReview {
  path: string;
  before: string | null;
  after: string | null;
}

export interface RewindService extends RewindControls {
  /** Reads the active session's checkpoints again (after a run, a switch of session). */
  refresh(): Promise<void>;
}

/** What the rewind needs from the conversation (the chat service). */
export interface RewindConversation {
  sessionId(): string | undefined;
  /** Ids of the active path's messages, root first. */
  messageIds(): readonly string[];
  /** The session's leaf now (to put it back on Undo). */
  leafId(): string | undefined;
  /** A message of the active path. */
  message(id: string): { role: string; parentId: string | null; content: string } | undefined;
  /** Moves the session's leaf (its active path) to `nodeId` (null: before the first message). */
  moveLeaf(sessionId: string, nodeId: string | null): Promise<void>;
  /** Puts text in the composer. */
  setDraft(text: string): void;
}

export function createRewindService(deps: {
  checkpoints: CheckpointStore;
  /** Where what the person kept in a review is remembered. */
  settings: SettingsStore;
  workspaces: WorkspaceService;
  conversation: RewindConversation;
  notices: NoticeService;
  clock: Clock;
  /** True when `path` is open in an editor tab with text not saved yet. */
  hasUnsavedEdits?: (path: string) => boolean;
}): RewindService {
  const { checkpoints, workspaces, conversation, notices, clock } = deps;
  const [list, setList] = createSignal<readonly CheckpointRecord[]>([]);
  const [pending, setPending] = createSignal<RewindPreview | undefined>();
  const [working, setWorking] = createSignal(false);
  const kept = createKeptChanges(deps.settings);
  let plan: { plan: RewindPlan; sessionId: string } | undefined;

  const service = () => {
    const files = workspaces.files();
    return files && new CheckpointService(files, checkpoints, clock);
  };

  /** The earliest turn checkpoint of a message at or after `messageId` on the active path. */
  function targetOf(messageId: string): CheckpointRecord | undefined {
    const ids = conversation.messageIds();
    const at = ids.indexOf(messageId);
    if (at < 0) return undefined;
    const after = new Set(ids.slice(at));
    const workspaceId = workspaces.current()?.id;
    return list().find(
      (row) => row.kind === 'turn' && row.workspaceId === workspaceId && after.has(row.nodeId),
    );
  }

  /** The first checkpoint of the run that answered the last message of the person. */
  function lastRunTarget(): CheckpointRecord | undefined {
    const ids = conversation.messageIds();
    const lastQuestion = ids.findLast((id) => conversation.message(id)?.role === 'user');
    return lastQuestion === undefined ? undefined : targetOf(lastQuestion);
  }

  /** The plan that puts every file of the last run back, read now. */
  async function lastRunPlan() {
    const target = lastRunTarget();
    const rewinder = service();
    if (!target || !rewinder) return undefined;
    return { rewinder, target, plan: await rewinder.planRewind(target) };
  }

  async function refresh() {
    const sessionId = conversation.sessionId();
    const rows = sessionId ? await checkpoints.list(sessionId) : [];
    if (conversation.sessionId() === sessionId) setList(rows);
  }

  /**
   * Where "Rewind conversation and files" leaves the active path: at an agent message, that
   * message; at the person's message, just before it, with its text back in the composer
   * to send again (as a new branch) or change.
   */
  function conversationTarget(messageId: string) {
    const message = conversation.message(messageId);
    if (message?.role !== 'user') return { leaf: messageId };
    return { leaf: message.parentId, draft: message.content };
  }

  async function carryOut(
    chosen: RewindPlan,
    sessionId: string,
    move: { leaf: string | null; draft?: string } | undefined,
    undoLeaf: string | undefined,
  ) {
    const rewinder = service();
    if (!rewinder) return;
    const result = await rewinder.rewind(chosen);
    if (move) {
      await conversation.moveLeaf(sessionId, move.leaf);
      if (move.draft !== undefined) conversation.setDraft(move.draft);
    }
    await refresh();
    const count = result.changed.length;
    const undo = result.undo;
    notices.show({
      kind: 'success',
      text:
        (count
          ? `Rewound ${count} file${count === 1 ? '' : 's'}`
          : 'The files were already as they were then') + (move ? ' and the conversation.' : '.'),
      ...(undo || undoLeaf
        ? {
            action: {
              label: 'Undo',
              run: () => void undoRewind(undo, sessionId, undoLeaf),
            },
          }
        : {}),
    });
  }

  async function undoRewind(
    undo: CheckpointRecord | null,
    sessionId: string,
    leaf: string | undefined,
  ) {
    setWorking(true);
    try {
      if (undo) {
        const rewinder = service();
        if (rewinder) await rewinder.rewind(await rewinder.planRewind(undo));
      }
      if (leaf) await conversation.moveLeaf(sessionId, leaf);
      await refresh();
      notices.show({ kind: 'info', text: 'Rewind undone.' });
    } catch (error) {
      notices.error(error, 'Could not undo the rewind');
    } finally {
      setWorking(false);
    }
  }

  return {
    refresh,
    pending,
    working,
    available: (messageId) => targetOf(messageId) !== undefined,
    async preview(messageId, rewindConversation) {
      const sessionId = conversation.sessionId();
      const target = targetOf(messageId);
      const rewinder = service();
      if (!sessionId || !target || !rewinder) return;
      setWorking(true);
      try {
        const made = await rewinder.planRewind(target);
        plan = { plan: made, sessionId };
        setPending({
          messageId,
          conversation: rewindConversation,
          files: made.files
            .filter((file) => file.action !== 'unchanged')
            .map((file) => ({
              path: file.path,
              action: file.action as RewindFileView['action'],
              changedByHand: file.changedByHand,
              unsaved: deps.hasUnsavedEdits?.(file.path) ?? false,
            })),
        });
      } catch (error) {
        notices.error(error, 'Could not prepare the rewind');
      } finally {
        setWorking(false);
      }
    },
    async confirm(withConversation) {
      const shown = pending();
      const chosen = plan;
      if (!shown || !chosen) return;
      const moving = withConversation ?? shown.conversation;
      setWorking(true);
      try {
        const leaf = moving ? conversation.leafId() : undefined;
        await carryOut(
          chosen.plan,
          chosen.sessionId,
          moving ? conversationTarget(shown.messageId) : undefined,
          leaf,
        );
        batch(() => {
          plan = undefined;
          setPending(undefined);
        });
      } catch (error) {
        // A file changed since the preview (or storage failed): nothing was written.
        notices.error(error, 'Could not rewind');
      } finally {
        setWorking(false);
      }
    },
    cancel() {
      plan = undefined;
      setPending(undefined);
    },
    async reviewBase(path) {
      try {
        const sessionId = conversation.sessionId();
        const planned = await lastRunPlan();
        const step = planned?.plan.files.find((file) => file.path === path);
        if (!sessionId || !planned || !step) return undefined;
        const before = step.action === 'unchanged' ? step.current?.content : step.restored;
        const after = step.current?.content ?? null;
        if (typeof before === 'object' && before !== null) return undefined;
        if (typeof after === 'object' && after !== null) return undefined;
        const keptBase = await kept.get(sessionId, planned.target.id, path);
        return { path, before: keptBase ?? before ?? null, after };
      } catch (error) {
        notices.error(error, `Could not read the change to ${path}`);
        return undefined;
      }
    },
    async keepChange(path, before) {
      const sessionId = conversation.sessionId();
      const target = lastRunTarget();
      if (!sessionId || !target) return;
      try {
        await kept.keep(sessionId, target.id, path, before);
      } catch (error) {
        notices.error(error, `Could not remember what you kept of ${path}`);
      }
    },
    async undoChange(path, text) {
      const sessionId = conversation.sessionId();
      setWorking(true);
      try {
        const planned = await lastRunPlan();
        const narrowed = planned && (await planned.rewinder.narrow(planned.plan, path, text));
        if (!sessionId || !planned || !narrowed) {
          notices.show({ kind: 'info', text: `${path} is already as it was before the run.` });
          return false;
        }
        const result = await planned.rewinder.rewind(narrowed);
        // All of it put back: nothing kept of it is left to remember.
        if (text === undefined) await kept.forget(sessionId, planned.target.id, path);
        await refresh();
        notices.show({
          kind: 'success',
          text:
            text === undefined
              ? `Put ${path} back as it was before the run.`
              : `Undid a change to ${path}.`,
          ...(result.undo
            ? {
                action: {
                  label: 'Undo',
                  run: () => void undoRewind(result.undo, sessionId, undefined),
                },
              }
            : {}),
        });
        return true;
      } catch (error) {
        notices.error(error, `Could not undo the change to ${path}`);
        return false;
      } finally {
        setWorking(false);
      }
    },
  };
}
