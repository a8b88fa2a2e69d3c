import { createMemo, createResource, createSignal, For, Show } from 'solid-js';
import { memoryRefusalText, type MemorySwitches } from '../../app/memory-service';
import { exportMemory, importMemory } from '../../app/memory-transfer';
import type { AppServices } from '../../app/services';
import type { MemoryEntry, MemoryScope } from '../../store/assistant-memory-store';
import { useDialogs } from '../common/dialogs';
import { downloadBytes, pickFiles } from '../common/download';
import { FormAlert } from '../common/FormAlert';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enSectionsUi } from '../../app/messages/en-settings-sections-ui';
import { useI18n } from '../common/i18n';

addEnglishArea('sections', enSectionsUi);

/**
 * Settings → Memory: what the assistant saved, per scope, to search, edit and delete; each
 * scope and chat conversations turned on or off; export and import as JSON. The workspace's
 * AGENTS.md stays where the person writes rules; memory is what the assistant learned.
 */
export function MemorySection(props: { services: AppServices }) {
  const { memory, workspaces, notices } = props.services;
  const dialogs = useDialogs();
  const { t } = useI18n();
  const [query, setQuery] = createSignal('');
  const workspaceId = () => workspaces.current()?.id;
  const [notes] = createResource(
    () => ({ version: memory.version(), workspaceId: workspaceId() }),
    async ({ workspaceId }) => ({
      user: await memory.list('user'),
      workspace: await memory.list('workspace', workspaceId),
    }),
  );
  const matching = (scope: MemoryScope) =>
    createMemo(() => {
      const words = query().trim().toLocaleLowerCase();
      const all = notes.latest?.[scope] ?? [];
      if (!words) return all;
      return all.filter((note) =>
        `${note.title}\n${note.text}`.toLocaleLowerCase().includes(words),
      );
    });
  const shown = { user: matching('user'), workspace: matching('workspace') };

  const setSwitch = (key: keyof MemorySwitches, on: boolean) =>
    void memory
      .setSwitches({ ...memory.switches(), [key]: on })
      .catch((error: unknown) => notices.error(error, t('sections.memory.switchFailed')));

  const remove = async (scope: MemoryScope, note: MemoryEntry) => {
    const answer = await dialogs.confirm({
      title: t('sections.memory.deleteQuestion'),
      message: t('sections.memory.deleteText', note.title),
      confirmLabel: t('sections.memory.deleteNote'),
      danger: true,
    });
    if (answer === 'confirm') await memory.delete(scope, note.title, workspaceId());
  };

  const exportNotes = async () => {
    const text = await exportMemory(memory, workspaceId());
    downloadBytes('cove-memory.json', new TextEncoder().encode(text), 'application/json');
  };
  const importNotes = async () => {
    const [file] = await pickFiles({ accept: '.json,application/json' });
    if (!file) return;
    const answer = await dialogs.confirm({
      title: t('sections.memory.replaceQuestion'),
      message: t('sections.memory.replaceText', file.name),
      confirmLabel: t('sections.memory.importNotes'),
    });
    if (answer !== 'confirm') return;
    await importMemory(memory, await file.text(), workspaceId());
    notices.show({ kind: 'info', text: t('sections.memory.imported', file.name) });
  };

  const switchRow = (key: keyof MemorySwitches, label: string) => (
    <label class="check">
      <input
        type="checkbox"
        checked={memory.switches()[key]}
        onChange={(event) => setSwitch(key, event.currentTarget.checked)}
      />
      {label}
    </label>
  );

  return (
    <section aria-labelledby="settings-memory" class="memory-settings">
      <h3 id="settings-memory">{t('sections.memory.heading')}</h3>
      <p class="field-help">{t('sections.memory.intro')}</p>
      {switchRow('user', t('sections.memory.userSwitch'))}
      {switchRow('workspace', t('sections.memory.workspaceSwitch'))}
      {switchRow('chat', t('sections.memory.chatSwitch'))}
      <p class="field-help">{t('sections.memory.chatHelp')}</p>
      <label for="memory-search">{t('sections.memory.search')}</label>
      <input
        id="memory-search"
        type="search"
        value={query()}
        onInput={(event) => setQuery(event.currentTarget.value)}
      />
      <For each={['user', 'workspace'] as const}>
        {(scope) => (
          <Show when={scope === 'user' || workspaceId()}>
            <h4 id={`memory-scope-${scope}`}>{t(`sections.memory.scopes.${scope}`)}</h4>
            <ul class="memory-notes" aria-labelledby={`memory-scope-${scope}`}>
              <For
                each={shown[scope]()}
                fallback={
                  <li class="field-help">
                    {query().trim() ? t('sections.memory.noMatch') : t('sections.memory.none')}
                  </li>
                }
              >
                {(note) => (
                  <MemoryNoteRow
                    note={note}
                    onSave={async (title, text) => {
                      const outcome = await memory.write(
                        scope,
                        { title, text, renameFrom: note.title },
                        workspaceId(),
                      );
                      return outcome.ok ? undefined : memoryRefusalText(outcome.refusal);
                    }}
                    onDelete={() =>
                      void remove(scope, note).catch((error: unknown) =>
                        notices.error(error, t('sections.memory.deleteFailed')),
                      )
                    }
                  />
                )}
              </For>
            </ul>
          </Show>
        )}
      </For>
      <div class="settings-actions">
        <button
          type="button"
          class="button"
          onClick={() =>
            void exportNotes().catch((error: unknown) =>
              notices.error(error, t('sections.memory.exportFailed')),
            )
          }
        >
          {t('sections.memory.export')}
        </button>
        <button
          type="button"
          class="button"
          onClick={() =>
            void importNotes().catch((error: unknown) =>
              notices.error(error, t('sections.memory.importFailed')),
            )
          }
        >
          {t('sections.memory.import')}
        </button>
      </div>
    </section>
  );
}

/** One note: its title and text, with Edit (inline) and Delete. */
function MemoryNoteRow(props: {
  note: MemoryEntry;
  /** Resolves a refusal's sentence, or undefined once saved. */
  onSave: (title: string, text: string) => Promise<string | undefined>;
  onDelete: () => void;
}) {
  const { t } = useI18n();
  const [editing, setEditing] = createSignal(false);
  const [title, setTitle] = createSignal('');
  const [text, setText] = createSignal('');
  const [error, setError] = createSignal<string>();
  const id = `memory-note-${Math.random().toString(36).slice(2)}`;
  const startEditing = () => {
    setTitle(props.note.title);
    setText(props.note.text);
    setError(undefined);
    setEditing(true);
  };
  const save = async (event: Event) => {
    event.preventDefault();
    const refusal = await props.onSave(title(), text());
    setError(refusal);
    if (!refusal) setEditing(false);
  };

  return (
    <li class="memory-note" aria-label={props.note.title}>
      <Show
        when={editing()}
        fallback={
          <>
            <div class="memory-note-head">
              <strong>{props.note.title}</strong>
              <Show when={props.note.flagged}>
                {(source) => (
                  <span class="memory-note-flag">{t('sections.memory.flagged', source())}</span>
                )}
              </Show>
              <button type="button" class="button" onClick={startEditing}>
                {t('sections.memory.edit')}
              </button>
              <button type="button" class="button" onClick={() => props.onDelete()}>
                {t('sections.memory.delete')}
              </button>
            </div>
            <p class="memory-note-text">{props.note.text}</p>
          </>
        }
      >
        <form class="memory-note-form" onSubmit={(event) => void save(event)}>
          <label for={`${id}-title`}>{t('sections.memory.title')}</label>
          <input
            id={`${id}-title`}
            value={title()}
            onInput={(event) => setTitle(event.currentTarget.value)}
          />
          <label for={`${id}-text`}>{t('sections.memory.text')}</label>
          <textarea
            id={`${id}-text`}
            rows={4}
            value={text()}
            onInput={(event) => setText(event.currentTarget.value)}
          />
          <FormAlert message={error()} />
          <div class="settings-actions">
            <button type="submit" class="button primary">
              {t('sections.memory.save')}
            </button>
            <button type="button" class="button" onClick={() => setEditing(false)}>
              {t('sections.memory.cancel')}
            </button>
          </div>
        </form>
      </Show>
    </li>
  );
}
