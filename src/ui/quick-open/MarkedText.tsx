import { For } from 'solid-js';
import { markedRuns } from '../../workspace/fuzzy-match';

/**
 * `text[from, to)` with the characters a fuzzy match found in <mark>: Quick open's paths
 * and symbols, the command palette's titles.
 */
export function MarkedText(props: {
  text: string;
  positions: number[];
  from?: number;
  to?: number;
}) {
  return (
    <For each={markedRuns(props.text, props.positions, props.from, props.to)}>
      {(run) => (run.marked ? <mark>{run.text}</mark> : run.text)}
    </For>
  );
}
