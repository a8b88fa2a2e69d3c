/**
 * The English of the agent layer's errors (src/agent/agent-errors.ts): refusals before a
 * request, compaction failures, run ends, stored tool results. `internal` and
 * `context-overflow` are shared with the model client and worded in ./llm-messages.ts.
 */
import type { AgentErrorCode } from '../../agent/agent-errors';
import type { LlmErrorKind } from '../../llm/llm-error';
import { normalizeErrorCode } from '../../store/stored-error';
import { llmMessages } from './llm-messages';
import { formatBytes } from '../../workspace/file-content';
import { count, num, text, type ErrorParams, type Wording } from './wording';

const WINDOW_ADVICE =
  "choose a model with a larger window, or set this model's real context window in Settings → Models";

/** "The system prompt and the definitions of 3 tools take about … are kept for the reply". */
function taken(p: ErrorParams): string {
  const tools = num(p, 'toolCount') ?? 0;
  const definitions = tools ? ` and the definitions of ${tools} tool${tools === 1 ? '' : 's'}` : '';
  const verb = tools ? 'take' : 'takes';
  return `The system prompt${definitions} ${verb} about ${count(num(p, 'frame'))} tokens of this model's ${count(num(p, 'window'))}-token window, and ${count(num(p, 'reply'))} are kept for the reply`;
}

function range(p: ErrorParams): string {
  return `from ${count(num(p, 'min'))} to ${count(num(p, 'max'))}`;
}

const IMPORT_FIX =
  'Nothing was imported. Choose a file made by Export → JSON in Cove, or export it again.';

/** A file the composer would not attach, by the limit it broke (attachment-limits.ts). */
function attachmentRefusal(p: ErrorParams): { message: string; hint: string } {
  const name = `"${text(p, 'name') ?? 'This file'}"`;
  const max = num(p, 'max');
  switch (text(p, 'limit')) {
    case 'count':
      return {
        message: `${name} was not attached: a message takes at most ${count(max)} files.`,
        hint: 'Send these first, or remove an attachment.',
      };
    case 'size':
      return {
        message: `${name} is ${formatBytes(num(p, 'actual') ?? 0)}, over the ${formatBytes(max ?? 0)} size limit for a file of its kind.`,
        hint: 'Attach a smaller file, or the part of it you need.',
      };
    case 'pages':
      return {
        message: `${name} has ${count(num(p, 'actual'))} pages, over the limit of ${count(max)} pages for a PDF.`,
        hint: 'Attach the pages you need as a shorter PDF.',
      };
    case 'chars':
      return {
        message: `${name} holds ${count(num(p, 'actual'))} characters of text, over the limit of ${count(max)}.`,
        hint: 'Attach the part you need.',
      };
    case 'type':
      return {
        message: `${name} was not attached: Cove reads pictures (PNG, JPEG, WebP, GIF), PDF, DOCX and text files.`,
        hint: 'Convert it to one of those, or paste the text you need.',
      };
    default:
      return {
        message: `${name} could not be read${text(p, 'detail') ? `: ${text(p, 'detail')}` : '.'}`,
        hint: 'The file may be damaged or locked with a password; try another copy.',
      };
  }
}

/** A file's id as the sentence quotes it. */
const id = (p: ErrorParams, key: string) => `"${text(p, key) ?? ''}"`;

/** What is wrong with a session export (`bad-import`), by its `variant` (session-import.ts). */
const IMPORT_PROBLEMS: Readonly<Record<string, Wording>> = {
  'not-json': () => ({
    message: 'This file is not JSON, so it is not a Cove conversation export.',
    hint: IMPORT_FIX,
  }),
  'no-session': () => ({
    message: 'This file is not a Cove conversation: it holds no session.',
    hint: IMPORT_FIX,
  }),
  format: (p) => ({
    message: `This file is not a Cove conversation export (its "format" is not "${text(p, 'expected') ?? 'cove-session'}").`,
    hint: 'Nothing was imported. A full backup is restored from Settings → Backup instead.',
  }),
  version: (p) => ({
    message: `This export has version ${text(p, 'found') ?? 'undefined'}; this Cove reads version ${num(p, 'supported') ?? 1}.`,
    hint:
      p['newer'] === true
        ? 'Nothing was imported. It was made by a newer Cove: reload Cove to update it, then import again.'
        : IMPORT_FIX,
  }),
  damaged: (p) => ({
    message: `This export is damaged: ${text(p, 'where') ?? 'the file'}: ${text(p, 'detail') ?? 'unexpected shape'}.`,
    hint: IMPORT_FIX,
  }),
  'duplicate-id': (p) => ({
    message: `Two messages in this file have the same id ${id(p, 'id')}.`,
    hint: IMPORT_FIX,
  }),
  'missing-parent': (p) => ({
    message: `Message ${id(p, 'id')} answers a message ${id(p, 'parentId')} that is not in the file.`,
    hint: IMPORT_FIX,
  }),
  cycle: (p) => ({
    message: `Messages in this file form a cycle (message ${id(p, 'id')} is its own ancestor).`,
    hint: IMPORT_FIX,
  }),
  'missing-leaf': (p) => ({
    message: `The conversation's current message ${id(p, 'id')} is not in the file.`,
    hint: IMPORT_FIX,
  }),
};

/** The catalog's entries for the agent layer's own codes. */
export const agentMessages = {
  'context-too-small': (p) => {
    const needed = count(num(p, 'needed'));
    if (p['variant'] === 'no-room') {
      return {
        message: `${taken(p)}: too little is left for the conversation (it needs about ${needed}). Nothing was sent.`,
        hint: num(p, 'toolCount')
          ? `Turn off tools or MCP servers you do not need here, ${WINDOW_ADVICE}.`
          : `Shorten the custom system prompt, ${WINDOW_ADVICE}.`,
      };
    }
    const frame = taken(p);
    return {
      message: `Even after compacting, the latest message and what followed it need about ${needed} tokens, but only ${count(num(p, 'history'))} are left (${frame.charAt(0).toLowerCase()}${frame.slice(1)}). Nothing was sent.`,
      hint: `Shorten the message or attach less, ${WINDOW_ADVICE}.`,
    };
  },
  'compaction-failed': (p) => {
    switch (p['reason']) {
      case 'empty-summary':
        return {
          message: 'The model returned an empty summary.',
          hint: 'Nothing was changed. Try /compact again.',
        };
      case 'no-fit':
        return {
          message: `The conversation no longer fits this model's window, and the summary that would shorten it failed: ${text(p, 'detail') ?? 'unknown error'}`,
          hint: 'Nothing was sent and nothing was lost. Try again, or choose a model with a larger window.',
        };
      default:
        return {
          message: `The summary failed: ${text(p, 'detail') ?? 'unknown error'}`,
          hint: 'Nothing was changed. Try /compact again, or start a new conversation.',
        };
    }
  },
  'compaction-stopped': () => ({
    message: 'The compaction was stopped before its summary arrived.',
    hint: 'Nothing was changed.',
  }),
  'bad-title': () => ({ message: 'A conversation needs a title.', hint: 'Type a title.' }),
  'bad-import': (p) => {
    const variant = text(p, 'variant');
    return variant !== undefined && Object.hasOwn(IMPORT_PROBLEMS, variant)
      ? IMPORT_PROBLEMS[variant]!(p)
      : { message: 'This file is not a conversation Cove can import.', hint: IMPORT_FIX };
  },
  'agent-result-cap': (p) => ({
    message: `The result limit must be a whole number ${range(p)}.`,
    hint: 'Type a number in that range, or clear the field for the default.',
  }),
  'agent-max-steps': (p) => ({
    message: `The step limit must be a whole number ${range(p)}.`,
    hint: 'Type a number in that range, or clear the field for the default.',
  }),
  // A run that ended on a failed model request: its params are the llm error's, and `kind`.
  llm: (p) => {
    const kind = normalizeErrorCode(text(p, 'kind') ?? '');
    return Object.hasOwn(llmMessages, kind)
      ? llmMessages[kind as LlmErrorKind](p)
      : { message: 'The model request failed.', hint: 'Try again.' };
  },
  // A tool call's stored result: its first line says what happened; the agent reads all of it.
  'tool-error': (p) => ({
    message: text(p, 'text') ?? 'The tool failed.',
    hint: 'The agent reads the error and decides what to do next.',
  }),
  'tool-invalid': (p) => ({
    message: text(p, 'text') ?? 'The tool was called with invalid arguments.',
    hint: 'The agent reads what was wrong and may call it again.',
  }),
  rejected: (p) => ({
    message: text(p, 'text') ?? 'The call was rejected.',
    hint: 'The agent was told and may try another way.',
  }),
  'attachment-refused': (p) => attachmentRefusal(p),
} satisfies Record<Exclude<AgentErrorCode, LlmErrorKind>, Wording>;
