import { createSignal, For, lazy, Show } from 'solid-js';
import type { ChatMessageView } from '../../app/chat-service';
import type { AppServices } from '../../app/services';
// By module, not the llm index: the index carries the openai SDK, which loads on first use.
import { parseModelRef } from '../../llm/model-ref';
import { useDialogs } from '../common/dialogs';
import { Icon } from '../common/icons';
import { useI18n } from '../common/i18n';
import { formatDuration } from '../agent/tool-call-summary';
import { ToolCallChip } from '../agent/ToolCallChip';
import { RewindButton } from '../agent/RewindButton';
import { CompactionMarker } from './CompactionMarker';
import { SessionIcon } from '../sessions/session-icons';
import { BranchSwitcher } from './BranchSwitcher';
import { wireCodeBlockActions } from './code-block-actions';
import { MarkdownView } from './MarkdownView';
import { linkCitations } from './citation-links';
import { replyPassages } from '../../app/reply-passages';
import { MentionChips } from './MentionChips';
import { splitUserMessage } from './user-message-parts';
import { retrying } from '../common/retrying-lazy';
import type { PdfPageRequest } from '../knowledge/PdfPageDialog';

// Loads with the first note saved to memory that a conversation shows.
const MemoryReceipt = lazy(
  retrying(
    () => import('../agent/MemoryReceipt'),
    (module) => module.MemoryReceipt,
  ),
);

// Loads with the first cited PDF page opened.
const PdfPageDialog = lazy(
  retrying(
    () => import('../knowledge/PdfPageDialog'),
    (module) => module.PdfPageDialog,
  ),
);

/**
 * One message. The person's is their text as typed, with fenced code drawn as code blocks,
 * and can be edited (sent again as a sibling branch); the model's is safe Markdown with its
 * extras. Either shows a branch switcher when it has siblings.
 */
export function MessageItem(props: {
  message: ChatMessageView;
  services: AppServices;
  runCode?: (code: string, output: HTMLElement) => void;
}) {
  const { chat } = props.services;
  const { t, formats } = useI18n();
  /** Said of a message a compaction summarized (it stays readable and branchable). */
  const outsideNote = () => t('message.outside');
  const seconds = (ms: number) =>
    formatDuration(ms, {
      locale: formats().locale,
      underTenth: t('toolCall.underTenth'),
      seconds: (amount) => t('toolCall.seconds', amount),
    });
  const dialogs = useDialogs();
  const [copied, setCopied] = createSignal(false);
  const [rendering, setRendering] = createSignal(false);
  const [pdfPage, setPdfPage] = createSignal<PdfPageRequest>();
  const message = props.message;
  const streaming = () => message.status() === 'streaming';
  const modelName = () => {
    const parsed = message.model ? parseModelRef(message.model) : undefined;
    return parsed?.modelId;
  };
  const copy = () =>
    navigator.clipboard.writeText(message.content()).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      },
      (error) => props.services.notices.error(error, t('message.couldNotCopy')),
    );

  const wireCodeBlock = (
    element: HTMLElement,
    source: Parameters<typeof wireCodeBlockActions>[1],
  ) =>
    wireCodeBlockActions(element, source, {
      services: props.services,
      dialogs,
      run: message.role === 'assistant' ? props.runCode : undefined,
    });
  const allowImage = (url: string) => void props.services.network.grant(url);
  /** A reply's citations: what its question carried, what its run's searches returned. */
  const decorate = (container: HTMLElement) => {
    const passages = replyPassages(chat.messages(), message.id);
    const { workspaces, editor } = props.services;
    linkCitations(
      container,
      passages,
      (passage) => {
        const file = workspaces.entries().find((entry) => entry.path === passage.path);
        return !file ? 'deleted' : file.version === passage.version ? 'same' : 'changed';
      },
      (passage) => {
        const page = passage.page;
        if (page === undefined) return void editor.reveal(passage.path, passage.startLine, 1);
        setPdfPage({
          path: passage.path,
          page,
          passage: passage.text,
          read: async () =>
            (await import('../knowledge/pdf-page-text')).readPdfPage(
              props.services,
              passage.path,
              page,
            ),
        });
      },
    );
  };
  /**
   * Copies the conversation up to this message into a new session: an icon under the
   * person's message (its text stays the message's), a word under a reply.
   */
  const fork = (asIcon: boolean) => (
    <button
      type="button"
      class={asIcon ? 'message-icon-button' : 'link-button'}
      aria-label={t('message.forkLabel')}
      title={t('message.forkTitle')}
      disabled={chat.busy()}
      onClick={() => void props.services.sessions.forkFrom(message.id)}
    >
      {asIcon ? <SessionIcon name="fork" /> : t('message.fork')}
    </button>
  );
  const branches = () => (
    <BranchSwitcher
      branch={message.branch()}
      disabled={chat.busy()}
      onSwitch={(direction) => void chat.switchBranch(message.id, direction)}
    />
  );

  if (message.role === 'compaction') return <CompactionMarker message={message} />;

  if (message.role === 'user') {
    const [editing, setEditing] = createSignal<string | undefined>();
    const save = () => {
      const text = editing();
      if (!text?.trim() || chat.busy()) return;
      setEditing(undefined);
      void chat.editMessage(message.id, text);
    };
    return (
      <article
        class="message user"
        classList={{ outside: message.outside() }}
        aria-label={t('message.yours')}
        aria-description={message.outside() ? outsideNote() : undefined}
      >
        <Show when={message.outside()}>
          <p class="outside-note">{outsideNote()}</p>
        </Show>
        <Show
          when={editing() !== undefined}
          fallback={
            <>
              <MentionChips attachments={message.attachments} />
              <For each={splitUserMessage(message.content())}>
                {(part) =>
                  part.kind === 'text' ? (
                    <p class="message-text">{part.text}</p>
                  ) : (
                    <MarkdownView
                      text={() => part.source}
                      streaming={() => false}
                      wireCodeBlock={wireCodeBlock}
                      allowImage={allowImage}
                    />
                  )
                }
              </For>
              <footer class="message-footer user-footer">
                {branches()}
                <button
                  type="button"
                  class="message-icon-button"
                  aria-label={t('message.edit')}
                  title={t('message.editTitle')}
                  disabled={chat.busy()}
                  onClick={() => setEditing(message.content())}
                >
                  <Icon name="edit" />
                </button>
                {fork(true)}
                <RewindButton messageId={message.id} chat={chat} />
              </footer>
            </>
          }
        >
          <form
            class="message-edit"
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <textarea
              aria-label={t('message.editBox')}
              value={editing()}
              rows={Math.min(12, Math.max(2, (editing() ?? '').split('\n').length))}
              ref={(element) => queueMicrotask(() => element.focus())}
              onInput={(event) => setEditing(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setEditing(undefined);
                else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) save();
              }}
            />
            {/* The engine keeps a message's mentions on its edit; the chips say so. */}
            <MentionChips attachments={message.attachments} />
            <p class="message-edit-note">
              {t('message.editNote')}
              {message.attachments.length ? t('message.editNoteAttached') : ''}
            </p>
            <div class="message-edit-actions">
              <button type="button" class="button" onClick={() => setEditing(undefined)}>
                {t('message.cancel')}
              </button>
              <button
                type="submit"
                class="button primary"
                disabled={!editing()?.trim() || chat.busy()}
              >
                {t('message.save')}
              </button>
            </div>
          </form>
        </Show>
      </article>
    );
  }

  return (
    <article
      class="message assistant"
      classList={{ outside: message.outside() }}
      aria-label={t('message.reply')}
      aria-description={message.outside() ? outsideNote() : undefined}
      aria-busy={streaming() || rendering()}
    >
      <Show when={message.outside()}>
        <p class="outside-note">{outsideNote()}</p>
      </Show>
      <Show when={message.reasoning()}>
        <details class="thinking">
          <summary>
            {message.reasoningMs() !== undefined
              ? t('message.thoughtFor', seconds(message.reasoningMs()!))
              : streaming()
                ? t('message.thinking')
                : // Ended without a measured time: interrupted, stopped or failed mid-thought.
                  t('message.reasoning')}
          </summary>
          <p class="thinking-text">{message.reasoning()}</p>
        </details>
      </Show>
      <MarkdownView
        text={message.content}
        streaming={streaming}
        onTextDelta={message.onTextDelta}
        onRendering={setRendering}
        wireCodeBlock={wireCodeBlock}
        allowImage={allowImage}
        decorate={decorate}
      />
      <Show when={pdfPage()} keyed>
        {(request) => <PdfPageDialog request={request} onClose={() => setPdfPage(undefined)} />}
      </Show>
      <Show when={message.toolCalls().length}>
        <div class="tool-calls" role="list" aria-label={t('message.toolCalls')}>
          <For each={message.toolCalls()}>
            {(call) => (
              <div role="listitem">
                <ToolCallChip call={call} />
                <Show when={call.receipt?.()}>
                  {(receipt) => <MemoryReceipt receipt={receipt()} services={props.services} />}
                </Show>
              </div>
            )}
          </For>
        </div>
      </Show>
      <Show
        when={
          streaming() && !message.content() && !message.reasoning() && !message.toolCalls().length
        }
      >
        <p class="message-waiting">{t('message.waiting')}</p>
      </Show>
      <Show when={message.status() === 'aborted'}>
        <p class="message-note">{t('message.stopped')}</p>
      </Show>
      <Show when={message.toolCalls().some((call) => call.status() === 'interrupted')}>
        <p class="message-note">
          {t('message.toolsInterrupted')}{' '}
          <Show when={chat.messages().at(-1)?.id === message.id}>
            <button
              type="button"
              class="button"
              disabled={chat.busy()}
              onClick={() => chat.agent.continueRun()}
            >
              {t('message.continue')}
            </button>
          </Show>
        </p>
      </Show>
      <Show when={message.status() === 'interrupted'}>
        <p class="message-note">
          {t('message.replyInterrupted')}{' '}
          <button
            type="button"
            class="button"
            disabled={chat.busy()}
            onClick={() => void chat.continueReply(message.id)}
          >
            {t('message.continue')}
          </button>
        </p>
      </Show>
      <Show when={message.error()}>
        {(error) => (
          <div class="message-error" role="alert">
            <p>
              <strong>{error().message}</strong> {error().hint}
            </p>
            <Show
              when={error().code === 'key-origin'}
              fallback={
                <button
                  type="button"
                  class="button"
                  disabled={chat.busy()}
                  onClick={() => void chat.regenerate(message.id)}
                >
                  {t('message.retry')}
                </button>
              }
            >
              <button
                type="button"
                class="button primary"
                disabled={chat.busy()}
                onClick={() => void chat.allowKeyAndRetry(message.id)}
              >
                {t('message.allowAndRetry')}
              </button>
            </Show>
          </div>
        )}
      </Show>
      <Show when={!streaming()}>
        <footer class="message-footer">
          {branches()}
          <span class="message-meta">
            {modelName()}
            <Show when={message.usage()}>
              {(usage) => (
                <span aria-label={t('message.tokenUsage')}>
                  {' · '}
                  {t(
                    'message.tokens',
                    formats().number(usage().inputTokens),
                    formats().number(usage().outputTokens),
                  )}
                </span>
              )}
            </Show>
          </span>
          <Show when={message.content()}>
            <button
              type="button"
              class="link-button"
              aria-label={t('message.copyReply')}
              onClick={() => void copy()}
            >
              {copied() ? t('message.copied') : t('message.copy')}
            </button>
          </Show>
          {/* A step of an agent run (it called tools) is not answered again on its own. */}
          <Show when={message.status() !== 'error' && !message.toolCalls().length}>
            <button
              type="button"
              class="link-button"
              aria-label={t('message.regenerateReply')}
              disabled={chat.busy()}
              onClick={() => void chat.regenerate(message.id)}
            >
              {t('message.regenerate')}
            </button>
          </Show>
          {fork(false)}
          <RewindButton messageId={message.id} chat={chat} />
        </footer>
      </Show>
    </article>
  );
}
