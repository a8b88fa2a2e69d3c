import { createEffect, onCleanup } from 'solid-js';
import type { RunView } from '../../app/run-service';
import type { OutputChunk } from '../../runtime/python-runtime';

/**
 * The text a run writes, stdout and stderr in the order written (stderr styled apart), with
 * the lines input() read echoed where they were read (styled as input).
 * Pieces are added to the DOM at most once per animation frame, as text nodes, so floods of
 * output keep the page responsive; the runtime caps the total.
 */
export function OutputLog(props: { run: RunView }) {
  let pre!: HTMLPreElement;
  createEffect(() => {
    const run = props.run;
    pre.textContent = '';
    let pending: OutputChunk[] = [...run.output()];
    let frame: number | undefined;
    // The span last written carries on across frames: a line whose text and newline arrive
    // in different frames stays one piece of its stream.
    let span: HTMLSpanElement | undefined;
    const flush = () => {
      frame = undefined;
      const fragment = document.createDocumentFragment();
      for (const chunk of pending) {
        // What input() read is shown as typed input, like a terminal echoes it.
        const kind = chunk.input ? 'stdin' : chunk.stream;
        if (span?.className !== kind) {
          span = document.createElement('span');
          span.className = kind;
          fragment.append(span);
        }
        span.append(chunk.text);
      }
      pending = [];
      const scroller = pre.parentElement;
      const atBottom =
        !scroller || scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 30;
      pre.append(fragment);
      if (scroller && atBottom) scroller.scrollTop = scroller.scrollHeight;
    };
    const schedule = () => {
      frame ??= requestAnimationFrame(flush);
    };
    if (pending.length) schedule();
    const unsubscribe = run.onOutput((chunk) => {
      pending.push(chunk);
      schedule();
    });
    onCleanup(() => {
      unsubscribe();
      if (frame !== undefined) cancelAnimationFrame(frame);
    });
  });
  return <pre ref={pre} class="output-text" />;
}
