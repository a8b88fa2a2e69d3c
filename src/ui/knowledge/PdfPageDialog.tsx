/**
 * A cited PDF page, opened from a citation "[n]" whose passage has a page. Cove has no PDF
 * viewer (PDF.js runs only in a worker, and the page's CSP allows no plugin), so the dialog
 * shows the page's text as extracted, read again from the file, with the cited passage
 * marked and scrolled to.
 */
import { createResource, Match, Switch } from 'solid-js';
import { errorText } from '../../app/messages/describe-error';
import { useI18n } from '../common/i18n';
import { markPassage } from './passage-mark';
import './pdf-page.css';

export interface PdfPageRequest {
  path: string;
  page: number;
  /** The passage cited, marked where the page's text holds it. */
  passage: string;
  /** The page's text (empty: the page has no text layer). */
  read: () => Promise<string>;
}

export function PdfPageDialog(props: { request: PdfPageRequest; onClose: () => void }) {
  const { t, formats } = useI18n();
  const [text] = createResource(() => props.request.read());
  const titleId = `pdf-page-${Math.random().toString(36).slice(2)}`;
  const parts = () => markPassage(text() ?? '', props.request.passage);
  return (
    <dialog
      ref={(dialog) =>
        queueMicrotask(() => dialog.isConnected && !dialog.open && dialog.showModal())
      }
      class="modal pdf-page-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      <h2 id={titleId}>
        {t('pdfPage.title', props.request.path, formats().number(props.request.page))}
      </h2>
      <Switch>
        <Match when={text.error as unknown}>
          {(error) => <p role="alert">{t('pdfPage.failed', errorText(error()))}</p>}
        </Match>
        <Match when={text.loading}>
          <p role="status">{t('pdfPage.reading')}</p>
        </Match>
        <Match when={!text()?.trim()}>
          <p>{t('pdfPage.noText')}</p>
        </Match>
        <Match when={text()}>
          <p class="pdf-page-note">{t('pdfPage.textOnly')}</p>
          <pre
            class="pdf-page-text"
            aria-label={t(
              'pdfPage.title',
              props.request.path,
              formats().number(props.request.page),
            )}
          >
            {parts()[0]}
            <mark ref={(mark) => queueMicrotask(() => mark.scrollIntoView?.({ block: 'center' }))}>
              {parts()[1]}
            </mark>
            {parts()[2]}
          </pre>
        </Match>
      </Switch>
      <div class="modal-actions">
        <button type="button" class="button" onClick={() => props.onClose()}>
          {t('pdfPage.close')}
        </button>
      </div>
    </dialog>
  );
}
