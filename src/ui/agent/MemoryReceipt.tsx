import { createResource, createSignal, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import type { ToolReceipt } from '../../tools/tool';

/**
 * Beside a memory write's chip, in every approval mode: "Saved to memory: <title>" with View
 * (the note as it is now) and Undo (the note as it was before this write, or gone), so
 * nothing is remembered without the person seeing it. A write made after a file, a page or
 * an MCP result came into the run says so.
 */
export function MemoryReceipt(props: { receipt: ToolReceipt; services: AppServices }) {
  const { memory, workspaces, notices } = props.services;
  const receipt = props.receipt;
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
      text: `“${receipt.title}” changed since it was saved here; edit it in Settings → Memory.`,
    });
  };
  const scope = receipt.scope === 'user' ? 'your memory' : "this workspace's memory";

  return (
    <div
      class="memory-receipt"
      classList={{ flagged: !!receipt.flagged }}
      role="group"
      aria-label={`Saved to memory: ${receipt.title}`}
    >
      <p class="memory-receipt-line">
        <Show
          when={!undone()}
          fallback={
            <span role="status">Undone: this write of “{receipt.title}” was taken back.</span>
          }
        >
          <span>
            Saved to memory: <strong>{receipt.title}</strong>{' '}
            <span class="memory-receipt-scope">({scope})</span>
          </span>
          <span class="memory-receipt-actions">
            <button
              type="button"
              class="button"
              aria-expanded={viewing()}
              onClick={() => setViewing(!viewing())}
            >
              View
            </button>
            <button
              type="button"
              class="button"
              onClick={() =>
                void undo().catch((error: unknown) => notices.error(error, 'Could not undo'))
              }
            >
              Undo
            </button>
          </span>
        </Show>
      </p>
      <Show when={receipt.flagged}>
        <p class="memory-receipt-flag">
          Flagged: saved after {receipt.flagged} brought outside text into this run. Check it holds
          what you want remembered, not instructions from a file or page.
        </p>
      </Show>
      <Show when={viewing() && !undone() && note() !== undefined}>
        <pre class="memory-receipt-text" aria-label={`Note: ${receipt.title}`}>
          {note()?.text ?? 'This note is no longer in memory.'}
        </pre>
      </Show>
    </div>
  );
}
