/**
 * The agent's system prompt, from plain data. Two parts: a short static part (who it is,
 * how to choose among the tools it has, the hard rules) that stays byte-identical across
 * turns, and a dynamic part rebuilt for every request (workspace tree summary, open file
 * and selection, the workspace's AGENTS.md, the date). Guidance about a tool is the tool's
 * own `promptHint` and appears only when that tool is offered, so the prompt never names a
 * tool the model cannot call.
 */
import type { ToolSpec } from '../llm/chat-message';
import type { ToolCallingMode } from '../llm/model-capabilities';
import type { RequestFrame } from './context-budget';
import { formatMemoryIndex, type MemoryIndex } from './memory-prompt';

/** The open file and selection as the agent sees them. Lines are 1-based. */
export interface AgentOpenFile {
  path: string;
  /** Lines around the cursor, or the whole file when short; omitted to send only the path. */
  excerpt?: string;
  selection?: { fromLine: number; toLine: number; text: string };
}

/** What the dynamic part is built from; the app gathers it before every request. */
export interface AgentDynamicContext {
  workspaceName?: string;
  /** A summary of the workspace's files (e.g. an indented tree, cut to a few hundred lines). */
  treeSummary?: string;
  openFile?: AgentOpenFile;
  /** The text of the workspace's AGENTS.md, when it has one. */
  agentsMd?: string;
  /** The titles of the notes in memory, per scope that is on; absent: memory is off. */
  memory?: MemoryIndex;
  date: Date;
}

/** Longest AGENTS.md sent, in characters; longer files are cut with a marker. */
export const AGENTS_MD_MAX_CHARS = 8_000;

const IDENTITY = `You are Cove's agent. You work in the user's workspace inside their browser: you read files, change them and run code until the task is done, then answer briefly.`;

const HARD_RULES = [
  'Work in small steps and check each one; when something fails, read the error and change your approach instead of repeating the same call.',
  'Do not invent file contents, outputs or results: look them up with your tools.',
  'When the task is done, reply without calling tools: say what you changed and how you checked it.',
  'If the request is unclear or would destroy work, ask instead of guessing.',
  'Answer in the language the user writes in (these instructions are in English; the user may not be). Code, file names and tool arguments stay as they are.',
];

/** What the static part needs of an offered tool: its name and the line it says about it. */
export interface PromptTool {
  name: string;
  promptHint?: string;
}

/**
 * The static part for the offered tools, their hints in the order offered. The same tools
 * give the same text, so providers can cache it.
 */
/**
 * The static prompt of a chat reply that may use tools (memory in chat mode): the chat
 * prompt as a plain reply has it, then the tools named with their guidance. The agent's
 * identity and rules about files stay out: a chat reply edits nothing.
 */
export function buildChatToolsPrompt(chatSystem: string, tools: readonly PromptTool[]): string {
  const guidance = tools.flatMap((tool) => (tool.promptHint ? [`- ${tool.promptHint}`] : []));
  const names = `Tools: ${tools.map((tool) => tool.name).join(', ')}.`;
  return [chatSystem, names, ...(guidance.length ? [guidance.join('\n')] : [])].join('\n\n');
}

export function buildAgentStaticPrompt(tools: readonly PromptTool[]): string {
  const toolNames = tools.map((tool) => tool.name);
  const guidance = tools.flatMap((tool) => (tool.promptHint ? [`- ${tool.promptHint}`] : []));
  const parts = [IDENTITY];
  if (toolNames.length > 0) {
    parts.push(`Tools: ${toolNames.join(', ')}.`);
    if (guidance.length) parts.push(guidance.join('\n'));
  } else {
    parts.push('No tools are available in this conversation: answer from what you are given.');
  }
  parts.push(`Rules:\n${HARD_RULES.map((rule) => `- ${rule}`).join('\n')}`);
  return parts.join('\n\n');
}

/** The dynamic part: date, workspace, AGENTS.md, the memory index, open file and selection. */
export function buildAgentDynamicPrompt(context: AgentDynamicContext): string {
  const parts = [`Today is ${context.date.toISOString().slice(0, 10)}.`];
  if (context.workspaceName) parts.push(`Workspace: ${context.workspaceName}`);
  if (context.treeSummary?.trim()) parts.push(`Files:\n${fence(context.treeSummary.trimEnd())}`);
  if (context.agentsMd?.trim()) {
    const rules = cut(context.agentsMd.trim(), AGENTS_MD_MAX_CHARS);
    parts.push(
      `The workspace's AGENTS.md (follow these project rules):\n${fence(rules, 'markdown')}`,
    );
  }
  const memory = context.memory && formatMemoryIndex(context.memory);
  if (memory) parts.push(memory);
  const file = context.openFile;
  if (file) {
    parts.push(`Open in the editor: ${file.path}`);
    if (file.excerpt) parts.push(fence(file.excerpt, languageOf(file.path)));
    if (file.selection) {
      const { fromLine, toLine, text } = file.selection;
      parts.push(`Selected, lines ${fromLine}–${toLine}:\n${fence(text, languageOf(file.path))}`);
    }
  }
  return parts.join('\n\n');
}

/** Static and dynamic part as one system prompt. */
export function buildAgentSystemPrompt(
  tools: readonly PromptTool[],
  context: AgentDynamicContext,
): string {
  return `${buildAgentStaticPrompt(tools)}\n\n${buildAgentDynamicPrompt(context)}`;
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n[… ${text.length - max} more characters not shown …]`;
}

/** A fence longer than any backtick run inside, so the text cannot close it. */
function fence(text: string, language = ''): string {
  let longest = 2;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${text}\n${ticks}`;
}

function languageOf(path: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  const known: Record<string, string> = {
    py: 'python',
    js: 'javascript',
    ts: 'typescript',
    md: 'markdown',
    json: 'json',
    toml: 'toml',
    txt: '',
  };
  return extension ? (known[extension] ?? extension) : '';
}

/** The system message of one agent request: the static part, then the dynamic one. */
export function agentSystemText(staticPrompt: string, dynamic: string | undefined): string {
  return dynamic ? `${staticPrompt}\n\n${dynamic}` : staticPrompt;
}

/**
 * What every request of an agent run carries besides the conversation, as the loop sends
 * it (tools offered once per name, in order; none when the model takes no tools).
 */
export function agentRequestFrame(
  tools: readonly (ToolSpec & PromptTool)[],
  toolCalling: ToolCallingMode,
  dynamic: string,
  staticPrompt?: string,
): RequestFrame {
  const offered = new Map<string, ToolSpec & PromptTool>();
  if (toolCalling !== 'none') {
    for (const tool of tools) if (!offered.has(tool.name)) offered.set(tool.name, tool);
  }
  const prompted = [...offered.values()];
  return {
    system: agentSystemText(staticPrompt ?? buildAgentStaticPrompt(prompted), dynamic),
    tools: prompted.map(({ name, description, parameters }) => ({ name, description, parameters })),
  };
}
