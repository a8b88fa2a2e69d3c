import type { LlmDeltaEvent } from './llm-events';

/**
 * Joins neighbouring deltas of the same kind (text with text, reasoning with reasoning, a
 * tool call's arguments with the same call's) into one, keeping their order. The deltas of
 * one network read arrive together; passing them on as one event each made every listener
 * (the session engine's fold, the persister, the page) work hundreds of times per read for
 * what the person sees as one update. Nothing is lost: the joined delta is the same text.
 */
export function coalesceDeltas(events: readonly LlmDeltaEvent[]): LlmDeltaEvent[] {
  const out: LlmDeltaEvent[] = [];
  for (const event of events) {
    const last = out.at(-1);
    if (last?.type === 'text_delta' && event.type === 'text_delta') {
      out[out.length - 1] = { type: 'text_delta', delta: last.delta + event.delta };
    } else if (last?.type === 'reasoning_delta' && event.type === 'reasoning_delta') {
      out[out.length - 1] = { type: 'reasoning_delta', delta: last.delta + event.delta };
    } else if (
      last?.type === 'toolcall_delta' &&
      event.type === 'toolcall_delta' &&
      last.index === event.index
    ) {
      out[out.length - 1] = {
        type: 'toolcall_delta',
        index: last.index,
        id: event.id || last.id,
        name: event.name || last.name,
        argumentsDelta: last.argumentsDelta + event.argumentsDelta,
      };
    } else {
      out.push(event);
    }
  }
  return out;
}
