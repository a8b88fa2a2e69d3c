import { createMemo, createSignal, For, Show } from 'solid-js';
import type { FileRewrite } from '../../workspace/project-replace';
import { describeDiffSize, unifiedDiff } from '../../workspace/unified-diff';
import { UnifiedDiffText } from '../agent/UnifiedDiffText';

/** Files listed in the preview; a replace over thousands says how many more there are. */
const LISTED_FILES = 200;
/** Files whose diff is open at first: enough to see what the pattern does. */
const OPEN_AT_FIRST = 3;

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * What a replace will change, file by file: each file's diff in a disclosure, worked out
 * only when it is opened, so a preview of a thousand files costs what the opened ones do.
 */
export function ReplacePreview(props: { rewrites: readonly FileRewrite[] }) {
  const hidden = () => props.rewrites.length - LISTED_FILES;
  return (
    <div class="replace-preview" role="group" aria-label="Changes to make">
      <For each={props.rewrites.slice(0, LISTED_FILES)}>
        {(rewrite, index) => <FileChange rewrite={rewrite} open={index() < OPEN_AT_FIRST} />}
      </For>
      <Show when={hidden() > 0}>
        <p class="replace-preview-more">…and {plural(hidden(), 'more file')}.</p>
      </Show>
    </div>
  );
}

function FileChange(props: { rewrite: FileRewrite; open: boolean }) {
  const [open, setOpen] = createSignal(props.open);
  const diff = createMemo(() =>
    open()
      ? unifiedDiff(props.rewrite.path, props.rewrite.before, props.rewrite.after, 1)
      : undefined,
  );
  return (
    <details open={props.open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span class="replace-preview-path">{props.rewrite.path}</span>
        <span class="replace-preview-count">
          {plural(props.rewrite.count, 'match', 'matches')}
          <Show when={diff()}>{(shown) => ` · ${describeDiffSize(shown())}`}</Show>
        </span>
      </summary>
      <Show when={diff()}>
        {(shown) => (
          <UnifiedDiffText diff={shown().text} label={`Changes to ${props.rewrite.path}`} />
        )}
      </Show>
    </details>
  );
}
