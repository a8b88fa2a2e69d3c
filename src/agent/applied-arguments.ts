/**
 * The arguments of a tool call that succeeded, as later requests carry them. A model that
 * wrote a 1 MB file does not need the megabyte again with every request after it: it needs
 * to know that it wrote it, and where. Long strings are sent once; after that they stand as
 * a note of their size, in JSON that stays valid and keeps every short field (the path).
 */

import type { ChatMessage } from '../llm/chat-message';

type AssistantMessage = Extract<ChatMessage, { role: 'assistant' }>;

/** Longest string value sent again as it was, in characters. */
export const APPLIED_ARGUMENT_CHARS = 2_000;

const note = (length: number) =>
  `[${length.toLocaleString('en')} characters, sent in full earlier; the call succeeded]`;

function stubValue(value: unknown, limit: number): { value: unknown; changed: boolean } {
  if (typeof value === 'string') {
    return value.length > limit
      ? { value: note(value.length), changed: true }
      : { value, changed: false };
  }
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const result = stubValue(item, limit);
      changed ||= result.changed;
      return result.value;
    });
    return { value: changed ? items : value, changed };
  }
  if (value && typeof value === 'object') {
    let changed = false;
    const entries = Object.entries(value).map(([key, item]) => {
      const result = stubValue(item, limit);
      changed ||= result.changed;
      return [key, result.value] as const;
    });
    return { value: changed ? Object.fromEntries(entries) : value, changed };
  }
  return { value, changed: false };
}

/**
 * `json` (a call's arguments) with every string longer than `limit` replaced by a note of
 * its size; the same text when nothing is that long or the arguments are not JSON.
 */
export function stubAppliedArguments(json: string, limit = APPLIED_ARGUMENT_CHARS): string {
  if (json.length <= limit) return json;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return json;
  }
  const result = stubValue(parsed, limit);
  return result.changed ? JSON.stringify(result.value) : json;
}

/**
 * `message` with the calls whose ids are in `applied` (they succeeded) carrying their
 * arguments stubbed; the same object when none of its calls is.
 */
export function withAppliedStubs(
  message: AssistantMessage,
  applied: ReadonlySet<string>,
): AssistantMessage {
  if (!message.toolCalls?.some((call) => applied.has(call.id))) return message;
  return {
    ...message,
    toolCalls: message.toolCalls.map((call) =>
      applied.has(call.id) ? { ...call, arguments: stubAppliedArguments(call.arguments) } : call,
    ),
  };
}
