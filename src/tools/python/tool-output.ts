import type { ToolContext } from '../tool';

/**
 * Fitting long program output (Python's, bash's, a web page's) into a result the model
 * reads whole: the loop cuts a result past its cap without saying where, so these tools cut
 * first, keep the parts that matter (the start, and the end where errors land) and say
 * what they left out.
 */

/** The loop's default cap on a result's content (src/agent/tool-result-truncation.ts). */
const DEFAULT_RESULT_CAP = 10_000;
/** Room kept under the cap for a result's headings and notes. */
const NOTE_ROOM = 600;

/** Characters a tool's output sections may take so the whole result stays under the cap. */
export function outputBudget(context: Pick<ToolContext, 'resultCap'>): number {
  return Math.max(1000, (context.resultCap ?? DEFAULT_RESULT_CAP) - NOTE_ROOM);
}

/**
 * `text` if it fits in `budget` characters; else its start and end (a third and two
 * thirds: the end holds the error and the final result) around a line saying how many
 * characters were left out.
 */
export function excerpt(text: string, budget: number): string {
  if (text.length <= budget) return text;
  const room = Math.max(0, budget - 60);
  const head = Math.floor(room / 3);
  const tail = room - head;
  const omitted = text.length - head - tail;
  return `${text.slice(0, head)}\n[… ${omitted} characters left out …]\n${text.slice(text.length - tail)}`;
}

/**
 * Splits `budget` between sections so short ones are whole and long ones share the rest
 * evenly. Returns each section's allowance, in order.
 */
export function shareBudget(lengths: readonly number[], budget: number): number[] {
  const shares = lengths.map(() => 0);
  let left = budget;
  let open = lengths.map((_, i) => i);
  while (open.length) {
    const even = Math.floor(left / open.length);
    const small = open.filter((i) => lengths[i]! <= even);
    if (!small.length) {
      for (const i of open) shares[i] = even;
      break;
    }
    for (const i of small) {
      shares[i] = lengths[i]!;
      left -= lengths[i]!;
    }
    open = open.filter((i) => lengths[i]! > even);
  }
  return shares;
}

/** "0.12 s", "1.5 s", "12 s" for a duration in milliseconds. */
export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  if (s < 1) return `${s.toFixed(2)} s`;
  if (s < 10) return `${s.toFixed(1)} s`;
  return `${Math.round(s)} s`;
}
