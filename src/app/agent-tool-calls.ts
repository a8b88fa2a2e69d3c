/**
 * The tool call chips of the agent timeline as signals: one {@link ToolCallView} per call
 * id, kept across redraws of the conversation and brought in step with the call's state
 * (src/agent/tool-call-state.ts) whenever it changes. What a chip says of its call and
 * whether it shows output live come from the call's tool (`summarize`, `streamsOutput`),
 * looked up by name.
 */
import { batch, createSignal, type Setter } from 'solid-js';
import type { ToolCallState, ToolCallStatus } from '../agent/tool-call-state';
import { parseArguments, summarizeCall } from '../tools/call-summary';
import type { Tool, ToolImage, ToolReceipt } from '../tools/tool';
import type { ToolCallView } from './agent-views';

/** What the chips need of the tools: a lookup by name (reactive, see AgentToolboxes.tool). */
export interface ToolCallTools {
  /** Undefined for a tool not known (yet): the chip shows the path argument meanwhile. */
  tool(name: string): Pick<Tool, 'summarize' | 'streamsOutput' | 'receipt'> | undefined;
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

function createCall(call: ToolCallState, tools: ToolCallTools): MutableToolCall {
  const [argumentsText, setArgumentsText] = createSignal(call.argumentsText);
  const [status, setStatus] = createSignal<ToolCallStatus>(call.status);
  const [durationMs, setDurationMs] = createSignal<number | undefined>(call.durationMs);
  const [output, setOutput] = createSignal(call.output);
  const [result, setResult] = createSignal<string | undefined>(call.result);
  const [changedFiles, setChangedFiles] = createSignal<readonly string[]>(call.changedFiles);
  const [diff, setDiff] = createSignal<string | undefined>(call.diff);
  const [images, setImages] = createSignal<readonly ToolImage[]>(call.images);
  return {
    id: call.id,
    name: call.name,
    argumentsText,
    setArgumentsText,
    summary: () => summarizeCall(tools.tool(call.name), parseArguments(argumentsText()), result()),
    streamsOutput: () => tools.tool(call.name)?.streamsOutput === true,
    receipt: () => receiptOf(tools.tool(call.name), status(), argumentsText(), result()),
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

/** What a finished call left (its tool's `receipt`); a receipt that throws is none. */
function receiptOf(
  tool: Pick<Tool, 'receipt'> | undefined,
  status: ToolCallStatus,
  argumentsText: string,
  result: string | undefined,
): ToolReceipt | undefined {
  if (status !== 'done' || result === undefined || !tool?.receipt) return undefined;
  try {
    return tool.receipt(parseArguments(argumentsText), result);
  } catch {
    return undefined;
  }
}

/** Two lists of paths with the same entries in the same order. */
const samePaths = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((path, i) => path === b[i]);

/** The views of tool calls by id; one per conversation view. */
export class ToolCallViews {
  private readonly calls = new Map<string, MutableToolCall>();

  constructor(private readonly tools: ToolCallTools = NO_TOOLS) {}

  /** The view of each call, made once per id and then brought in step in place. */
  show(states: readonly ToolCallState[]): ToolCallView[] {
    return batch(() =>
      states.map((state) => {
        let view = this.calls.get(state.id);
        if (!view || view.name !== state.name) {
          view = createCall(state, this.tools);
          this.tools.load();
          if (state.id) this.calls.set(state.id, view);
          return view;
        }
        view.setArgumentsText(state.argumentsText);
        view.setStatus(state.status);
        view.setDurationMs(state.durationMs);
        view.setOutput(state.output);
        view.setResult(state.result);
        if (!samePaths(view.changedFiles(), state.changedFiles))
          view.setChangedFiles(state.changedFiles);
        view.setDiff(state.diff);
        if (view.images?.() !== state.images) view.setImages(state.images);
        return view;
      }),
    );
  }

  /** Forgets every view (another session is shown). */
  clear(): void {
    this.calls.clear();
  }
}
