import type { TaskType } from './task-type';

/** The open file as the chat sees it. Lines are 1-based. */
export interface OpenFileContext {
  path: string;
  content: string;
  selection?: { fromLine: number; toLine: number; text: string };
  /**
   * False for a file that is not open in the editor but is sent because a traceback in the
   * message points into it. Default true.
   */
  open?: boolean;
}

/** A function or class the person named, located in the open file (by Python's ast). */
export interface SymbolContext {
  name: string;
  kind: 'function' | 'class';
  startLine: number;
  endLine: number;
  source: string;
  /** Set when the symbol was chosen because a traceback's error is at this line in it. */
  errorLine?: number;
}

export interface ChatPromptInput {
  /** Replaces Cove's base instructions when non-empty. */
  customSystemPrompt?: string;
  workspaceName?: string;
  file?: OpenFileContext;
  /** When set, only this part of the file is sent instead of the whole file. */
  symbol?: SymbolContext;
  taskType: TaskType;
  date: Date;
  /** Longest file excerpt sent, in characters; longer files are cut with a marker. */
  maxFileChars: number;
}

const BASE_INSTRUCTIONS = `You are Cove's assistant, helping with code in the person's workspace inside their browser.
Answer in the language the person writes in (these instructions are in English; they may not be).
Be direct and concrete. Use Markdown; put code in fenced blocks with a language tag.
When you change code, show the complete changed function or file part, not fragments.
Python runs in the browser (Pyodide): standard library and pure-Python packages are available.`;

const TASK_INSTRUCTIONS: Record<TaskType, string> = {
  debug:
    'The person is debugging. Find the cause of the problem first and state it in one or two sentences, then give the corrected code and say how to check the fix.',
  explain:
    'The person wants an explanation. Explain what the code does and why, step by step, referring to line numbers; keep it as short as the question allows.',
  optimize:
    'The person wants better code. Suggest faster or simpler code that behaves the same, and say what it gains and what it costs.',
  default: '',
};

/**
 * Cuts text to at most `max` characters, keeping its start and end and saying how many
 * lines were left out between them.
 */
export function cutWithMarker(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, Math.floor(max * 0.7));
  const tail = text.slice(text.length - Math.floor(max * 0.25));
  const cutLines = text.slice(head.length, text.length - tail.length).split('\n').length;
  return `${head}\n[… ${cutLines} lines cut: the file is too long to send whole …]\n${tail}`;
}

function fence(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${text}\n${ticks}`;
}

/**
 * The system prompt for one chat message, rebuilt every time: instructions, the task, the
 * date, and the open file (whole, cut with a marker, or only the named function or class)
 * with the selection.
 */
export function buildChatSystemPrompt(input: ChatPromptInput): string {
  const parts = [input.customSystemPrompt?.trim() || BASE_INSTRUCTIONS];
  const task = TASK_INSTRUCTIONS[input.taskType];
  if (task) parts.push(task);
  parts.push(
    `Today is ${input.date.toISOString().slice(0, 10)}.${input.workspaceName ? ` The workspace is "${input.workspaceName}".` : ''}`,
  );
  const file = input.file;
  if (file) {
    const language = file.path.split('.').pop() ?? '';
    const which = file.open === false ? 'The file' : 'The open file';
    if (input.symbol) {
      const symbol = input.symbol;
      const about =
        symbol.errorLine !== undefined
          ? `The error in the traceback is raised at line ${symbol.errorLine}, in the ${symbol.kind} \`${symbol.name}\``
          : `The person asks about the ${symbol.kind} \`${symbol.name}\``;
      parts.push(
        `${which} is ${file.path}. ${about} (lines ${symbol.startLine}–${symbol.endLine}); only that part is shown:\n${fence(cutWithMarker(symbol.source, input.maxFileChars), language)}`,
      );
    } else {
      parts.push(
        `${which} is ${file.path} (${file.content.split('\n').length} lines):\n${fence(cutWithMarker(file.content, input.maxFileChars), language)}`,
      );
    }
    if (file.selection && file.selection.text.trim()) {
      parts.push(
        `The person selected lines ${file.selection.fromLine}–${file.selection.toLine}:\n${fence(cutWithMarker(file.selection.text, input.maxFileChars), language)}`,
      );
    }
  }
  return parts.join('\n\n');
}

/**
 * Identifiers the person may be naming: words in backticks, and words after "function",
 * "class", "method" or "def". Used to send only that definition of the open file.
 */
export function namedSymbols(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)(?:\(\))?`/g))
    names.add(match[1]!);
  for (const match of message.matchAll(
    /\b(?:function|class|method|def)\s+([A-Za-z_][A-Za-z0-9_]*)/gi,
  )) {
    names.add(match[1]!);
  }
  for (const match of message.matchAll(/\b([A-Za-z_][A-Za-z0-9_]*)\(\)/g)) names.add(match[1]!);
  return [...names];
}
