import { createEffect, For, on, onCleanup, Show } from 'solid-js';
import type { PreviewDocument, PreviewService } from '../../app/preview-service';
import type { PreviewConsoleLevel } from '../../runtime/preview-console';
import { loadPreviewFrame, PREVIEW_SANDBOX } from '../../runtime/sandbox/preview-frame';
import { baseName } from '../../workspace/paths';
import { IconButton } from '../common/icons';
import { useI18n } from '../common/i18n';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enPreviewUi } from '../../app/messages/en-panels-ui';
import './preview.css';

// The pane's English comes with this chunk, not with the first load.
addEnglishArea('preview', enPreviewUi);

/** The glyph of each console level (its spoken name is in the catalog). */
const GLYPHS: Record<PreviewConsoleLevel, string> = {
  error: '✕',
  warn: '⚠',
  info: 'ℹ',
  log: '›',
  debug: '·',
};

/**
 * The live preview: the page in its sandbox frame, with its console under it. A new build
 * of the page gets a new frame (a fresh window: nothing of the old page's scripts is left).
 */
export default function PreviewPane(props: { preview: PreviewService }) {
  const { preview } = props;
  const { t, formats } = useI18n();
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
      <div class="panel-toolbar preview-toolbar" role="toolbar" aria-label={t('preview.controls')}>
        <span class="preview-path" title={preview.path()}>
          {preview.path()}
        </span>
        <span class="preview-status" role="status">
          {preview.loading() ? t('preview.loading') : ''}
        </span>
        <button
          type="button"
          class="button"
          aria-label={t('preview.reloadLabel')}
          title={t('preview.reloadTitle')}
          onClick={() => void preview.reload()}
        >
          ↻ {t('preview.reload')}
        </button>
        <IconButton label={t('preview.close')} icon="close" onClick={() => preview.close()} />
      </div>
      <div class="preview-frame-box">
        <Show when={preview.document()} keyed>
          {(document) => <PreviewFrame document={document} name={name()} preview={preview} />}
        </Show>
      </div>
      <section class="preview-console" aria-label={t('preview.console')}>
        <div class="preview-console-bar">
          <span class="panel-title">{t('preview.consoleTitle')}</span>
          <span class="preview-console-count">
            {t('preview.messages', formats(), preview.entries().length)}
            <Show when={preview.dropped()}>
              {(dropped) => t('preview.dropped', formats().number(dropped()))}
            </Show>
          </span>
          <button
            type="button"
            class="button"
            aria-label={t('preview.clearConsole')}
            onClick={() => preview.clearConsole()}
          >
            {t('preview.clear')}
          </button>
        </div>
        <ol
          class="preview-console-list"
          role="log"
          aria-label={t('preview.consoleMessages')}
          ref={list}
        >
          <For each={preview.entries()}>
            {(entry) => (
              <li class={`preview-entry level-${entry.level}`}>
                <span class="preview-entry-level" title={t(`preview.levels.${entry.level}`)}>
                  <span aria-hidden="true">{GLYPHS[entry.level]}</span>
                  <span class="visually-hidden">{t(`preview.levels.${entry.level}`)}: </span>
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
  const { t } = useI18n();
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
      title={t('preview.frameTitle', props.name)}
      sandbox={PREVIEW_SANDBOX}
      referrerPolicy="no-referrer"
    />
  );
}
