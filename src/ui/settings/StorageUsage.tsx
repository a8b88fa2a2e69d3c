import { For, onCleanup, onMount, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import type { Amount, ConversationUsage, WorkspaceUsage } from '../../store/usage-store';
import { useDialogs } from '../common/dialogs';
import type { Formats } from '../../app/messages/formats';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enStorageSettingsUi } from '../../app/messages/en-settings-storage-ui';
import { useI18n } from '../common/i18n';

addEnglishArea('storageSettings', enStorageSettingsUi);

type Translate = ReturnType<typeof useI18n>['t'];
/** A counted kind of thing in the catalog ("12 files and folders"). */
type Counted = 'files' | 'conversations' | 'runs' | 'checkpoints' | 'versions' | 'messages';

/** The words of usage lines in the language shown. */
function usageWords(t: Translate, f: Formats) {
  const count = (kind: Counted, n: number) => t(`storageSettings.usage.${kind}`, f, n);
  /** "12 files (3.4 KB)"; nothing for none. */
  const amount = (value: Amount, kind: Counted) =>
    value.count
      ? t('storageSettings.usage.amount', count(kind, value.count), f.bytes(value.bytes))
      : undefined;
  return {
    count,
    /** One line of what a workspace holds, the parts it has, in a fixed order. */
    workspace(usage: WorkspaceUsage): string {
      const parts = [
        amount(usage.files, 'files'),
        amount(usage.conversations, 'conversations'),
        amount(usage.runs, 'runs'),
        usage.checkpoints
          ? t(
              'storageSettings.usage.checkpointsOver',
              count('checkpoints', usage.checkpoints),
              count('versions', usage.blobs.count),
              f.bytes(usage.blobs.bytes),
            )
          : undefined,
      ].filter(Boolean);
      return parts.length ? parts.join(' · ') : t('storageSettings.usage.empty');
    },
    conversation(usage: ConversationUsage): string {
      const parts = [
        t(
          'storageSettings.usage.amount',
          count('messages', usage.messages.count),
          f.bytes(usage.messages.bytes),
        ),
        amount(usage.runs, 'runs'),
      ].filter(Boolean);
      return parts.join(' · ');
    },
  };
}

/**
 * Settings → Storage → what each workspace holds (files, conversations, traces, checkpoints)
 * biggest first, and the open workspace's conversations with Open and Delete. It watches the
 * store while shown, so a delete (here, in the list, in another tab) shows at once.
 */
export function StorageUsage(props: { services: AppServices; onClose: () => void }) {
  const { storage, workspaces, chat, sessions, editor, notices } = props.services;
  const dialogs = useDialogs();
  const { t, formats } = useI18n();
  const words = () => usageWords(t, formats());
  onMount(() => {
    const stop = storage.watchUsage((error) =>
      notices.error(error, t('storageSettings.usage.countFailed')),
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
      notices.error(error, t('storageSettings.usage.openFailed'));
    }
  };

  const openConversation = (id: string) => {
    void chat.openSession(id);
    props.onClose();
  };

  // The same question and the same delete with Undo as the conversations list.
  const remove = async (usage: ConversationUsage) => {
    const answer = await dialogs.confirm({
      title: t('storageSettings.usage.deleteQuestion', usage.title),
      message: t('storageSettings.usage.deleteText'),
      confirmLabel: t('storageSettings.usage.deleteConversation'),
      danger: true,
    });
    if (answer === 'confirm') await sessions.remove(usage.sessionId);
  };

  return (
    <div class="storage-usage">
      <h4 id="settings-usage-workspaces">{t('storageSettings.usage.workspaces')}</h4>
      <p class="field-help">{t('storageSettings.usage.workspacesHelp')}</p>
      <Show
        when={storage.usage()}
        fallback={<p class="field-help">{t('storageSettings.usage.counting')}</p>}
      >
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
                            <span class="usage-badge">{t('storageSettings.usage.open')}</span>
                          </Show>
                          <span class="usage-size">{formats().bytes(workspace.bytes)}</span>
                        </div>
                        <div class="field-help">{words().workspace(workspace)}</div>
                      </div>
                      <div class="usage-actions">
                        <Show when={!open()}>
                          <button
                            type="button"
                            class="button small"
                            aria-label={t('storageSettings.usage.openWorkspace', workspace.name)}
                            onClick={() => void openWorkspace(workspace.workspaceId)}
                          >
                            {t('storageSettings.usage.openButton')}
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
                {t(
                  'storageSettings.usage.unreferenced',
                  words().count('versions', usage().unreferencedBlobs.count),
                  formats().bytes(usage().unreferencedBlobs.bytes),
                )}
              </p>
            </Show>
          </>
        )}
      </Show>
      <Show when={current()}>
        {(workspace) => (
          <>
            <h4 id="settings-usage-conversations">
              {t('storageSettings.usage.conversationsIn', workspace().name)}
            </h4>
            <Show
              when={workspace().sessions.length}
              fallback={<p class="field-help">{t('storageSettings.usage.noConversations')}</p>}
            >
              <ul class="usage-rows" aria-labelledby="settings-usage-conversations">
                <For each={workspace().sessions}>
                  {(conversation) => (
                    <li aria-label={conversation.title}>
                      <div class="usage-what">
                        <div class="usage-title">
                          <strong>{conversation.title}</strong>
                          <span class="usage-size">{formats().bytes(conversation.bytes)}</span>
                        </div>
                        <div class="field-help">{words().conversation(conversation)}</div>
                      </div>
                      <div class="usage-actions">
                        <button
                          type="button"
                          class="button small"
                          aria-label={t(
                            'storageSettings.usage.openConversation',
                            conversation.title,
                          )}
                          onClick={() => openConversation(conversation.sessionId)}
                        >
                          {t('storageSettings.usage.openButton')}
                        </button>
                        <button
                          type="button"
                          class="button small danger"
                          aria-label={t(
                            'storageSettings.usage.deleteConversationOf',
                            conversation.title,
                          )}
                          onClick={() => void remove(conversation)}
                        >
                          {t('storageSettings.usage.delete')}
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
