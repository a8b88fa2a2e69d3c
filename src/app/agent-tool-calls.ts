/**
 * The tool call chips of the agent timeline: one {@link ToolCallView} per call id, kept
 * across redraws of the conversation, filled from stored nodes (a reload) and from the
 * loop's live events (status, streamed output, diff, changed files) while a run goes on.
 * What a chip says of its call and whether it shows output live come from the call's tool
 * (`summarize`, `streamsOutput`), looked up by name.
 */
import { batch, createSignal, type Setter } from 'solid-js';
import type { AgentEvent, ToolOutcome } from '../agent/agent-events';
import type { NodeRecord, StoredToolCall } from '../store/records';
import { parseArguments, summarizeCall } from '../tools/call-summary';
import type { Tool, ToolImage } from '../tools/tool';
import type { ToolCallStatus, ToolCallView } from './agent-views';

/** What the chips need of the tools: a lookup by name (reactive, see AgentToolboxes.tool). */
export interface ToolCallTools {
  /** Undefined for a tool not known (yet): the chip shows the path argument meanwhile. */
  tool(name: string): Pick<Tool, 'summarize' | 'streamsOutput'> | undefined;
  /** Asked once a call is shown, so the chip's tool is there to describe it. */
  load(): void;
}

const NO_TOOLS: ToolCallTools = { tool: () => undefined, load: () => undefined };

interface MutableToolCall extends ToolCallView {
  setArgumentsText: Setter<string>;
  setStatus: Setter<ToolCallStatus>;
  setDurationMs: Setter<number | undefined>;
  setOutput: Setter<string>;
  setResult: Setter<string | undefined>;
  setChangedFiles: Setter<readonly string[]>;
  setDiff: Setter<string | undefined>;
  setImages: Setter<readonly ToolImage[]>;
}

const OUTCOME_STATUS: Record<ToolOutcome, ToolCallStatus> = {
  ok: 'done',
  error: 'error',
  invalid: 'error',
  rejected: 'rejected',
  aborted: 'aborted',
};

/** The status a stored tool result node stands for (see session-agent-run.ts). */
function storedStatus(result: NodeRecord): ToolCallStatus {
  if (result.status === 'aborted' || result.status === 'interrupted') return 'aborted';
  if (result.status === 'error') return result.error?.code === 'rejected' ? 'rejected' : 'error';
  return 'done';
}

function createCall(call: StoredToolCall, tools: ToolCallTools): MutableToolCall {
  const [argumentsText, setArgumentsText] = createSignal(call.arguments);
  const [status, setStatus] = createSignal<ToolCallStatus>('pending');
  const [durationMs, setDurationMs] = createSignal<number | undefined>();
  const [output, setOutput] = createSignal('');
  const [result, setResult] = createSignal<string | undefined>();
  const [changedFiles, setChangedFiles] = createSignal<readonly string[]>([]);
  const [diff, setDiff] = createSignal<string | undefined>();
  const [images, setImages] = createSignal<readonly ToolImage[]>([]);
  return {
    id: call.id,
    name: call.name,
    argumentsText,
    setArgumentsText,
    summary: () => summarizeCall(tools.tool(call.name), parseArguments(argumentsText()), result()),
    streamsOutput: () => tools.tool(call.name)?.streamsOutput === true,
    status,
    setStatus,
    durationMs,
    setDurationMs,
    output,
    setOutput,
    result,
    setResult,
    changedFiles,
    setChangedFiles,
    diff,
    setDiff,
    images,
    setImages,
  };
}

/** The views of tool calls by id; one per chat service. */
export class ToolCallViews {
  private readonly calls = new Map<string, MutableToolCall>();

  constructor(private readonly tools: ToolCallTools = NO_TOOLS) {}

  /**
   * The views of an assistant message's calls, with their stored results folded in
   * (`results` by tool call id). A view is made once per id and then updated in place.
   * `unanswered` is the status of a call without a result: `pending` while a run may still
   * answer it, else why none will.
   */
  forMessage(
    calls: readonly StoredToolCall[],
    results: ReadonlyMap<string, NodeRecord>,
    unanswered: 'pending' | 'interrupted' | 'not_run' = 'pending',
  ): ToolCallView[] {
    return calls.map((call) => {
      let view = this.calls.get(call.id);
      if (!view || view.name !== call.name) {
        view = createCall(call, this.tools);
        this.tools.load();
        if (call.id) this.calls.set(call.id, view);
      }
      const target = view;
      const stored = results.get(call.id);
      batch(() => {
        target.setArgumentsText(call.arguments);
        if (!stored) {
          // A live call keeps what the loop's events said; one no run will answer says why.
          if (unanswered !== 'pending') target.setStatus(unanswered);
          return;
        }
        target.setStatus(storedStatus(stored));
        target.setResult(stored.content);
        if (stored.toolEffects) {
          target.setChangedFiles(stored.toolEffects.changedFiles);
          if (stored.toolEffects.diff !== undefined) target.setDiff(stored.toolEffects.diff);
        }
        if (stored.finishedAt !== undefined) {
          target.setDurationMs(stored.finishedAt - stored.startedAt);
        }
      });
      return view;
    });
  }

  /** Calls still pending that nothing will answer now: each says why (`status`). */
  settle(calls: readonly ToolCallView[], status: 'interrupted' | 'not_run'): void {
    batch(() => {
      for (const call of calls) {
        const view = this.calls.get(call.id);
        if (view?.status() === 'pending') view.setStatus(status);
      }
    });
  }

  /** Applies a live event of the loop to the call it is about. */
  apply(event: AgentEvent): void {
    switch (event.type) {
      case 'approval_request':
        this.calls.get(event.callId)?.setStatus('awaiting_approval');
        return;
      case 'tool_start':
        this.calls.get(event.callId)?.setStatus('running');
        return;
      case 'tool_update': {
        const view = this.calls.get(event.callId);
        view?.setOutput((text) => text + event.text);
        return;
      }
      case 'tool_end': {
        const view = this.calls.get(event.callId);
        if (!view) return;
        const diff = event.details?.['diff'];
        batch(() => {
          view.setStatus(OUTCOME_STATUS[event.outcome]);
          view.setDurationMs(event.durationMs);
          view.setResult(event.message.content);
          view.setChangedFiles(event.changedFiles ?? []);
          if (typeof diff === 'string') view.setDiff(diff);
          if (event.images?.length) view.setImages(event.images);
        });
        return;
      }
      default:
        return;
    }
  }

  /** Forgets every view (another session is shown). */
  clear(): void {
    this.calls.clear();
  }
}
