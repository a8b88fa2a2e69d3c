import { For, Show } from 'solid-js';
import type { NoticeService } from '../../app/notice-service';
import { Icon } from '../common/icons';

/** Toasts in the corner: errors stay until dismissed, others fade after a few seconds. */
export function NoticeArea(props: { notices: NoticeService }) {
  return (
    <section class="notice-area" aria-label="Notifications">
      <For each={props.notices.notices()}>
        {(notice) => (
          <div
            class={`notice notice-${notice.kind}`}
            role={notice.kind === 'error' ? 'alert' : 'status'}
          >
            <div class="notice-body">
              <p>{notice.text}</p>
              <Show when={notice.details?.length}>
                <ul>
                  <For each={notice.details!.slice(0, 8)}>{(line) => <li>{line}</li>}</For>
                  <Show when={notice.details!.length > 8}>
                    <li>…and {notice.details!.length - 8} more</li>
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
              aria-label="Dismiss notification"
              onClick={() => props.notices.dismiss(notice.id)}
            >
              <Icon name="close" />
            </button>
          </div>
        )}
      </For>
    </section>
  );
}
