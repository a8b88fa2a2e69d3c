import { For } from 'solid-js';

/** How a line of a unified diff reads: added, removed, a hunk header, or context. */
function lineKind(line: string): 'add' | 'del' | 'hunk' | 'meta' | 'context' {
  if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('Index:')) return 'meta';
  if (line.startsWith('===')) return 'meta';
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  return 'context';
}

/**
 * A unified diff as text, its added and removed lines coloured (and marked by their
 * `+`/`-`, so the colour is never the only sign). For copying and for changes that have
 * no before and after texts to put side by side.
 */
export function UnifiedDiffText(props: { diff: string; label: string }) {
  return (
    <pre class="unified-diff" aria-label={props.label}>
      <For each={props.diff.replace(/\n$/, '').split('\n')}>
        {(line) => <span class={`diff-line diff-${lineKind(line)}`}>{`${line}\n`}</span>}
      </For>
    </pre>
  );
}
