/**
 * Checkpoints of one agent run: the run's tools write through `files`, which records each
 * path in a checkpoint of the current turn (the assistant node whose tool calls run) just
 * before it is written. A turn's checkpoint is settled when the next turn starts and when
 * the run ends, so a later rewind can tell the agent's writes from edits made by hand.
 */
import type { CheckpointRecord } from '../store/checkpoint-store';
import { checkpointedFiles, type CheckpointedFiles } from '../workspace/checkpointed-files';
import type { CheckpointService } from '../workspace/checkpoints';
import type { WorkspaceFiles } from '../workspace/workspace-files';

export interface RunCheckpoints {
  /** The workspace's files for the run's tools: every write is recorded first. */
  readonly files: CheckpointedFiles;
  /**
   * A new turn begins whose reply is node `nodeId`: the previous turn's checkpoint is
   * settled (before any write of the new turn is recorded) and writes go to the new one.
   */
  beginTurn(nodeId: string): void;
  /** The run is over: settles the last turn's checkpoint. Never rejects. */
  finish(): Promise<void>;
}

export function createRunCheckpoints(deps: {
  sessionId: string;
  files: WorkspaceFiles;
  checkpoints: CheckpointService;
  /** Settling failed (the checkpoint stays usable; hand edits show as "unknown"). */
  onError(error: unknown): void;
}): RunCheckpoints {
  const { sessionId, checkpoints } = deps;
  let nodeId: string | undefined;
  /** The current turn's checkpoint, once something was recorded in it. */
  let open: CheckpointRecord | undefined;
  /** Records in flight, so settling waits for them. */
  let recording: Promise<unknown> = Promise.resolve();
  /** The previous turn's settling; the next turn records only after it. */
  let settling: Promise<void> = Promise.resolve();

  async function settleOpen() {
    await recording;
    const checkpoint = open;
    open = undefined;
    if (!checkpoint) return;
    try {
      await checkpoints.settle(checkpoint);
    } catch (error) {
      deps.onError(error);
    }
  }

  const files = checkpointedFiles(deps.files, async (paths) => {
    // Writes outside a turn (none are expected) are not the agent's: nothing to record.
    const turn = nodeId;
    if (!turn) return;
    await settling;
    const record = checkpoints.record(sessionId, turn, paths);
    recording = Promise.all([recording, record.catch(() => undefined)]);
    // A failed record rejects and so stops the write: no change the rewind cannot undo.
    open = await record;
  });

  return {
    files,
    beginTurn(id) {
      const previous = settling;
      settling = previous.then(settleOpen);
      nodeId = id;
    },
    async finish() {
      nodeId = undefined;
      const previous = settling;
      settling = previous.then(settleOpen);
      await settling;
    },
  };
}
