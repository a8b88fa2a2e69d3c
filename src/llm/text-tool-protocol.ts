import { stopReasonOf } from './assistant-reply';
import type { ChatClient, ChatRequest } from './chat-client';
import type { ChatMessage, ToolSpec } from './chat-message';
import type { LlmEvent } from './llm-events';
import { parseArguments, type AssembledToolCall } from './tool-call-assembly';

/**
 * Cove's plain-text tool protocol, for models whose server has no native tool calling
 * (ModelCapabilities.toolCalling === 'text'). The tools are described in the system prompt;
 * the model calls one by ending its reply with
 *
 *   Thought: why
 *   Action: tool_name
 *   Action Input: {"json": "arguments"}
 *
 * and reads the result in the next user message ("Observation from tool_name: …"). The
 * parser turns such a reply into the same tool calls as a native reply, so the agent loop
 * cannot tell the difference. It tolerates code fences, Markdown emphasis, prose before the
 * action, text after it (a model that goes on to invent the observation) and malformed
 * JSON, which becomes a call whose `argumentsError` the loop reports back to the model.
 */

// By tool list: the loop sends the same list every turn, and its schemas need not be
// serialized again for each request.
const promptCache = new WeakMap<readonly ToolSpec[], string>();

/** The instructions and tool list appended to the system prompt. */
export function buildTextProtocolPrompt(tools: readonly ToolSpec[]): string {
  const cached = promptCache.get(tools);
  if (cached !== undefined) return cached;
  const prompt = protocolPrompt(tools);
  promptCache.set(tools, prompt);
  return prompt;
}

function protocolPrompt(tools: readonly ToolSpec[]): string {
  const list = tools
    .map(
      (tool) =>
        `### ${tool.name}\n${tool.description.trim()}\nArguments (JSON Schema): ${JSON.stringify(tool.parameters)}`,
    )
    .join('\n\n');
  return `# Tools

You can use the tools below. This conversation has no built-in tool calls: you call a tool by writing text in this exact format at the end of your reply:

Thought: <one sentence on why this step>
Action: <tool name>
Action Input: <the arguments as one JSON object on one or more lines>

Then stop writing. The result comes back in the next message, starting with "Observation from <tool name>:". Call one tool per reply, and never write the observation yourself. When you need no tool (the task is done, or you must ask the user something), answer normally, without an Action line.

${list}`;
}

/** A reply read with the protocol: the visible answer, the thought, and the call if any. */
export interface TextProtocolReply {
  /** Text for the user: everything outside the Thought and the action. */
  content: string;
  /** The Thought part, shown as reasoning. */
  thought: string;
  /** The call, when the reply has an Action line. */
  call?: AssembledToolCall;
}

const MARKUP = String.raw`[ \t>*_#\-]*`;
// A label such as "Action:", also as "**Action:**", "> Action:" or "- Action:".
const label = (word: string) => String.raw`^${MARKUP}${word}[*_]*[ \t]*:[*_]*[ \t]*`;
const ACTION_LINE = new RegExp(`${label('Action')}(.*)$`, 'im');
const ACTION_INPUT = /Action[ \t_-]*Input[*_]*[ \t]*:[*_]*/i;
const THOUGHT = new RegExp(label('Thought'), 'im');
const FINAL_ANSWER = new RegExp(label(String.raw`Final[ \t]+Answer`), 'im');
const FENCE_LINE = /^[ \t]*(```|~~~)[\w-]*[ \t]*$/gm;

/**
 * Reads one complete reply. `callId` becomes the id of the call it finds. The first Action
 * wins; anything after its arguments is ignored.
 */
export function parseTextProtocolReply(text: string, callId = 'call_text_0'): TextProtocolReply {
  const action = ACTION_LINE.exec(text);
  if (!action) return splitThought(text);
  // An action written inside a code fence: drop the fence lines around the thought.
  const before = text.slice(0, action.index).replace(FENCE_LINE, '');
  const { content, thought } = splitThought(before, true);
  const rest = text.slice(action.index + action[0].length);
  const nameLine = action[1] ?? '';
  const name = /[A-Za-z0-9_][\w.-]*/.exec(nameLine.replace(/[`*"'“”]/g, ' '))?.[0] ?? '';
  let argsText: string;
  const input = ACTION_INPUT.exec(rest);
  const inlineBrace = nameLine.indexOf('{');
  if (input) argsText = extractJson(rest.slice(input.index + input[0].length));
  // `Action: read_file {"path": …}` or `Action: read_file({…})`: arguments on the same line.
  else if (inlineBrace !== -1) argsText = extractJson(nameLine.slice(inlineBrace) + rest);
  else argsText = '';
  const call: AssembledToolCall = {
    id: callId,
    name,
    arguments: argsText,
    ...parseArguments(argsText),
  };
  if (!name) {
    call.parsedArguments = undefined;
    call.argumentsError = 'The Action line names no tool.';
  }
  return { content, thought, call };
}

/** Splits "prose Thought: … Final Answer: …" into the answer and the thought. */
function splitThought(text: string, beforeAction = false): { content: string; thought: string } {
  const thought = THOUGHT.exec(text);
  const final = FINAL_ANSWER.exec(text);
  if (final) {
    const answer = text.slice(final.index + final[0].length).trim();
    const head = text.slice(0, final.index);
    const headThought = THOUGHT.exec(head);
    if (!headThought) return { content: joinParts(head, answer), thought: '' };
    return {
      content: joinParts(head.slice(0, headThought.index), answer),
      thought: head.slice(headThought.index + headThought[0].length).trim(),
    };
  }
  if (thought) {
    // A thought with no action and no final answer: the prose before it is the answer, and
    // so is the thought when there is nothing else (better shown than lost).
    const prose = text.slice(0, thought.index).trim();
    const body = text.slice(thought.index + thought[0].length).trim();
    return prose || beforeAction
      ? { content: prose, thought: body }
      : { content: body, thought: '' };
  }
  return { content: text.trim(), thought: '' };
}

function joinParts(a: string, b: string): string {
  return [a.trim(), b.trim()].filter(Boolean).join('\n\n');
}

/**
 * The JSON argument text at the start of `text` (after an optional code fence): a balanced
 * `{…}` when there is one (strings and escapes respected), else the text up to the end of
 * the fence or the first blank line, which will fail to parse and be reported.
 */
export function extractJson(text: string): string {
  let start = 0;
  const fence = /^\s*(```|~~~)[\w-]*[ \t]*\n/.exec(text);
  if (fence) start = fence[0].length;
  const brace = text.indexOf('{', start);
  const leading = text.slice(start, brace === -1 ? text.length : brace);
  if (brace !== -1 && leading.trim() === '') {
    const end = balancedEnd(text, brace);
    if (end !== -1) return text.slice(brace, end);
  }
  // No object, or one that never closes: keep what the model wrote, for the error.
  const body = text.slice(start);
  const stop = body.search(
    fence ? /\n[ \t]*(```|~~~)/ : /\n[ \t]*\n|\n[ \t]*(```|~~~)|\nObservation/i,
  );
  return (stop === -1 ? body : body.slice(0, stop)).trim();
}

/** Index just after the `}` closing the object that opens at `open`, or -1. */
function balancedEnd(text: string, open: number): number {
  let depth = 0;
  let inString = false;
  for (let i = open; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * The conversation rewritten for a model without native tools: the protocol prompt joins
 * the system message, earlier assistant tool calls become Action text, and tool results
 * become user messages (adjacent results merged into one, for chat templates that want
 * user and assistant to alternate).
 */
export function toTextProtocolMessages(
  messages: readonly ChatMessage[],
  tools: readonly ToolSpec[],
): ChatMessage[] {
  const protocol = buildTextProtocolPrompt(tools);
  const out: ChatMessage[] = [];
  const names = new Map<string, string>();
  let systemDone = false;
  for (const message of messages) {
    if (message.role === 'system' && !systemDone) {
      out.push({ role: 'system', content: `${message.content}\n\n${protocol}` });
      systemDone = true;
    } else if (message.role === 'assistant' && message.toolCalls?.length) {
      const actions = message.toolCalls.map((call) => {
        names.set(call.id, call.name);
        return `Action: ${call.name}\nAction Input: ${call.arguments || '{}'}`;
      });
      const content = [message.content.trim(), ...actions].filter(Boolean).join('\n\n');
      out.push({
        role: 'assistant',
        content,
        ...(message.reasoning ? { reasoning: message.reasoning } : {}),
      });
    } else if (message.role === 'tool') {
      const text = `Observation from ${names.get(message.toolCallId) ?? 'the tool'}:\n${message.content}`;
      const last = out[out.length - 1];
      if (
        last?.role === 'user' &&
        typeof last.content === 'string' &&
        last.content.startsWith('Observation from ')
      )
        out[out.length - 1] = { role: 'user', content: `${last.content}\n\n${text}` };
      else out.push({ role: 'user', content: text });
    } else {
      out.push(message);
    }
  }
  if (!systemDone) out.unshift({ role: 'system', content: protocol });
  return out;
}

/**
 * Wraps a client so a model without native tool calling gets the request's tools through
 * the text protocol: the tools go into the system prompt (not the `tools` field), history
 * is rewritten by {@link toTextProtocolMessages}, and the reply is parsed so that `done`
 * carries ordinary tool calls (announced by toolcall_delta events first). While the reply
 * streams, the Thought goes out as reasoning deltas and the action text is held back, so
 * the user sees prose and thought, not protocol. Keeps the ChatClient contract: never
 * throws, ends with one done or error.
 */
export function makeTextToolProtocolClient(inner: ChatClient): ChatClient {
  let replies = 0;
  return {
    async *stream(request: ChatRequest): AsyncGenerator<LlmEvent> {
      const tools = request.tools ?? [];
      const { tools: _tools, toolChoice: _choice, ...rest } = request;
      const messages = toTextProtocolMessages(request.messages, tools);
      const splitter = new ProtocolStreamSplitter();
      for await (const event of inner.stream({ ...rest, messages })) {
        if (event.type === 'text_delta') {
          yield* splitter.push(event.delta);
        } else if (event.type === 'done') {
          yield* splitter.flush();
          // Ids unique across runs too (the clock part), since stored trees key calls by id.
          const id = `call_text_${event.message.timing.startedAt.toString(36)}_${replies++}`;
          const parsed = parseTextProtocolReply(event.message.content, id);
          const calls = parsed.call ? [parsed.call] : [];
          for (const [index, call] of calls.entries()) {
            yield {
              type: 'toolcall_delta',
              index,
              id: call.id,
              name: call.name,
              argumentsDelta: call.arguments,
            };
          }
          yield {
            ...event,
            message: {
              ...event.message,
              content: parsed.content,
              reasoning: joinParts(event.message.reasoning, parsed.thought),
              toolCalls: calls,
              stopReason: stopReasonOf(event.finishReason, calls.length),
            },
          };
        } else if (event.type === 'error') {
          yield* splitter.flush();
          // A reply cut off mid-action keeps its prose and thought, not the half action: a
          // dangling "Action:" with no observation would mislead the model next time.
          const parsed = parseTextProtocolReply(event.message.content);
          yield {
            ...event,
            message: {
              ...event.message,
              content: parsed.content,
              reasoning: joinParts(event.message.reasoning, parsed.thought),
              toolCalls: [],
            },
          };
        } else {
          yield event;
        }
      }
    },
  };
}

type Lane = 'text' | 'thought' | 'action';

/**
 * Routes streamed text by protocol line: prose to text deltas, a Thought to reasoning
 * deltas, and from the Action line on nothing (it becomes a tool call at the end). A line
 * is held back only while it could still turn out to be such a marker (or a fence opening
 * an action); any other text goes out at once.
 */
class ProtocolStreamSplitter {
  private lane: Lane = 'text';
  /** The start of the current line, not yet sent because it may be a marker. */
  private pending = '';
  /** A fence line held until the next line shows whether it opens the action. */
  private heldFence = '';
  private atLineStart = true;

  *push(delta: string): Generator<LlmEvent> {
    if (this.lane === 'action') return;
    let text = this.pending + delta;
    this.pending = '';
    while (text) {
      const newline = text.indexOf('\n');
      const line = newline === -1 ? text : text.slice(0, newline + 1);
      text = newline === -1 ? '' : text.slice(newline + 1);
      if (this.atLineStart) {
        const marker = classify(line);
        if (marker === 'undecided' && newline === -1) {
          this.pending = line;
          return;
        }
        if (marker === 'fence' && newline !== -1) {
          yield* this.releaseFence();
          this.heldFence = line;
          continue;
        }
        if (marker === 'action') {
          this.heldFence = '';
          this.lane = 'action';
          return;
        }
        yield* this.releaseFence();
        if (marker === 'thought') {
          this.lane = 'thought';
          yield* this.send(line.replace(THOUGHT, ''));
        } else if (marker === 'final') {
          this.lane = 'text';
          yield* this.send(line.replace(FINAL_ANSWER, ''));
        } else {
          yield* this.send(line);
        }
      } else {
        yield* this.send(line);
      }
      this.atLineStart = newline !== -1;
    }
  }

  /** Sends what is still held back, at the end of the reply (unless it is the action). */
  *flush(): Generator<LlmEvent> {
    if (this.lane === 'action') return;
    yield* this.releaseFence();
    const pending = this.pending;
    this.pending = '';
    yield* this.send(pending);
  }

  private *releaseFence(): Generator<LlmEvent> {
    if (!this.heldFence) return;
    const fence = this.heldFence;
    this.heldFence = '';
    yield* this.send(fence);
  }

  private *send(text: string): Generator<LlmEvent> {
    if (!text) return;
    yield this.lane === 'thought'
      ? { type: 'reasoning_delta', delta: text }
      : { type: 'text_delta', delta: text };
  }
}

const MARKERS: [RegExp, 'thought' | 'action' | 'final'][] = [
  [/^[ \t>*_#-]*thought[*_]*[ \t]*:/i, 'thought'],
  [/^[ \t>*_#-]*action[*_]*[ \t]*:/i, 'action'],
  [/^[ \t>*_#-]*final[ \t]+answer[*_]*[ \t]*:/i, 'final'],
];
const MARKER_WORDS = ['thought:', 'action:', 'final answer:'];

/** What the start of a line is, or `undecided` while it could still become a marker. */
function classify(line: string): 'thought' | 'action' | 'final' | 'fence' | 'plain' | 'undecided' {
  for (const [pattern, kind] of MARKERS) if (pattern.test(line)) return kind;
  if (/^[ \t]*(```|~~~)[\w-]*[ \t]*\n?$/.test(line))
    return line.endsWith('\n') ? 'fence' : 'undecided';
  const bare = line.replace(/^[ \t>*_#-]*/, '').toLowerCase();
  if (bare === '' && !line.endsWith('\n')) return 'undecided';
  const stripped = bare.replace(/[*_]+(?=[ \t]*:?$)/, '');
  if (!line.endsWith('\n') && MARKER_WORDS.some((word) => word.startsWith(stripped)))
    return 'undecided';
  return 'plain';
}
