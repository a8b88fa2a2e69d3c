import { createResource, createSignal, For, Show } from 'solid-js';
import type { ChangedFileView } from '../../app/agent-views';
import { DiffView } from './DiffView';
import { textBefore } from './diff-texts';
import { UnifiedDiffText } from './UnifiedDiffText';

/**
 * The files the last run changed, after it ended: each opens its diff (a merge view of the
 * file before the run and now, or the unified text when the file has changed again since)
 * or the file itself in the editor.
 */
export function ChangedFilesList(props: {
  files: readonly ChangedFileView[];
  /** The file's text now; undefined when it is gone or not text. */
  readFile: (path: string) => Promise<string | undefined>;
  onOpen: (path: string) => void;
}) {
  return (
    <Show when={props.files.length}>
      <section class="changed-files" aria-label="Files changed by the agent">
        <h3>
          {props.files.length === 1 ? '1 file changed' : `${props.files.length} files changed`}
        </h3>
        <ul>
          <For each={props.files}>
            {(file) => (
              <ChangedFileRow file={file} readFile={props.readFile} onOpen={props.onOpen} />
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
}) {
  const file = props.file;
  const [open, setOpen] = createSignal(false);
  // Read when first opened, and again on each opening (the file may have changed since).
  const [texts] = createResource(
    () => (open() ? file : undefined),
    async (changed) => {
      const now = changed.deleted ? '' : ((await props.readFile(changed.path)) ?? '');
      const before = changed.created ? '' : textBefore(now, changed.diff);
      return before === undefined ? undefined : { before, after: now };
    },
  );
  const id = `changed-${file.path.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return (
    <li class="changed-file">
      <div class="changed-file-row">
        <button
          type="button"
          class="changed-file-toggle"
          aria-expanded={open()}
          aria-controls={id}
          aria-label={`Changes to ${file.path}`}
          disabled={!file.diff}
          onClick={() => setOpen(!open())}
        >
          <span class="changed-file-path">{file.path}</span>
          <Show when={file.created}>
            <span class="changed-file-badge">new</span>
          </Show>
          <Show when={file.deleted}>
            <span class="changed-file-badge deleted">deleted</span>
          </Show>
        </button>
        <Show when={!file.deleted}>
          <button
            type="button"
            class="link-button"
            aria-label={`Open ${file.path}`}
            onClick={() => props.onOpen(file.path)}
          >
            Open
          </button>
        </Show>
      </div>
      <Show when={open()}>
        <div id={id} class="changed-file-diff">
          <Show when={!texts.loading}>
            <Show
              when={texts()}
              fallback={<UnifiedDiffText diff={file.diff} label={`Diff of ${file.path}`} />}
            >
              {(both) => <DiffView path={file.path} before={both().before} after={both().after} />}
            </Show>
          </Show>
        </div>
      </Show>
    </li>
  );
}
