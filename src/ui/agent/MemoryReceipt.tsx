import { createResource, createSignal, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import type { ToolReceipt } from '../../tools/tool';
import { enMemoryReceiptUi } from '../../app/messages/en-agent-review-ui';
import { addEnglishArea } from '../../app/messages/english-areas';
import { useI18n } from '../common/i18n';

addEnglishArea('memoryReceipt', enMemoryReceiptUi);

/**
 * Beside a memory write's chip, in every approval mode: "Saved to memory: <title>" with View
 * (the note as it is now) and Undo (the note as it was before this write, or gone), so
 * nothing is remembered without the person seeing it. A write made after a file, a page or
 * an MCP result came into the run says so.
 */
export function MemoryReceipt(props: { receipt: ToolReceipt; services: AppServices }) {
  const { memory, workspaces, notices } = props.services;
  const receipt = props.receipt;
  const { t } = useI18n();
  const [viewing, setViewing] = createSignal(false);
  const [undone, setUndone] = createSignal(false);
  const workspaceId = () => workspaces.current()?.id;
  const [note] = createResource(
    () => viewing() && { version: memory.version(), workspaceId: workspaceId() },
    async ({ workspaceId }) => {
      const place = memory.place(receipt.scope, workspaceId);
      return place ? ((await memory.store.find(place, receipt.title)) ?? null) : null;
    },
  );
  const undo = async () => {
    if (await memory.undo(receipt, workspaceId())) {
      setUndone(true);
      return;
    }
    notices.show({
      kind: 'info',
      text: t('memoryReceipt.changedSince', receipt.title),
    });
  };
  const scope = () =>
    receipt.scope === 'user' ? t('memoryReceipt.userScope') : t('memoryReceipt.workspaceScope');

  return (
    <div
      class="memory-receipt"
      classList={{ flagged: !!receipt.flagged }}
      role="group"
      aria-label={t('memoryReceipt.label', receipt.title)}
    >
      <p class="memory-receipt-line">
        <Show
          when={!undone()}
          fallback={<span role="status">{t('memoryReceipt.undone', receipt.title)}</span>}
        >
          <span>
            {t('memoryReceipt.saved')} <strong>{receipt.title}</strong>{' '}
            <span class="memory-receipt-scope">({scope()})</span>
          </span>
          <span class="memory-receipt-actions">
            <button
              type="button"
              class="button"
              aria-expanded={viewing()}
              onClick={() => setViewing(!viewing())}
            >
              {t('memoryReceipt.view')}
            </button>
            <button
              type="button"
              class="button"
              onClick={() =>
                void undo().catch((error: unknown) =>
                  notices.error(error, t('memoryReceipt.couldNotUndo')),
                )
              }
            >
              {t('memoryReceipt.undo')}
            </button>
          </span>
        </Show>
      </p>
      <Show when={receipt.flagged}>
        <p class="memory-receipt-flag">{t('memoryReceipt.flagged', receipt.flagged!)}</p>
      </Show>
      <Show when={viewing() && !undone() && note() !== undefined}>
        <pre class="memory-receipt-text" aria-label={t('memoryReceipt.note', receipt.title)}>
          {note()?.text ?? t('memoryReceipt.gone')}
        </pre>
      </Show>
    </div>
  );
}
