import { createEffect, createSignal, For, on, Show } from 'solid-js';
import type { OutlineEntry } from '../../agent/session-tree-outline';
import type { AppServices } from '../../app/services';
import { useDialogs } from '../common/dialogs';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enSessionsUi } from '../../app/messages/en-sessions-ui';
import { useI18n } from '../common/i18n';
import './sessions.css';

// The tree's English comes with this chunk, not with the first load.
addEnglishArea('sessions', enSessionsUi);

/**
 * The whole tree of the conversation shown, as an accessible tree (role tree / treeitem,
 * arrow keys move, Enter opens). Runs of messages without a branch are one item; choosing
 * an item shows the newest conversation under it. The selected branch can be deleted.
 */
export function SessionTreeView(props: { services: AppServices; onClose: () => void }) {
  const { chat, sessions } = props.services;
  const dialogs = useDialogs();
  const { t, formats } = useI18n();
  const [outline, setOutline] = createSignal<OutlineEntry[]>([]);
  const [selected, setSelected] = createSignal<OutlineEntry | undefined>();
  let tree!: HTMLUListElement;

  // Follows the conversation shown: another session, a new message, a branch switch.
  createEffect(
    on(
      () => [chat.activeSession()?.id, chat.activeSession()?.leafId, chat.messages().length],
      () =>
        void sessions.outline().then(
          (entries) => setOutline(entries),
          (error) => props.services.notices.error(error, t('sessions.treeReadFailed')),
        ),
    ),
  );

  const items = () => [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')];
  const focusItem = (element: HTMLElement | undefined) => {
    if (!element) return;
    for (const item of items()) item.tabIndex = -1;
    element.tabIndex = 0;
    element.focus();
  };

  const choose = (entry: OutlineEntry) => {
    setSelected(entry);
    void sessions.jumpTo(entry.id);
  };

  const deleteBranch = async () => {
    const entry = selected();
    if (!entry) return;
    const answer = await dialogs.confirm({
      title: t('sessions.deleteBranchTitle'),
      message: t('sessions.deleteBranchText', entry.label, formats().number(entry.count)),
      confirmLabel: t('sessions.deleteBranch'),
      danger: true,
    });
    if (answer !== 'confirm') return;
    setSelected(undefined);
    await sessions.deleteBranch(entry.id);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') focusItem(list[Math.min(list.length - 1, at + 1)]);
    else if (event.key === 'ArrowUp') focusItem(list[Math.max(0, at - 1)]);
    else if (event.key === 'Home') focusItem(list[0]);
    else if (event.key === 'End') focusItem(list.at(-1));
    else if (event.key === 'Escape') props.onClose();
    else return;
    event.preventDefault();
  };

  function Branch(branch: { entry: OutlineEntry; level: number; first: boolean }) {
    const entry = branch.entry;
    const label = () => t('sessions.treeEntry', formats(), entry.label, entry.count, entry.active);
    return (
      <li
        role="treeitem"
        aria-label={label()}
        aria-level={branch.level}
        aria-expanded={entry.children.length ? true : undefined}
        aria-selected={selected()?.id === entry.id}
        tabIndex={branch.first ? 0 : -1}
        class="tree-entry"
        classList={{ active: entry.active }}
        onClick={(event) => {
          event.stopPropagation();
          focusItem(event.currentTarget);
          choose(entry);
        }}
        onKeyDown={(event) => {
          if (event.target !== event.currentTarget) return;
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            choose(entry);
          }
        }}
      >
        <span
          class="tree-entry-line"
          style={{ 'padding-left': `${Math.min(branch.level - 1, 12) * 0.9 + 0.4}rem` }}
        >
          <span class="tree-entry-label">{entry.label}</span>
          <span class="tree-entry-count">{formats().number(entry.count)}</span>
        </span>
        <Show when={entry.children.length}>
          <ul role="group">
            <For each={entry.children}>
              {(child) => <Branch entry={child} level={branch.level + 1} first={false} />}
            </For>
          </ul>
        </Show>
      </li>
    );
  }

  return (
    <section class="sessions-panel tree-panel" aria-label={t('sessions.tree')}>
      <div class="sessions-toolbar">
        <p class="tree-help">{t('sessions.treeHelp')}</p>
        <button
          type="button"
          class="button danger"
          disabled={!selected() || chat.busy()}
          onClick={() => void deleteBranch()}
        >
          {t('sessions.deleteBranch')}
        </button>
      </div>
      <Show
        when={outline().length}
        fallback={<p class="sessions-status">{t('sessions.treeEmpty')}</p>}
      >
        <ul
          class="session-tree"
          role="tree"
          aria-label={t('sessions.tree')}
          ref={tree}
          onKeyDown={onKeyDown}
        >
          <For each={outline()}>
            {(entry, index) => <Branch entry={entry} level={1} first={index() === 0} />}
          </For>
        </ul>
      </Show>
    </section>
  );
}
