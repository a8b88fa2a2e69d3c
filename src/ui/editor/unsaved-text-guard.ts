import type { EditorService } from '../../app/editor-service';

/**
 * Keeps typed text when the page is hidden, reloaded or closed:
 * - hidden (another tab, a minimized window, a phone app switch): save everything now, while
 *   the page can still finish ordinary, version-checked writes;
 * - beforeunload and pagehide: whatever is not committed yet is written at once, each
 *   write's transaction started synchronously in the handler and committed without waiting
 *   for a callback, because none of this page's may run again. An ordinary save is not
 *   started here: its transaction waits for callbacks, and one left open when the page dies
 *   is aborted together with every write queued behind it (seen: the last keystrokes lost).
 *   beforeunload also asks the browser to warn while some text is not committed yet.
 * Returns the function that removes the listeners.
 */
export function guardUnsavedText(
  editor: Pick<EditorService, 'saveAll' | 'flushNow' | 'hasUnsavedText'>,
  page: Window = window,
): () => void {
  const onHidden = () => {
    if (page.document.visibilityState === 'hidden') void editor.saveAll();
  };
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    editor.flushNow();
    if (!editor.hasUnsavedText()) return;
    event.preventDefault();
    // Older browsers show the warning only when returnValue is set.
    event.returnValue = '';
  };
  const onPageHide = () => editor.flushNow();
  page.document.addEventListener('visibilitychange', onHidden);
  page.addEventListener('beforeunload', onBeforeUnload);
  page.addEventListener('pagehide', onPageHide);
  return () => {
    page.document.removeEventListener('visibilitychange', onHidden);
    page.removeEventListener('beforeunload', onBeforeUnload);
    page.removeEventListener('pagehide', onPageHide);
  };
}
