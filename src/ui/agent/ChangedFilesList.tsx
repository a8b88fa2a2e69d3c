import { createResource, createSignal, For, Show } from 'solid-js';
import type { ChangedFileView } from '../../app/agent-views';
import type { FileReview } from '../../app/rewind-service';
import { DiffView } from './DiffView';
import { textBefore } from './diff-texts';
import { UnifiedDiffText } from './UnifiedDiffText';
import { enChangedFilesUi } from '../../app/messages/en-agent-review-ui';
import { addEnglishArea } from '../../app/messages/english-areas';
import { useI18n } from '../common/i18n';

addEnglishArea('changedFiles', enChangedFilesUi);

/** Reviewing the last run's changes: each file before the run, and putting changes back. */
export interface ChangeReview {
  /** The file before the run and now (see RewindControls.reviewBase). */
  base(path: string): Promise<FileReview | undefined>;
  /** Remembers `before` as what the file is compared with (see RewindControls.keepChange). */
  keep(path: string, before: string): Promise<void>;
  /** Puts the whole change back, or sets the file to `text` (see RewindControls.undoChange). */
  undo(path: string, text?: string): Promise<boolean>;
}

/**
 * The files the last run changed, after it ended: each opens its diff (a merge view of the
 * file before the run and now, or the unified text when the file has changed again since)
 * or the file itself in the editor. With `review`, each change of the diff has Keep and
 * Undo, and each file Keep all and Undo all.
 */
export function ChangedFilesList(props: {
  files: readonly ChangedFileView[];
  /** The file's text now; undefined when it is gone or not text. */
  readFile: (path: string) => Promise<string | undefined>;
  onOpen: (path: string) => void;
  review?: ChangeReview;
}) {
  const { t, formats } = useI18n();
  return (
    <Show when={props.files.length}>
      <section class="changed-files" aria-label={t('changedFiles.label')}>
        <h3>{t('changedFiles.count', formats(), props.files.length)}</h3>
        <ul>
          <For each={props.files}>
            {(file) => (
              <ChangedFileRow
                file={file}
                readFile={props.readFile}
                onOpen={props.onOpen}
                review={props.review}
              />
            )}
          </For>
        </ul>
      </section>
    </Show>
  );
}

function ChangedFileRow(props: {
  file: ChangedFileView;
  readFile: (path: string) => Promise<string | undefined>;
  onOpen: (path: string) => void;
  review: ChangeReview | undefined;
}) {
  const file = props.file;
  const { t } = useI18n();
  const [open, setOpen] = createSignal(false);
  // Read when first opened, and again on each opening (the file may have changed since).
  const [texts, { refetch }] = createResource(
    () => (open() ? file : undefined),
    async (changed) => {
      const base = await props.review?.base(changed.path);
      if (base) {
        const reviewable = base.before !== null && base.after !== null;
        return {
          before: base.before ?? '',
          after: base.after ?? '',
          reviewable,
        };
      }
      const now = changed.deleted ? '' : ((await props.readFile(changed.path)) ?? '');
      const before = changed.created ? '' : textBefore(now, changed.diff);
      return before === undefined ? undefined : { before, after: now, reviewable: false };
    },
  );
  const review = props.review;
  const undoAll = async () => {
    if (!review) return;
    if (await review.undo(file.path)) void refetch();
  };
  const keepAll = async () => {
    const shown = texts();
    if (!shown || !review) return;
    await review.keep(file.path, shown.after);
    void refetch();
  };
  const id = `changed-${file.path.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return (
    <li class="changed-file">
      <div class="changed-file-row">
        <button
          type="button"
          class="changed-file-toggle"
          aria-expanded={open()}
          aria-controls={id}
          aria-label={t('changedFiles.changesTo', file.path)}
          disabled={!file.diff}
          onClick={() => setOpen(!open())}
        >
          <span class="changed-file-path">{file.path}</span>
          <Show when={file.created}>
            <span class="changed-file-badge">{t('changedFiles.created')}</span>
          </Show>
          <Show when={file.deleted}>
            <span class="changed-file-badge deleted">{t('changedFiles.deleted')}</span>
          </Show>
        </button>
        <Show when={!file.deleted}>
          <button
            type="button"
            class="link-button"
            aria-label={t('changedFiles.openLabel', file.path)}
            onClick={() => props.onOpen(file.path)}
          >
            {t('changedFiles.open')}
          </button>
        </Show>
      </div>
      <Show when={open()}>
        <div id={id} class="changed-file-diff">
          <Show when={!texts.loading}>
            <Show
              when={texts()}
              fallback={
                <UnifiedDiffText diff={file.diff} label={t('changedFiles.diffOf', file.path)} />
              }
            >
              {(both) => (
                <>
                  <Show when={review}>
                    <div class="changed-file-actions">
                      <Show
                        when={both().before !== both().after}
                        fallback={
                          <span class="changed-file-kept">{t('changedFiles.nothingLeft')}</span>
                        }
                      >
                        <button
                          type="button"
                          class="button"
                          aria-label={t('changedFiles.keepAllLabel', file.path)}
                          onClick={() => void keepAll()}
                        >
                          {t('changedFiles.keepAll')}
                        </button>
                      </Show>
                      <button
                        type="button"
                        class="button"
                        aria-label={t('changedFiles.undoAllLabel', file.path)}
                        onClick={() => void undoAll()}
                      >
                        {t('changedFiles.undoAll')}
                      </button>
                    </div>
                  </Show>
                  <DiffView
                    path={file.path}
                    before={both().before}
                    after={both().after}
                    {...(review && both().reviewable
                      ? {
                          review: {
                            onUndo: (text: string) => review.undo(file.path, text),
                            onKeep: (before: string) => void review.keep(file.path, before),
                          },
                        }
                      : {})}
                  />
                </>
              )}
            </Show>
          </Show>
        </div>
      </Show>
    </li>
  );
}
