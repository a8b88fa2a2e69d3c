import {
  createEffect,
  createMemo,
  createSignal,
  For,
  on,
  onCleanup,
  onMount,
  Show,
} from 'solid-js';
import type { EditorTab } from '../../app/editor-service';
import type { AppServices } from '../../app/services';
import { baseName } from '../../workspace/paths';
import { downloadBytes } from '../common/download';
import { FORMAT_KEYS, SAVE_KEYS } from '../../app/commands/app-shortcuts';
import { Icon } from '../common/icons';
import { useI18n } from '../common/i18n';
import { registerCommands } from '../command-palette/register-commands';
import type { CodeEditor } from './code-editor';
import { languageName } from './languages';
import { tabFolderHints } from './tab-labels';
import { guardUnsavedText } from './unsaved-text-guard';

/** Editor tabs and the editor itself; CodeMirror is loaded on first use. */
export function EditorArea(props: { services: AppServices }) {
  const { editor, fileActions, notices } = props.services;
  const { t, formats } = useI18n();
  const [codeEditor, setCodeEditor] = createSignal<CodeEditor>();
  const [loadError, setLoadError] = createSignal<string>();
  let host!: HTMLDivElement;

  const activeTab = () => editor.tabs().find((tab) => tab.path() === editor.activePath());
  const folderHints = createMemo(() => tabFolderHints(editor.tabs().map((tab) => tab.path())));

  onCleanup(guardUnsavedText(editor));

  const download = (path: string) =>
    fileActions.fileBytes(path).then(
      ({ name, bytes }) => downloadBytes(name, bytes),
      (error) => notices.error(error),
    );

  /** Formats a Python file with Ruff, as one undoable change. */
  async function formatDocument(path: string) {
    const instance = codeEditor();
    const text = instance?.read(path);
    if (!instance || text === undefined || !path.endsWith('.py')) return;
    try {
      const formatted = await props.services.linter.format(text, path);
      if (instance.read(path) !== text) return;
      instance.replace(path, formatted);
      editor.markEdited(path);
    } catch (error) {
      notices.error(error, t('editor.couldNotFormat', path));
    }
  }

  // The status bar's Format and the editor's keys by name, for the command palette.
  const noFile = () => (activeTab() ? undefined : 'No file is open.');
  registerCommands(props.services.commands, [
    {
      id: 'editor.format',
      title: 'Format the current file',
      category: 'Python',
      keys: FORMAT_KEYS,
      disabledReason: () => {
        const tab = activeTab();
        if (!tab || tab.kind !== 'text' || !tab.path().endsWith('.py'))
          return 'Open a Python file (.py) to format it.';
        if (tab.readOnly) return 'This file is open read-only.';
        return codeEditor() ? undefined : 'The editor is still loading.';
      },
      run: () => formatDocument(activeTab()!.path()),
    },
    {
      id: 'editor.save',
      title: 'Save the current file',
      category: 'Files',
      keys: SAVE_KEYS,
      disabledReason: () =>
        noFile() ?? (activeTab()!.kind === 'text' ? undefined : 'Binary files are not edited.'),
      run: () => editor.save(activeTab()!.path()),
    },
    {
      id: 'editor.close',
      title: 'Close the current file',
      category: 'Files',
      disabledReason: noFile,
      run: () => editor.close(activeTab()!.path()),
    },
  ]);

  onMount(() => {
    import('./code-editor').then(
      ({ createCodeEditor }) => {
        const instance = createCodeEditor({
          parent: host,
          onEdit: (path) => editor.markEdited(path),
          onSave: (path) => void editor.save(path),
          onRun: (path, selection) =>
            void (selection && path.endsWith('.py')
              ? props.services.runs.runSelection()
              : props.services.runs.runFile(path)),
          onFormat: (path) => void formatDocument(path),
          lint: (path, text) => props.services.linter.lint(text, path),
          conflictLabels: () => ({
            group: t('gitExtra.conflictActions'),
            current: [t('gitExtra.acceptCurrent'), t('gitExtra.acceptCurrentTitle')],
            incoming: [t('gitExtra.acceptIncoming'), t('gitExtra.acceptIncomingTitle')],
            both: [t('gitExtra.acceptBoth'), t('gitExtra.acceptBothTitle')],
          }),
        });
        setCodeEditor(instance);
        const detach = editor.attach({
          read: instance.read,
          holds: instance.holds,
          replace: instance.replace,
          selection: instance.selection,
          insert: instance.insert,
          reveal: instance.reveal,
          markProblems: instance.markProblems,
        });
        onCleanup(() => {
          detach();
          instance.destroy();
        });
      },
      (error) => setLoadError(t('editor.couldNotLoad', String(error))),
    );
  });

  // Show the active text tab; forget the states of tabs that closed.
  let known = new Map<EditorTab, string>();
  createEffect(() => {
    const instance = codeEditor();
    if (!instance) return;
    const tabs = editor.tabs();
    const next = new Map<EditorTab, string>();
    for (const tab of tabs) {
      const previous = known.get(tab);
      if (previous !== undefined && previous !== tab.path()) instance.rename(previous, tab.path());
      next.set(tab, tab.path());
    }
    for (const [tab, path] of known) if (!next.has(tab)) instance.drop(path);
    known = next;
    const active = activeTab();
    if (active?.kind === 'text') {
      instance.show(active.path(), active.savedText, { readOnly: Boolean(active.readOnly) });
    }
  });

  createEffect(
    on(
      () => editor.activePath(),
      () => queueMicrotask(() => activeTab()?.kind === 'text' && codeEditor()?.focus()),
      { defer: true },
    ),
  );

  const onTabKeyDown = (event: KeyboardEvent) => {
    const tabs = editor.tabs();
    const index = tabs.findIndex((t) => t.path() === editor.activePath());
    let next: EditorTab | undefined;
    if (event.key === 'ArrowRight') next = tabs[(index + 1) % tabs.length];
    else if (event.key === 'ArrowLeft') next = tabs[(index - 1 + tabs.length) % tabs.length];
    else if (event.key === 'Delete') {
      void editor.close(editor.activePath()!);
      event.preventDefault();
      return;
    } else return;
    event.preventDefault();
    if (next) {
      editor.activate(next.path());
      queueMicrotask(() => document.getElementById(tabId(next!.path()))?.focus());
    }
  };

  return (
    <div class="editor-area">
      <div
        class="editor-tabs"
        role="tablist"
        aria-label={t('editor.openFiles')}
        onKeyDown={onTabKeyDown}
      >
        <For each={editor.tabs()}>
          {(tab) => (
            <div class="editor-tab" classList={{ active: tab.path() === editor.activePath() }}>
              <button
                type="button"
                role="tab"
                id={tabId(tab.path())}
                aria-selected={tab.path() === editor.activePath()}
                aria-controls="editor-panel"
                tabIndex={tab.path() === editor.activePath() ? 0 : -1}
                title={tab.path()}
                onClick={() => editor.activate(tab.path())}
                onAuxClick={(event) => event.button === 1 && void editor.close(tab.path())}
              >
                <span>
                  {baseName(tab.path())}
                  {/* The whole path, for screen readers: two tabs may share a name. */}
                  <Show when={tab.path() !== baseName(tab.path())}>
                    <span class="visually-hidden">({tab.path()})</span>
                  </Show>
                </span>
                <Show when={folderHints().get(tab.path())}>
                  <span class="tab-folder" aria-hidden="true">
                    {folderHints().get(tab.path())}
                  </span>
                </Show>
                <Show when={tab.dirty()}>
                  <span
                    class="dirty-marker"
                    aria-label={t('editor.unsaved')}
                    title={t('editor.unsavedTitle')}
                  >
                    ●
                  </span>
                </Show>
              </button>
              <button
                type="button"
                class="icon-button tab-close"
                aria-label={
                  tab.path() === baseName(tab.path())
                    ? t('editor.close', baseName(tab.path()))
                    : t('editor.closeWithPath', baseName(tab.path()), tab.path())
                }
                tabIndex={-1}
                onClick={() => void editor.close(tab.path())}
              >
                <Icon name="close" />
              </button>
            </div>
          )}
        </For>
      </div>
      <div
        id="editor-panel"
        class="editor-panel"
        role="tabpanel"
        aria-label={activeTab() ? baseName(activeTab()!.path()) : t('editor.editor')}
      >
        <Show when={activeTab()?.conflict()}>
          <div class="editor-banner warning" role="alert">
            <span>{t('editor.conflict')}</span>
            <button
              type="button"
              class="button"
              onClick={() => void editor.resolveConflict(activeTab()!.path(), 'theirs')}
            >
              {t('editor.useTheirs')}
            </button>
            <button
              type="button"
              class="button primary"
              onClick={() => void editor.resolveConflict(activeTab()!.path(), 'mine')}
            >
              {t('editor.keepMine')}
            </button>
          </div>
        </Show>
        <Show when={activeTab()?.deleted()}>
          <div class="editor-banner warning" role="alert">
            <span>{t('editor.deleted')}</span>
            <button
              type="button"
              class="button"
              onClick={() => void editor.save(activeTab()!.path())}
            >
              {t('editor.saveAgain')}
            </button>
          </div>
        </Show>
        <Show when={loadError()}>
          <p class="editor-banner warning" role="alert">
            {loadError()}
          </p>
        </Show>
        <Show when={activeTab()?.readOnly}>
          {(reason) => (
            <div class="editor-banner" role="note" aria-label={t('editor.readOnly')}>
              <span>{reason()}</span>
              <button type="button" class="button" onClick={() => download(activeTab()!.path())}>
                <Icon name="download" /> {t('editor.download')}
              </button>
            </div>
          )}
        </Show>
        <Show when={activeTab()?.kind === 'binary'}>
          <div class="binary-view">
            <Icon name="file" />
            <p>
              <strong>{baseName(activeTab()!.path())}</strong>
              {t('editor.binaryIs', formats(), activeTab()!.size())}
            </p>
            <p>{t('editor.binaryKept')}</p>
            <button type="button" class="button" onClick={() => download(activeTab()!.path())}>
              <Icon name="download" /> {t('editor.download')}
            </button>
          </div>
        </Show>
        <Show when={!activeTab()}>
          <div class="empty-state editor-empty">
            <p>{t('editor.noFile')}</p>
            <p>{t('editor.noFileHint')}</p>
          </div>
        </Show>
        <div
          ref={host}
          class="code-host"
          classList={{ hidden: !activeTab() || activeTab()!.kind !== 'text' }}
        />
      </div>
      <Show when={activeTab()?.kind === 'text'}>
        <div class="editor-status" aria-live="polite">
          <Show when={activeTab()!.path().endsWith('.py')}>
            <button
              type="button"
              class="link-button"
              title={t('editor.formatTitle')}
              onClick={() => void formatDocument(activeTab()!.path())}
            >
              {t('editor.format')}
            </button>
          </Show>
          <span>{languageName(activeTab()!.path())}</span>
          <span>
            {activeTab()!.readOnly
              ? t('editor.readOnly')
              : activeTab()!.saving()
                ? t('editor.saving')
                : activeTab()!.dirty()
                  ? t('editor.unsavedTitle')
                  : t('editor.saved')}
          </span>
        </div>
      </Show>
    </div>
  );
}

function tabId(path: string): string {
  return `tab-${encodeURIComponent(path).replace(/%/g, '_')}`;
}
