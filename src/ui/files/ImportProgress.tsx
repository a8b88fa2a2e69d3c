import { Show } from 'solid-js';
import type { ZipImportProgress } from '../../workspace/zip-import';

const count = new Intl.NumberFormat('en');

/** "Unpacking 3,412 of 10,000 entries…", "Importing 3,412 of 10,100 files and folders…". */
export function describeImportProgress(progress: ZipImportProgress | undefined): string {
  if (!progress) return 'Opening the zip…';
  const of = `${count.format(progress.done)} of ${count.format(progress.total)}`;
  return progress.phase === 'reading'
    ? `Unpacking ${of} entries…`
    : `Importing ${of} files and folders…`;
}

/**
 * A zip import under way, above the file tree: what it is doing, how far it is, and
 * Cancel. Cancel leaves the workspace as it was; once asked, the button reads
 * "Cancelling…" until the import has stopped.
 */
export function ImportProgress(props: {
  progress: ZipImportProgress | undefined;
  cancelling: boolean;
  onCancel: () => void;
}) {
  return (
    <div class="import-progress" role="group" aria-label="Zip import">
      <p class="import-progress-text">{describeImportProgress(props.progress)}</p>
      <div class="import-progress-row">
        <progress
          aria-label="Zip import progress"
          max={props.progress?.total || 1}
          value={props.progress?.done ?? 0}
        />
        <button
          type="button"
          class="button small"
          disabled={props.cancelling}
          onClick={() => props.onCancel()}
        >
          <Show when={props.cancelling} fallback="Cancel">
            Cancelling…
          </Show>
        </button>
      </div>
    </div>
  );
}
