import { For, onCleanup, onMount, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import type { Amount, ConversationUsage, WorkspaceUsage } from '../../store/usage-store';
import { formatBytes } from '../../workspace/file-content';
import { useDialogs } from '../common/dialogs';

/** "1 file", "3 conversations". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 files (3.4 KB)"; nothing for none. */
const amount = (value: Amount, one: string, many: string) =>
  value.count ? `${count(value.count, one, many)} (${formatBytes(value.bytes)})` : undefined;

/** One line of what a workspace holds, the parts it has, in a fixed order. */
function workspaceParts(usage: WorkspaceUsage): string {
  const parts = [
    amount(usage.files, 'file or folder', 'files and folders'),
    amount(usage.conversations, 'conversation', 'conversations'),
    amount(usage.runs, 'run trace', 'run traces'),
    usage.checkpoints
      ? `${count(usage.checkpoints, 'checkpoint', 'checkpoints')} over ${count(usage.blobs.count, 'stored file version', 'stored file versions')} (${formatBytes(usage.blobs.bytes)})`
      : undefined,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Empty';
}

function conversationParts(usage: ConversationUsage): string {
  const parts = [
    `${count(usage.messages.count, 'message', 'messages')} (${formatBytes(usage.messages.bytes)})`,
    amount(usage.runs, 'run trace', 'run traces'),
  ].filter(Boolean);
  return parts.join(' · ');
}

/**
 * Settings → Storage → what each workspace holds (files, conversations, traces, checkpoints)
 * biggest first, and the open workspace's conversations with Open and Delete. It watches the
 * store while shown, so a delete (here, in the list, in another tab) shows at once.
 */
export function StorageUsage(props: { services: AppServices; onClose: () => void }) {
  const { storage, workspaces, chat, sessions, editor, notices } = props.services;
  const dialogs = useDialogs();
  onMount(() => {
    const stop = storage.watchUsage((error) =>
      notices.error(error, 'Could not count what Cove stores'),
    );
    onCleanup(stop);
  });

  const current = () => {
    const id = workspaces.current()?.id;
    return storage.usage()?.workspaces.find((usage) => usage.workspaceId === id);
  };

  const openWorkspace = async (id: string) => {
    try {
      await editor.saveAll();
      await workspaces.open(id);
      await editor.restoreTabs();
      props.onClose();
    } catch (error) {
      notices.error(error, 'Could not open the workspace');
    }
  };

  const openConversation = (id: string) => {
    void chat.openSession(id);
    props.onClose();
  };

  // The same question and the same delete with Undo as the conversations list.
  const remove = async (usage: ConversationUsage) => {
    const answer = await dialogs.confirm({
      title: `Delete "${usage.title}"?`,
      message:
        'The conversation and all its messages, every branch included, will be deleted. The notice that follows has Undo, which brings it back whole.',
      confirmLabel: 'Delete conversation',
      danger: true,
    });
    if (answer === 'confirm') await sessions.remove(usage.sessionId);
  };

  return (
    <div class="storage-usage">
      <h4 id="settings-usage-workspaces">Workspaces</h4>
      <p class="field-help">
        Sizes count the files and the text Cove keeps for each, biggest first; the browser’s total
        above also counts its own bookkeeping.
      </p>
      <Show when={storage.usage()} fallback={<p class="field-help">Counting…</p>}>
        {(usage) => (
          <>
            <ul class="usage-rows" aria-labelledby="settings-usage-workspaces">
              <For each={usage().workspaces}>
                {(workspace) => {
                  const open = () => workspace.workspaceId === workspaces.current()?.id;
                  return (
                    <li aria-label={workspace.name}>
                      <div class="usage-what">
                        <div class="usage-title">
                          <strong>{workspace.name}</strong>
                          <Show when={open()}>
                            <span class="usage-badge">open</span>
                          </Show>
                          <span class="usage-size">{formatBytes(workspace.bytes)}</span>
                        </div>
                        <div class="field-help">{workspaceParts(workspace)}</div>
                      </div>
                      <div class="usage-actions">
                        <Show when={!open()}>
                          <button
                            type="button"
                            class="button small"
                            aria-label={`Open workspace ${workspace.name}`}
                            onClick={() => void openWorkspace(workspace.workspaceId)}
                          >
                            Open
                          </button>
                        </Show>
                      </div>
                    </li>
                  );
                }}
              </For>
            </ul>
            <Show when={usage().unreferencedBlobs.count}>
              <p class="field-help">
                Not used by any checkpoint:{' '}
                {count(
                  usage().unreferencedBlobs.count,
                  'stored file version',
                  'stored file versions',
                )}{' '}
                ({formatBytes(usage().unreferencedBlobs.bytes)}).
              </p>
            </Show>
          </>
        )}
      </Show>
      <Show when={current()}>
        {(workspace) => (
          <>
            <h4 id="settings-usage-conversations">Conversations in “{workspace().name}”</h4>
            <Show
              when={workspace().sessions.length}
              fallback={<p class="field-help">No conversations in this workspace.</p>}
            >
              <ul class="usage-rows" aria-labelledby="settings-usage-conversations">
                <For each={workspace().sessions}>
                  {(conversation) => (
                    <li aria-label={conversation.title}>
                      <div class="usage-what">
                        <div class="usage-title">
                          <strong>{conversation.title}</strong>
                          <span class="usage-size">{formatBytes(conversation.bytes)}</span>
                        </div>
                        <div class="field-help">{conversationParts(conversation)}</div>
                      </div>
                      <div class="usage-actions">
                        <button
                          type="button"
                          class="button small"
                          aria-label={`Open conversation ${conversation.title}`}
                          onClick={() => openConversation(conversation.sessionId)}
                        >
                          Open
                        </button>
                        <button
                          type="button"
                          class="button small danger"
                          aria-label={`Delete conversation ${conversation.title}`}
                          onClick={() => void remove(conversation)}
                        >
                          Delete
                        </button>
                      </div>
                    </li>
                  )}
                </For>
              </ul>
            </Show>
          </>
        )}
      </Show>
    </div>
  );
}
