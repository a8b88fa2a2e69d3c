import {
  createEffect,
  createMemo,
  createResource,
  createSignal,
  For,
  Show,
  type Accessor,
} from 'solid-js';
import { retryingImport } from '../../base/retrying-import';
import { replaceTrigger, triggerAt, type ComposerTrigger } from '../../app/composer-trigger';
import {
  candidateDetail,
  candidateKey,
  candidateLabel,
  filterMentions,
  mentionToken,
  type MentionCandidate,
} from '../../app/mention-candidates';
import { createMentionSource } from '../../app/mention-source';
import type { AppServices } from '../../app/services';
import {
  commandDraft,
  filterCommands,
  runsWhenPicked,
  slashCommands,
  type SlashCommand,
} from '../../app/slash-commands';
import type { NodeAttachment } from '../../store/records';
import type { FuzzyMatcher } from '../../workspace/fuzzy-match';
import type { McpComposerState } from './McpComposer';
import { useI18n } from '../common/i18n';

// The menu's fuzzy matching (fuzzysort) loads when the menu first opens, not with the page;
// the chunk is fetched again under a fresh URL after a failed load.
const loadFuzzyMatch = retryingImport(() => import('../../workspace/fuzzy-match'));

/** The id of the menu's listbox (the textarea's aria-controls). */
export const COMPOSER_MENU_ID = 'composer-menu';

/** One row of the menu: a mention to attach or a command to run. */
type MenuItem =
  { kind: 'mention'; candidate: MentionCandidate } | { kind: 'command'; command: SlashCommand };

/** A mention waiting in the composer, with the key that keeps it attached once. */
interface PendingMention {
  key: string;
  candidate: MentionCandidate;
  /** As read when picked: what the chip shows until the message is sent. */
  attachment: NodeAttachment;
}

/**
 * The composer's `@` and `/` menu as state: where the caret's trigger is, the items that
 * match it, the one chosen, and the mentions picked so far (the chips above the box, which
 * are what is sent: deleting a chip removes its mention, whatever the text says).
 */
export function createComposerMenu(options: {
  services: AppServices;
  mcp: McpComposerState;
  /** The message box. */
  input: () => HTMLTextAreaElement;
  /** Sends the draft as Send does (prompt commands expand through it). */
  send: () => void;
}) {
  const { chat, notices, sessions, workspaces } = options.services;
  const { t } = useI18n();
  const source = createMentionSource(workspaces, notices);
  const [trigger, setTrigger] = createSignal<ComposerTrigger>();
  /** The trigger Escape closed: the menu stays shut for it, the text stays as typed. */
  const [dismissed, setDismissed] = createSignal<number>();
  const [active, setActive] = createSignal(0);
  const [mentions, setMentions] = createSignal<readonly PendingMention[]>([]);
  /** Mentions picked and still being read: a quick Enter waits for them, never drops them. */
  const reading = new Set<Promise<unknown>>();

  const open = () => {
    const at = trigger();
    return at !== undefined && dismissed() !== at.start;
  };
  const kind = () => (open() ? trigger()?.kind : undefined);

  /** The matcher, once loaded; the menu says "Looking…" until then. */
  const [matcher, setMatcher] = createSignal<FuzzyMatcher>();
  let loadingMatcher = false;
  createEffect(() => {
    if (!open() || matcher() || loadingMatcher) return;
    loadingMatcher = true;
    loadFuzzyMatch()
      .then(
        (module) => setMatcher(() => module.fuzzyMatch),
        // Opening the menu again tries again.
        (error: unknown) => notices.error(error, t('composerMenu.couldNotLoad')),
      )
      .finally(() => (loadingMatcher = false));
  });

  // Asked when the menu first opens for each kind, then kept while the box is in use.
  const [candidates] = createResource(
    () => kind() === 'mention' && workspaces.entries(),
    () => source.candidates(),
  );
  const [offers] = createResource(
    // A server's notice that its prompts changed asks again (a new version, a new source).
    () => kind() === 'command' && options.mcp.available() && options.mcp.listsVersion() + 1,
    () => options.mcp.composer.offers(),
  );

  const items = createMemo((): MenuItem[] => {
    const at = trigger();
    const match = matcher();
    if (!open() || !at || !match) return [];
    if (at.kind === 'mention') {
      return filterMentions(candidates() ?? [], at.query, match).map((candidate) => ({
        kind: 'mention',
        candidate,
      }));
    }
    const messages = chat.messages();
    const commands = slashCommands({
      hasConversation: messages.length > 0,
      ...(messages.length ? { lastMessageId: messages.at(-1)!.id } : {}),
      busy: chat.busy(),
      offers: offers() ?? [],
    });
    return filterCommands(commands, at.query, match).map((command) => ({
      kind: 'command',
      command,
    }));
  });

  /** Reads the caret after typing, clicking or moving it. */
  const follow = () => {
    const box = options.input();
    const next = triggerAt(box.value, box.selectionStart ?? box.value.length);
    const previous = trigger();
    if (next?.start !== previous?.start || next?.kind !== previous?.kind) setDismissed(undefined);
    if (next?.query !== previous?.query || next?.start !== previous?.start) setActive(0);
    setTrigger(next);
  };

  const close = () => {
    const at = trigger();
    if (at) setDismissed(at.start);
  };

  /** Puts `text` in the box with the caret at `caret`, as if typed. */
  const setText = (text: string, caret: number) => {
    chat.setDraft(text);
    const box = options.input();
    box.value = text;
    box.focus();
    box.setSelectionRange(caret, caret);
    follow();
  };

  const pickMention = async (at: ComposerTrigger, candidate: MentionCandidate) => {
    const replaced = replaceTrigger(options.input().value, at, mentionToken(candidate));
    setText(replaced.text, replaced.caret);
    const key = candidateKey(candidate);
    if (mentions().some((m) => m.key === key)) return;
    const read = source.resolve(candidate);
    reading.add(read);
    const result = await read.finally(() => reading.delete(read));
    if ('problem' in result) {
      notices.show({
        kind: 'error',
        text: t('composerMenu.couldNotAttach', candidateLabel(candidate), result.problem),
      });
      return;
    }
    setMentions((list) =>
      list.some((m) => m.key === key)
        ? list
        : [...list, { key, candidate, attachment: result.attachment }],
    );
  };

  const runCommand = (at: ComposerTrigger, command: SlashCommand) => {
    if (!command.enabled) {
      notices.show({
        kind: 'info',
        text: `/${command.name}: ${command.disabledReason ?? 'not now'}`,
      });
      return;
    }
    const action = command.action;
    if (action.kind === 'prompt') {
      const draft = commandDraft(command);
      const replaced = replaceTrigger(options.input().value, at, draft);
      setText(replaced.text, replaced.caret);
      if (runsWhenPicked(command)) options.send();
      return;
    }
    // The command's own words leave the box; whatever else was typed stays.
    const replaced = replaceTrigger(options.input().value, at, '');
    setText(replaced.text.trimStart(), 0);
    if (action.kind === 'compact') void chat.send('/compact');
    else if (action.kind === 'clear') chat.newSession();
    else {
      const last = chat.messages().at(-1);
      if (last) void sessions.forkFrom(last.id);
    }
  };

  const pick = (item: MenuItem | undefined) => {
    const at = trigger();
    if (!item || !at) return;
    if (item.kind === 'mention') void pickMention(at, item.candidate);
    else runCommand(at, item.command);
  };

  /**
   * The box's keys while the menu is open: arrows move, Enter and Tab pick, Escape closes.
   * True when the key was the menu's (the caller then does nothing else with it).
   */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open() || event.isComposing) return false;
    const list = items();
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return true;
    }
    if (!list.length) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + list.length) % list.length);
      return true;
    }
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      event.preventDefault();
      pick(list[Math.min(active(), list.length - 1)]);
      return true;
    }
    return false;
  };

  const optionId = (index: number) => `${COMPOSER_MENU_ID}-option-${index}`;

  return {
    open,
    kind,
    items,
    active,
    setActive,
    follow,
    close,
    /** Closes the menu without dismissing its trigger (the box lost the focus). */
    hide: () => setTrigger(undefined),
    pick,
    onKeyDown,
    optionId,
    loading: () => !matcher() || (kind() === 'mention' ? candidates.loading : offers.loading),
    /** The activedescendant: the chosen option, while the menu shows any. */
    activeId: () => (open() && items().length ? optionId(active()) : undefined),
    attachments: (): NodeAttachment[] => mentions().map((m) => m.attachment),
    /** True when a mention is attached or being read. */
    hasMentions: () => mentions().length > 0 || reading.size > 0,
    /**
     * The mentions' attachments read again now, so a file goes as it is when the message is
     * sent (picked a minute ago and edited since, the edit goes, unsaved editor text
     * included). Waits for mentions still
     * being read. One that cannot be read any more goes as read when picked, and a notice
     * says so. Never rejects.
     */
    readNow: async (): Promise<NodeAttachment[]> => {
      await Promise.allSettled([...reading]);
      // Text typed in the editor is saved within a second anyway; a mention takes it now.
      const { editor } = options.services;
      if (mentions().length && editor.hasUnsavedText()) await editor.saveAll();
      return Promise.all(
        mentions().map(async (mention) => {
          const result = await source.resolve(mention.candidate);
          if ('attachment' in result) return result.attachment;
          notices.show({
            kind: 'info',
            text: `${result.problem} Its text from when you mentioned it was sent.`,
          });
          return mention.attachment;
        }),
      );
    },
    removeMention: (attachment: NodeAttachment) =>
      setMentions((list) => list.filter((m) => m.attachment !== attachment)),
    clearMentions: () => setMentions([]),
  };
}

export type ComposerMenuState = ReturnType<typeof createComposerMenu>;

const itemLabel = (item: MenuItem) =>
  item.kind === 'mention' ? candidateLabel(item.candidate) : `/${item.command.name}`;

const itemDetail = (item: MenuItem) => {
  if (item.kind === 'mention') return candidateDetail(item.candidate);
  const { command } = item;
  const args = command.arguments.map((a) => (a.required ? `${a.name}=…` : `[${a.name}]`));
  const described = [command.description, args.join(' ')].filter(Boolean).join(' · ');
  return command.enabled ? described : `${described} (${command.disabledReason})`;
};

/** The menu as a listbox above the message box; the box keeps the focus. */
export function ComposerMenu(props: { state: ComposerMenuState }) {
  const s = props.state;
  const { t } = useI18n();
  const label: Accessor<string> = () =>
    s.kind() === 'mention' ? t('composerMenu.mentions') : t('composerMenu.commands');
  // The focus stays in the box, so the browser does not scroll to the chosen option.
  createEffect(() => {
    const id = s.activeId();
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'nearest' });
  });
  return (
    <Show when={s.open()}>
      <ul id={COMPOSER_MENU_ID} class="composer-menu" role="listbox" aria-label={label()}>
        <For
          each={s.items()}
          fallback={
            <li class="composer-menu-empty" role="presentation">
              {s.loading()
                ? t('composerMenu.looking')
                : s.kind() === 'mention'
                  ? t('composerMenu.noMention')
                  : t('composerMenu.noCommand')}
            </li>
          }
        >
          {(item, index) => (
            <li
              id={s.optionId(index())}
              role="option"
              class="composer-menu-option"
              aria-label={itemLabel(item)}
              aria-description={itemDetail(item)}
              aria-selected={s.active() === index()}
              aria-disabled={item.kind === 'command' && !item.command.enabled ? true : undefined}
              // The box keeps the focus (and its caret) while the mouse picks.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => s.setActive(index())}
              onClick={() => s.pick(item)}
            >
              <span class="composer-menu-label">{itemLabel(item)}</span>
              <span class="composer-menu-detail">{itemDetail(item)}</span>
            </li>
          )}
        </For>
      </ul>
    </Show>
  );
}
