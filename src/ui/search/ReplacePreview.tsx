import { createMemo, createSignal, For, Show } from 'solid-js';
import type { FileRewrite } from '../../workspace/project-replace';
import { describeDiffSize, unifiedDiff } from '../../workspace/unified-diff';
import { UnifiedDiffText } from '../agent/UnifiedDiffText';
import { useI18n } from '../common/i18n';

/** Files listed in the preview; a replace over thousands says how many more there are. */
const LISTED_FILES = 200;
/** Files whose diff is open at first: enough to see what the pattern does. */
const OPEN_AT_FIRST = 3;

/**
 * What a replace will change, file by file: each file's diff in a disclosure, worked out
 * only when it is opened, so a preview of a thousand files costs what the opened ones do.
 */
export function ReplacePreview(props: { rewrites: readonly FileRewrite[] }) {
  const hidden = () => props.rewrites.length - LISTED_FILES;
  const { t, formats } = useI18n();
  return (
    <div class="replace-preview" role="group" aria-label={t('search.changesToMake')}>
      <For each={props.rewrites.slice(0, LISTED_FILES)}>
        {(rewrite, index) => <FileChange rewrite={rewrite} open={index() < OPEN_AT_FIRST} />}
      </For>
      <Show when={hidden() > 0}>
        <p class="replace-preview-more">{t('search.moreFiles', formats(), hidden())}</p>
      </Show>
    </div>
  );
}

function FileChange(props: { rewrite: FileRewrite; open: boolean }) {
  const [open, setOpen] = createSignal(props.open);
  const { t, formats } = useI18n();
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
          {t('search.matches', formats(), props.rewrite.count)}
          <Show when={diff()}>{(shown) => ` · ${describeDiffSize(shown())}`}</Show>
        </span>
      </summary>
      <Show when={diff()}>
        {(shown) => (
          <UnifiedDiffText diff={shown().text} label={t('search.changesTo', props.rewrite.path)} />
        )}
      </Show>
    </details>
  );
}
