/**
 * The echo of what `input()` read travels inside stdout between two markers, because the
 * worker passes on only stdout and stderr: python-runner.py writes
 * `INPUT_ECHO_START + line + INPUT_ECHO_END` to the run's stdout after each line it reads,
 * and the main thread (RunCollector) cuts the markers out again and flags that text as
 * input. The markers are OSC escape sequences, which ordinary program output does not
 * contain; keep them in step with `_ECHO_START` / `_ECHO_END` in python-runner.py.
 */
export const INPUT_ECHO_START = '\u001b]cove;input\u0007';
export const INPUT_ECHO_END = '\u001b]cove;end\u0007';

/** A piece of stdout text: written by the program, or the echo of a line input() read. */
export interface EchoPiece {
  text: string;
  input: boolean;
}

/**
 * Splits stdout text at the echo markers, in order, dropping the markers and empty pieces.
 * An echo whose end marker is missing (output cut at the cap) runs to the end of the text.
 */
export function splitInputEcho(text: string): EchoPiece[] {
  if (!text.includes(INPUT_ECHO_START)) return text ? [{ text, input: false }] : [];
  const pieces: EchoPiece[] = [];
  let at = 0;
  while (at < text.length) {
    const start = text.indexOf(INPUT_ECHO_START, at);
    if (start < 0) {
      pieces.push({ text: text.slice(at), input: false });
      break;
    }
    if (start > at) pieces.push({ text: text.slice(at, start), input: false });
    const from = start + INPUT_ECHO_START.length;
    const end = text.indexOf(INPUT_ECHO_END, from);
    const to = end < 0 ? text.length : end;
    if (to > from) pieces.push({ text: text.slice(from, to), input: true });
    at = end < 0 ? text.length : end + INPUT_ECHO_END.length;
  }
  return pieces;
}
