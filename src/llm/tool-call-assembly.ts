import type { ToolCall } from './chat-message';

/**
 * A tool call put together from stream deltas. `arguments` is the raw text as streamed;
 * `parsedArguments` is its JSON object, or undefined with `argumentsError` saying why when
 * the text is not a JSON object. A bad call is data for the agent to report back to the
 * model, never an exception.
 */
export interface AssembledToolCall extends ToolCall {
  parsedArguments: Record<string, unknown> | undefined;
  argumentsError?: string;
}

/** One step of a tool call's growth, as the UI shows it ("calling read_file…"). */
export interface ToolCallDelta {
  /** Position of the call in this reply, from 0, in order of first appearance. */
  index: number;
  /** The id and name known so far (the id may be empty until the server sends it). */
  id: string;
  name: string;
  argumentsDelta: string;
}

interface Slot {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Assembles streamed tool calls. Calls are matched by the server's `index`; the id arrives
 * only in the first delta of a call. Tolerates what real servers do besides: no `index`
 * (a new id starts a new call), several calls under one index with different ids, the name
 * repeated in every delta, and arguments sent as an object instead of JSON text.
 */
export class ToolCallAssembler {
  private readonly slots: Slot[] = [];
  private readonly byIndex = new Map<number, number>();

  /** Adds the `tool_calls` array of one delta; returns the resulting deltas. */
  push(toolCalls: unknown): ToolCallDelta[] {
    if (!Array.isArray(toolCalls)) return [];
    const out: ToolCallDelta[] = [];
    for (const raw of toolCalls) {
      if (typeof raw !== 'object' || raw === null) continue;
      const item = raw as { index?: unknown; id?: unknown; function?: unknown };
      const fn = (
        typeof item.function === 'object' && item.function !== null ? item.function : {}
      ) as {
        name?: unknown;
        arguments?: unknown;
      };
      const id = typeof item.id === 'string' ? item.id : '';
      const slotIndex = this.slotFor(typeof item.index === 'number' ? item.index : undefined, id);
      const slot = this.slots[slotIndex]!;
      if (id && !slot.id) slot.id = id;
      if (typeof fn.name === 'string' && fn.name && fn.name !== slot.name) slot.name += fn.name;
      const argumentsDelta =
        typeof fn.arguments === 'string'
          ? fn.arguments
          : fn.arguments !== undefined && fn.arguments !== null
            ? JSON.stringify(fn.arguments)
            : '';
      slot.arguments += argumentsDelta;
      out.push({ index: slotIndex, id: slot.id, name: slot.name, argumentsDelta });
    }
    return out;
  }

  /** Number of calls seen so far. */
  get count(): number {
    return this.slots.length;
  }

  /**
   * The finished calls in order. A call without an id gets `call_<prefix>_<n>` so that its
   * result can still refer to it; `idPrefix` should be unique per reply (the completion id).
   */
  finish(idPrefix = 'cove'): AssembledToolCall[] {
    return this.slots.map((slot, index) => ({
      id: slot.id || `call_${idPrefix}_${index}`,
      name: slot.name,
      arguments: slot.arguments,
      ...parseArguments(slot.arguments),
    }));
  }

  private slotFor(index: number | undefined, id: string): number {
    if (index !== undefined) {
      const known = this.byIndex.get(index);
      if (known !== undefined && !(id && this.slots[known]!.id && this.slots[known]!.id !== id)) {
        return known;
      }
      const created = this.create();
      this.byIndex.set(index, created);
      return created;
    }
    const last = this.slots.length - 1;
    if (last >= 0 && (!id || !this.slots[last]!.id || this.slots[last]!.id === id)) return last;
    return this.create();
  }

  private create(): number {
    this.slots.push({ id: '', name: '', arguments: '' });
    return this.slots.length - 1;
  }
}

/**
 * Parses a tool call's argument text. Empty text means no arguments (`{}`); a JSON string
 * that itself holds an object (double-encoded, as some models write) is unwrapped.
 */
export function parseArguments(
  text: string,
): Pick<AssembledToolCall, 'parsedArguments' | 'argumentsError'> {
  if (text.trim() === '') return { parsedArguments: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      parsedArguments: undefined,
      argumentsError: `The arguments are not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
    };
  }
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      // Not double-encoded after all; reported below as not an object.
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { parsedArguments: undefined, argumentsError: 'The arguments are not a JSON object.' };
  }
  return { parsedArguments: value as Record<string, unknown> };
}
