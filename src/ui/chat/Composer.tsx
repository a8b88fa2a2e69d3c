import { createEffect, createSignal, For, on, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import type { NodeAttachment } from '../../store/records';
import { Icon } from '../common/icons';
import { useI18n } from '../common/i18n';
import type { PendingView } from '../../app/agent-views';
import { ComposerMenu, COMPOSER_MENU_ID, createComposerMenu } from './ComposerMenu';
import { createFileAttachments } from './file-attachments-state';
import { FileAttachButton, ReadingChips } from './FileAttachControls';
import { createMcpComposerState, McpAttachmentList, McpComposerMenu } from './McpComposer';
import { MentionChips } from './MentionChips';
import { PendingMessages } from './PendingMessages';

/**
 * Where the person writes: Enter sends, Shift+Enter adds a line; the model is chosen here.
 * While an agent run goes, a message is either steering (Enter, or Steer: delivered after
 * the current tool batch) or queued (Queue: sent when the run ends), and Stop ends the run.
 */
export function Composer(props: {
  services: AppServices;
  /** Opens Settings at the providers, where models are added. */
  onOpenSettings: () => void;
  /** Opens Settings with the new-provider form, for a person who has none yet. */
  onAddProvider: () => void;
}) {
  const { chat, providers } = props.services;
  const { t } = useI18n();
  const agent = chat.agent;
  let input!: HTMLTextAreaElement;
  /** True while an agent run goes in the session shown: typed text steers or queues. */
  const running = () => chat.busy() && chat.activeSession()?.mode === 'agent';
  /** MCP resources attached to the message, and prompts as slash commands. */
  const mcp = createMcpComposerState(props.services);
  /** Files attached by the paperclip, a paste or a drop. */
  const files = createFileAttachments(props.services);
  /** Whether the chosen model sees pictures (a picture's chip says so when it does not). */
  const vision = () =>
    providers.models().find((choice) => choice.ref === chat.model())?.capabilities.vision ?? false;
  /** A drag with files is over the composer. */
  const [dropping, setDropping] = createSignal(false);
  const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

  const deliver = (how: 'steer' | 'queue') => {
    const text = input.value.trim();
    if (!text) return;
    if (how === 'steer') agent.steer(text);
    else agent.queue(text);
    chat.setDraft('');
    input.focus();
  };

  /**
   * Takes a waiting message back into the message box (after what is typed there, so
   * neither is lost); false when it was delivered meanwhile.
   */
  const takeIntoDraft = (item: PendingView): boolean => {
    if (!agent.takeBack(item)) return false;
    const typed = chat.draft().trim();
    chat.setDraft(typed ? `${typed}\n\n${item.text}` : item.text);
    queueMicrotask(grow);
    input.focus();
    return true;
  };

  /** Text, or attached files alone: a screenshot may be the whole question. */
  const worthSending = (text: string) => Boolean(text.trim()) || files.files().length > 0;
  /** True while the mentions are read for a send (a second Enter does nothing). */
  let readingMentions = false;
  const send = () => {
    const text = input.value;
    // While a run goes the mentions stay as chips, for the next message sent.
    if (running()) return deliver('steer');
    if (!worthSending(text) || chat.busy() || readingMentions || files.reading()) return;
    if (!menu.hasMentions()) return sendWith(text, []);
    // Mentioned files are read as they are now; the text is taken once they are.
    readingMentions = true;
    void menu.readNow().then((mentioned) => {
      readingMentions = false;
      const now = input.value;
      if (worthSending(now) && !chat.busy()) sendWith(now, mentioned);
    });
  };
  /** Sends `text` with the files, the mentions read for it and the attached MCP resources. */
  const sendWith = (text: string, mentions: NodeAttachment[]) => {
    // Files from the computer first, then the mentions, in the order they were added.
    const mentioned = [...files.attachments(), ...mentions];
    // Attachments leave the box once the message is stored; a refused send keeps them.
    const onStored = () => {
      menu.clearMentions();
      mcp.clear();
      files.clear();
    };
    if (mcp.needsPreparing(text)) {
      void mcp.prepare(text).then((ready) => {
        if (ready !== undefined && !chat.busy()) {
          const attachments = [...ready.attachments, ...mentioned];
          void chat.send(ready.text, { attachments, onStored });
        } else queueMicrotask(grow);
      });
      return;
    }
    void chat.send(text, { attachments: mentioned, onStored });
  };
  /** The `@` mention and `/` command menu, and the mentions picked. */
  const menu = createComposerMenu({ services: props.services, mcp, input: () => input, send });

  /** Why Send is off, shown on hover so a grey button is never a riddle. */
  const sendBlocker = () => {
    if (!providers.models().length) return t('composer.setUpModelFirst');
    if (files.reading()) return t('composer.waitForFiles');
    if (!worthSending(chat.draft())) return t('composer.typeFirst');
    return undefined;
  };

  const grow = () => {
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight, 240)}px`;
  };
  // The draft also changes without typing (sent and cleared, filled by "Debug with AI",
  // taken back to edit): the box follows it, or an emptied box stays tall and hides the
  // conversation.
  createEffect(on(chat.draft, () => queueMicrotask(grow), { defer: true }));

  return (
    <form
      class="composer"
      classList={{ dropping: dropping() }}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      // Files dropped anywhere on the composer are attached to the message.
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDropping(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDropping(false);
        files.add([...(event.dataTransfer?.files ?? [])]);
      }}
    >
      {/* Messages typed during a run wait above the box, in the order they will go. */}
      <Show when={agent.pending().length}>
        <PendingMessages
          items={agent.pending()}
          onEdit={takeIntoDraft}
          onRemove={(item) => void agent.takeBack(item)}
          onSend={(item) => {
            // Through the message box: a send that is refused leaves the text there.
            if (takeIntoDraft(item)) void chat.send(chat.draft());
          }}
          sendBlocker={() =>
            chat.busy()
              ? t('composer.waitForRun')
              : chat.draft().trim()
                ? t('composer.sendOrClear')
                : undefined
          }
        />
      </Show>
      <label for="chat-input" class="visually-hidden">
        {t('composer.message')}
      </label>
      <McpAttachmentList state={mcp} />
      <MentionChips attachments={menu.attachments()} onRemove={menu.removeMention} />
      <MentionChips
        attachments={files.attachments()}
        onRemove={files.remove}
        vision={vision()}
        label={t('composer.attachments')}
      />
      <ReadingChips files={files} />
      <div class="composer-input">
        <ComposerMenu state={menu} />
        <textarea
          id="chat-input"
          ref={input}
          rows={2}
          role="combobox"
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-expanded={menu.open()}
          aria-controls={menu.open() ? COMPOSER_MENU_ID : undefined}
          aria-activedescendant={menu.activeId()}
          placeholder={running() ? t('composer.steerPlaceholder') : t('composer.askPlaceholder')}
          value={chat.draft()}
          onInput={(event) => {
            chat.setDraft(event.currentTarget.value);
            grow();
            menu.follow();
          }}
          onKeyDown={(event) => {
            if (menu.onKeyDown(event)) return;
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
              event.preventDefault();
              send();
            }
          }}
          // The caret moved without typing: the menu follows what is before it.
          onKeyUp={(event) => {
            if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) menu.follow();
          }}
          onClick={() => menu.follow()}
          // A pasted screenshot (or copied files) is attached; pasted text stays text.
          onPaste={(event) => {
            const pasted = [...(event.clipboardData?.files ?? [])];
            if (!pasted.length) return;
            event.preventDefault();
            files.add(pasted, true);
          }}
          onFocus={() => menu.follow()}
          onBlur={() => menu.hide()}
        />
      </div>
      <div class="composer-bar">
        <Show
          when={providers.models().length}
          fallback={
            <button
              type="button"
              class="button"
              onClick={() =>
                providers.providers().length ? props.onOpenSettings() : props.onAddProvider()
              }
            >
              <Icon name="settings" /> {t('composer.setUpModel')}
            </button>
          }
        >
          <label for="chat-model" class="visually-hidden">
            {t('composer.model')}
          </label>
          <select
            id="chat-model"
            class="model-select"
            value={chat.model() ?? ''}
            onChange={(event) => void chat.chooseModel(event.currentTarget.value)}
          >
            <For each={providers.models()}>
              {(choice) => (
                <option value={choice.ref}>
                  {choice.model.label ?? choice.model.id} · {choice.providerName}
                </option>
              )}
            </For>
          </select>
        </Show>
        <FileAttachButton files={files} />
        <McpComposerMenu
          services={props.services}
          state={mcp}
          insert={(text) => {
            if (text) chat.setDraft(text);
            input.focus();
            queueMicrotask(grow);
          }}
        />
        <button
          type="button"
          class="button composer-knowledge"
          aria-pressed={props.services.knowledge.useInChat()}
          title={t('composer.knowledgeTitle')}
          onClick={() =>
            props.services.knowledge.setUseInChat(!props.services.knowledge.useInChat())
          }
        >
          {t('composer.knowledge')}
        </button>
        <span class="header-spacer" />
        <Show
          when={chat.busy()}
          fallback={
            <button
              type="submit"
              class="button primary"
              disabled={Boolean(sendBlocker())}
              title={sendBlocker() ?? t('composer.sendTitle')}
            >
              {t('composer.send')}
            </button>
          }
        >
          <span class="composer-actions">
            <Show when={running()}>
              <span class="composer-delivery" role="group" aria-label={t('composer.deliver')}>
                <button
                  type="button"
                  class="button"
                  disabled={!chat.draft().trim()}
                  title={t('composer.steerTitle')}
                  onClick={() => deliver('steer')}
                >
                  {t('composer.steer')}
                </button>
                <button
                  type="button"
                  class="button"
                  disabled={!chat.draft().trim()}
                  title={t('composer.queueTitle')}
                  onClick={() => deliver('queue')}
                >
                  {t('composer.queue')}
                </button>
              </span>
            </Show>
            <button type="button" class="button danger" onClick={() => chat.stop()}>
              {t('composer.stop')}
            </button>
          </span>
        </Show>
      </div>
    </form>
  );
}
