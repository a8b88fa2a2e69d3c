import { Show } from 'solid-js';
import type { LocaleService } from '../../app/locale-service';
import type { Formats } from '../../app/messages/formats';
import type { ZipImportProgress } from '../../workspace/zip-import';
import { useI18n } from '../common/i18n';

/** "Unpacking 3,412 of 10,000 entries…", "Importing 3,412 of 10,100 files and folders…". */
function describeImportProgress(
  progress: ZipImportProgress | undefined,
  t: LocaleService['t'],
  formats: Formats,
): string {
  if (!progress) return t('zipImport.opening');
  const done = formats.number(progress.done);
  const total = formats.number(progress.total);
  return progress.phase === 'reading'
    ? t('zipImport.unpacking', done, total)
    : t('zipImport.importing', done, total);
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
  const { t, formats } = useI18n();
  return (
    <div class="import-progress" role="group" aria-label={t('zipImport.label')}>
      <p class="import-progress-text">{describeImportProgress(props.progress, t, formats())}</p>
      <div class="import-progress-row">
        <progress
          aria-label={t('zipImport.progress')}
          max={props.progress?.total || 1}
          value={props.progress?.done ?? 0}
        />
        <button
          type="button"
          class="button small"
          disabled={props.cancelling}
          onClick={() => props.onCancel()}
        >
          <Show when={props.cancelling} fallback={t('zipImport.cancel')}>
            {t('zipImport.cancelling')}
          </Show>
        </button>
      </div>
    </div>
  );
}
