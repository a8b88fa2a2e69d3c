import { createEffect, For, on, onCleanup, Show } from 'solid-js';
import type { PreviewDocument, PreviewService } from '../../app/preview-service';
import type { PreviewConsoleLevel } from '../../runtime/preview-console';
import { loadPreviewFrame, PREVIEW_SANDBOX } from '../../runtime/sandbox/preview-frame';
import { baseName } from '../../workspace/paths';
import { IconButton } from '../common/icons';
import './preview.css';

/** The glyph and the spoken name of each console level. */
const LEVELS: Record<PreviewConsoleLevel, { glyph: string; name: string }> = {
  error: { glyph: '✕', name: 'Error' },
  warn: { glyph: '⚠', name: 'Warning' },
  info: { glyph: 'ℹ', name: 'Info' },
  log: { glyph: '›', name: 'Log' },
  debug: { glyph: '·', name: 'Debug' },
};

/**
 * The live preview: the page in its sandbox frame, with its console under it. A new build
 * of the page gets a new frame (a fresh window: nothing of the old page's scripts is left).
 */
export default function PreviewPane(props: { preview: PreviewService }) {
  const { preview } = props;
  let list: HTMLOListElement | undefined;
  // Follow the newest message while the list is scrolled to its end.
  createEffect(
    on(preview.entries, () => {
      if (!list) return;
      const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
      if (atEnd) queueMicrotask(() => list && (list.scrollTop = list.scrollHeight));
    }),
  );
  const name = () => {
    const path = preview.path();
    return path ? baseName(path) : '';
  };
  return (
    <div class="preview-pane">
      <div class="panel-toolbar preview-toolbar" role="toolbar" aria-label="Preview controls">
        <span class="preview-path" title={preview.path()}>
          {preview.path()}
        </span>
        <span class="preview-status" role="status">
          {preview.loading() ? 'Loading…' : ''}
        </span>
        <button
          type="button"
          class="button"
          aria-label="Reload preview"
          title="Build the page again from the workspace"
          onClick={() => void preview.reload()}
        >
          ↻ Reload
        </button>
        <IconButton label="Close preview" icon="close" onClick={() => preview.close()} />
      </div>
      <div class="preview-frame-box">
        <Show when={preview.document()} keyed>
          {(document) => <PreviewFrame document={document} name={name()} preview={preview} />}
        </Show>
      </div>
      <section class="preview-console" aria-label="Preview console">
        <div class="preview-console-bar">
          <span class="panel-title">Console</span>
          <span class="preview-console-count">
            {preview.entries().length} message{preview.entries().length === 1 ? '' : 's'}
            <Show when={preview.dropped()}>{` (${preview.dropped()} older dropped)`}</Show>
          </span>
          <button
            type="button"
            class="button"
            aria-label="Clear console"
            onClick={() => preview.clearConsole()}
          >
            Clear
          </button>
        </div>
        <ol class="preview-console-list" role="log" aria-label="Console messages" ref={list}>
          <For each={preview.entries()}>
            {(entry) => (
              <li class={`preview-entry level-${entry.level}`}>
                <span class="preview-entry-level" title={LEVELS[entry.level].name}>
                  <span aria-hidden="true">{LEVELS[entry.level].glyph}</span>
                  <span class="visually-hidden">{LEVELS[entry.level].name}: </span>
                </span>
                <span class="preview-entry-text">{entry.text}</span>
              </li>
            )}
          </For>
        </ol>
      </section>
    </div>
  );
}

/** One build's frame; it is loaded before it is put into the page, so its first load is the page's. */
function PreviewFrame(props: { document: PreviewDocument; name: string; preview: PreviewService }) {
  const attach = (frame: HTMLIFrameElement) => {
    const { document } = props;
    const close = loadPreviewFrame(frame, document.page, {
      policy: document.policy,
      webRtc: document.webRtc,
      ...(document.scroll ? { scroll: document.scroll } : {}),
      onMessage: (message) => props.preview.receive(document.generation, message),
      now: () => performance.now(),
    });
    onCleanup(close);
  };
  return (
    <iframe
      ref={attach}
      class="preview-frame"
      title={`Preview of ${props.name}`}
      sandbox={PREVIEW_SANDBOX}
      referrerPolicy="no-referrer"
    />
  );
}
