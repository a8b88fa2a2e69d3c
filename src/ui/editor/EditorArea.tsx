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
import { describeBinary } from '../../app/editor-service';
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
  const { t } = useI18n();
  const { editor, fileActions, notices } = props.services;
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
      notices.error(error, `Could not format ${path}`);
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
      (error) => setLoadError(`The editor could not load (${String(error)}). Reload the page.`),
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
      <div class="editor-tabs" role="tablist" aria-label="Open files" onKeyDown={onTabKeyDown}>
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
                  <span class="dirty-marker" aria-label="unsaved changes" title="Unsaved changes">
                    ●
                  </span>
                </Show>
              </button>
              <button
                type="button"
                class="icon-button tab-close"
                aria-label={`Close ${baseName(tab.path())}${tab.path() === baseName(tab.path()) ? '' : ` (${tab.path()})`}`}
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
        aria-label={activeTab() ? baseName(activeTab()!.path()) : 'Editor'}
      >
        <Show when={activeTab()?.conflict()}>
          <div class="editor-banner warning" role="alert">
            <span>
              This file was changed elsewhere while you had unsaved edits. Which version do you want
              to keep?
            </span>
            <button
              type="button"
              class="button"
              onClick={() => void editor.resolveConflict(activeTab()!.path(), 'theirs')}
            >
              Use the new version
            </button>
            <button
              type="button"
              class="button primary"
              onClick={() => void editor.resolveConflict(activeTab()!.path(), 'mine')}
            >
              Keep my edits
            </button>
          </div>
        </Show>
        <Show when={activeTab()?.deleted()}>
          <div class="editor-banner warning" role="alert">
            <span>This file was deleted elsewhere. Save to create it again, or close the tab.</span>
            <button
              type="button"
              class="button"
              onClick={() => void editor.save(activeTab()!.path())}
            >
              Save again
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
            <div class="editor-banner" role="note" aria-label="Read-only">
              <span>{reason()}</span>
              <button type="button" class="button" onClick={() => download(activeTab()!.path())}>
                <Icon name="download" /> Download
              </button>
            </div>
          )}
        </Show>
        <Show when={activeTab()?.kind === 'binary'}>
          <div class="binary-view">
            <Icon name="file" />
            <p>
              <strong>{baseName(activeTab()!.path())}</strong> is{' '}
              {describeBinary(activeTab()!.size())}.
            </p>
            <p>Cove keeps binary files as they are and does not open them as text.</p>
            <button type="button" class="button" onClick={() => download(activeTab()!.path())}>
              <Icon name="download" /> Download
            </button>
          </div>
        </Show>
        <Show when={!activeTab()}>
          <div class="empty-state editor-empty">
            <p>No file is open.</p>
            <p>Choose a file on the left, or create one with “New file”.</p>
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
              title="Format with Ruff (Shift+Alt+F)"
              onClick={() => void formatDocument(activeTab()!.path())}
            >
              Format
            </button>
          </Show>
          <span>{languageName(activeTab()!.path())}</span>
          <span>
            {activeTab()!.readOnly
              ? 'Read-only'
              : activeTab()!.saving()
                ? 'Saving…'
                : activeTab()!.dirty()
                  ? 'Unsaved changes'
                  : 'Saved'}
          </span>
        </div>
      </Show>
    </div>
  );
}

function tabId(path: string): string {
  return `tab-${encodeURIComponent(path).replace(/%/g, '_')}`;
}
