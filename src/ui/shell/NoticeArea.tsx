import { For, Show } from 'solid-js';
import { Portal } from 'solid-js/web';
import type { NoticeService } from '../../app/notice-service';
import { useI18n } from '../common/i18n';
import { Icon } from '../common/icons';
import { createTopModal } from '../common/top-modal';

/**
 * Toasts at the bottom left (top on a phone), so they never cover the chat box, Send or
 * Run (notices.css): errors stay until dismissed, others leave after a few seconds, a
 * repeated one counts up instead of stacking (the service keeps at most a few). While a
 * modal dialog is open they are shown inside it: the dialog is in the browser's top layer
 * and makes the rest of the page inert, so that is the only place they are seen and usable.
 */
export function NoticeArea(props: { notices: NoticeService }) {
  const topModal = createTopModal();
  const { t, formats } = useI18n();
  return (
    <Portal mount={topModal() ?? document.body}>
      {/* A div, not a section: dialogs style their own sections (separators, spacing). */}
      <div class="notice-area" role="region" aria-label={t('shell.notifications')}>
        <For each={props.notices.notices()}>
          {(notice) => (
            <div
              class={`notice notice-${notice.kind}`}
              role={notice.kind === 'error' ? 'alert' : 'status'}
            >
              <div class="notice-body">
                <p>
                  {notice.text}
                  <Show when={notice.count > 1}>
                    <span
                      class="notice-count"
                      title={t('shell.shownTimes', formats().number(notice.count))}
                    >
                      {' '}
                      ×{notice.count}
                    </span>
                  </Show>
                </p>
                <Show when={notice.details?.length}>
                  <ul>
                    <For each={notice.details!.slice(0, 8)}>{(line) => <li>{line}</li>}</For>
                    <Show when={notice.details!.length > 8}>
                      <li>{t('shell.andMore', formats().number(notice.details!.length - 8))}</li>
                    </Show>
                  </ul>
                </Show>
              </div>
              <Show when={notice.action}>
                {(action) => (
                  <button
                    type="button"
                    class="button primary"
                    onClick={() => {
                      action().run();
                      props.notices.dismiss(notice.id);
                    }}
                  >
                    {action().label}
                  </button>
                )}
              </Show>
              <button
                type="button"
                class="icon-button"
                aria-label={t('shell.dismiss')}
                title={t('shell.dismissTitle')}
                onClick={() => props.notices.dismiss(notice.id)}
              >
                <Icon name="close" />
              </button>
            </div>
          )}
        </For>
      </div>
    </Portal>
  );
}
