/**
 * What goes to the model for one reply: the system prompt (instructions, task, date, the
 * open file or the function a traceback or the question points at) and the active path as
 * the model's conversation. Reads the world only through `ContextSources`,
 * so it runs the same under Node tests and in the page.
 */
import { userMessageContent } from './message-attachments';
import type { ChatMessage } from '../llm';
import type { NodeRecord } from '../store/records';
import {
  buildChatSystemPrompt,
  namedSymbols,
  type OpenFileContext,
  type SymbolContext,
} from './chat-prompt';
import { withAppliedStubs } from './applied-arguments';
import { compactedPath, summaryMessage } from './compaction';
import { innermostWorkspaceFrame } from './python-traceback';
import { detectTaskType } from './task-type';

/**
 * Finds a Python function or class by name in source (Python's ast, in the runtime). With a
 * 1-based `line`, only a definition around that line counts (the innermost one).
 */
export type SymbolLocator = (
  source: string,
  name: string,
  line?: number,
) => Promise<SymbolContext | undefined>;

/** Where the context builder reads the workspace and the editor from. */
export interface ContextSources {
  workspaceName(): string | undefined;
  /** The file active in the editor, with its unsaved text and selection, if any. */
  activeDocument():
    { path: string; text: string; selection?: OpenFileContext['selection'] } | undefined;
  /** A workspace text file's content; undefined when it is missing, binary or unreadable. */
  readFile(path: string): Promise<string | undefined>;
  locateSymbol?: SymbolLocator;
}

/** The person's chat settings that shape the prompt. */
export interface PromptSettings {
  /** Send the open file (and selection) with each message. */
  fileContext: boolean;
  /** Replaces Cove's base instructions when non-empty. */
  customSystemPrompt: string;
}

/**
 * A stored node as the model reads it; undefined for nodes that are not part of the
 * conversation: an empty message (a reply that failed or stopped before saying or calling
 * anything, an empty question), system and compaction nodes. A reply that failed after
 * producing something goes back with its error, so the model knows what happened.
 */
export function nodeToMessage(node: NodeRecord): ChatMessage | undefined {
  switch (node.role) {
    case 'user':
      // Mentions ride in front of the text, as they were read when the message was sent.
      return node.content.trim() || node.attachments?.length
        ? { role: 'user', content: userMessageContent(node.content, node.attachments) }
        : undefined;
    case 'assistant': {
      const calls = node.toolCalls ?? [];
      if (!node.content.trim() && calls.length === 0) return undefined;
      const content =
        node.status === 'error' && node.error
          ? `${node.content}${node.content ? '\n\n' : ''}[This reply failed: ${node.error.message}]`
          : node.content;
      return calls.length
        ? { role: 'assistant', content, toolCalls: calls.map((c) => ({ ...c })) }
        : { role: 'assistant', content };
    }
    case 'tool':
      return node.toolCallId
        ? { role: 'tool', toolCallId: node.toolCallId, content: node.content }
        : undefined;
    default:
      return undefined;
  }
}

/** What the model reads for a tool call whose result was never stored (the tab closed). */
export const MISSING_TOOL_RESULT =
  'No result: the run was interrupted before this call ended. Check its effect before repeating it.';

/**
 * `message` as a model with or without sight may get it: without `vision`, pictures are
 * replaced by a note (their text stays).
 */
export function imagesFor(message: ChatMessage, vision: boolean): ChatMessage {
  if (vision || message.role !== 'user' || typeof message.content === 'string') return message;
  const parts = message.content;
  if (!parts.some((part) => part.type === 'image')) return message;
  const text = parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { role: 'user', content: `${text}\n[Images left out: this model cannot see images.]` };
}

/**
 * The active path as the model's conversation: empty nodes left out (nodeToMessage), every
 * tool call of a reply directly followed by its results in call order (the APIs refuse
 * anything else), a call without a stored result (a closed tab) answered by a synthetic
 * "no result" result, results without their call dropped, and pictures only for a model
 * that can see (`vision`). After a compaction the conversation starts with its summary and
 * holds only what it kept verbatim and what followed (see compaction.ts).
 */
export function pathToMessages(
  path: readonly NodeRecord[],
  options: { vision?: boolean } = {},
): ChatMessage[] {
  // After a compaction: its summary, then only the nodes it kept and what followed.
  const { compaction, nodes } = compactedPath(path);
  const results = new Map<string, ChatMessage>();
  /** Calls that succeeded: their long arguments were sent once and are not sent again. */
  const applied = new Set<string>();
  for (const node of nodes) {
    const message = node.role === 'tool' ? nodeToMessage(node) : undefined;
    if (message?.role === 'tool' && !results.has(message.toolCallId)) {
      results.set(message.toolCallId, message);
      if (node.status === 'complete') applied.add(message.toolCallId);
    }
  }
  const history: ChatMessage[] = compaction ? [summaryMessage(compaction.content)] : [];
  for (const node of nodes) {
    if (node.role === 'tool') continue;
    const message = nodeToMessage(node);
    if (!message) continue;
    history.push(
      message.role === 'assistant'
        ? withAppliedStubs(message, applied)
        : imagesFor(message, options.vision ?? false),
    );
    if (message.role !== 'assistant') continue;
    for (const call of message.toolCalls ?? []) {
      history.push(
        results.get(call.id) ?? { role: 'tool', toolCallId: call.id, content: MISSING_TOOL_RESULT },
      );
    }
  }
  return history;
}

/**
 * When the question holds a Python traceback: the workspace file and the function where
 * the error is (the innermost frame in the person's own files), read from the editor when
 * that file is open there, else from the workspace. Undefined when there is no traceback,
 * no such frame, or the file cannot be read.
 */
async function failingFunction(
  question: string,
  sources: ContextSources,
): Promise<{ file: OpenFileContext; symbol?: SymbolContext } | undefined> {
  const frame = innermostWorkspaceFrame(question);
  if (!frame || !frame.file.endsWith('.py')) return undefined;
  const document = sources.activeDocument();
  let file: OpenFileContext;
  if (document?.path === frame.file) {
    file = { path: document.path, content: document.text, selection: document.selection };
  } else {
    const content = await sources.readFile(frame.file).catch(() => undefined);
    if (content === undefined) return undefined;
    file = { path: frame.file, content, open: false };
  }
  if (frame.name === '<module>' || !sources.locateSymbol) return { file };
  const found = await sources
    .locateSymbol(file.content, frame.name, frame.line)
    .catch(() => undefined);
  return { file, symbol: found && { ...found, errorLine: frame.line } };
}

/**
 * The file (and the part of it) the prompt shows: the function a traceback in the question
 * points at, else the open file, narrowed to a function or class the question names.
 */
async function promptFile(
  question: string,
  sources: ContextSources,
): Promise<{ file?: OpenFileContext; symbol?: SymbolContext }> {
  const document = sources.activeDocument();
  const failure = await failingFunction(question, sources);
  if (failure) return failure;
  if (!document) return {};
  const file: OpenFileContext = {
    path: document.path,
    content: document.text,
    selection: document.selection,
  };
  if (sources.locateSymbol && document.path.endsWith('.py')) {
    for (const name of namedSymbols(question)) {
      const symbol = await sources.locateSymbol(document.text, name).catch(() => undefined);
      if (symbol) return { file, symbol };
    }
  }
  return { file };
}

/** Everything one chat reply's system prompt is built from. */
export interface ChatSystemInput {
  /** The active path up to the message being answered, root first. */
  path: readonly NodeRecord[];
  settings: PromptSettings;
  sources: ContextSources;
  /** The model's window, in tokens (the prompt's file gets about half of it). */
  contextWindow: number;
  /** Clock time of the request (the prompt states the date). */
  now: number;
}

/**
 * The system prompt of one chat reply: instructions, task, date, and the file the question
 * is about (the function a traceback points at, else the open file). The conversation
 * itself is fitted to the window by the engine (context-fit.ts), never cut here.
 */
export async function buildChatSystem(input: ChatSystemInput): Promise<string> {
  const question = input.path.at(-1)?.content ?? '';
  const { file, symbol } = input.settings.fileContext
    ? await promptFile(question, input.sources)
    : {};
  return buildChatSystemPrompt({
    customSystemPrompt: input.settings.customSystemPrompt,
    workspaceName: input.sources.workspaceName(),
    file,
    symbol,
    taskType: detectTaskType(question),
    date: new Date(input.now),
    // About half the window for the file, in characters (four per token).
    maxFileChars: Math.max(2000, Math.min(200_000, Math.floor(input.contextWindow * 2))),
  });
}
