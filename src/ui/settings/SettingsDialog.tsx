import { createSignal, onMount, Show } from 'solid-js';
import type { ThemeChoice } from '../../app/preferences-service';
import type { AppServices } from '../../app/services';
import { BUILD_INFO } from '../../app/build-info';
import { formatBytes } from '../../workspace/file-content';
import { useDialogs } from '../common/dialogs';
import { downloadBytes, pickFiles } from '../common/download';
import { Icon } from '../common/icons';
import { ChatOptionsSection } from './ChatOptionsSection';
import { ProvidersSection } from './ProvidersSection';
import { PythonSection } from './PythonSection';
import './settings.css';

/** Settings: appearance, providers and models, chat options, storage and backups. */
export function SettingsDialog(props: { services: AppServices; onClose: () => void }) {
  const { preferences, storage, backup, notices, editor, workspaces } = props.services;
  const dialogs = useDialogs();
  const [busy, setBusy] = createSignal(false);
  let dialog!: HTMLDialogElement;

  onMount(() => {
    dialog.showModal();
    void storage.refresh();
  });

  const download = async () => {
    setBusy(true);
    try {
      await editor.saveAll();
      const { name, bytes } = await backup.create();
      downloadBytes(name, bytes, 'application/zip');
    } catch (error) {
      notices.error(error, 'Backup failed');
    } finally {
      setBusy(false);
    }
  };

  const restore = async () => {
    const [file] = await pickFiles({ accept: '.zip,application/zip' });
    if (!file) return;
    const answer = await dialogs.confirm({
      title: 'Restore this backup?',
      message: `Workspaces in "${file.name}" replace the workspaces with the same identity here; other workspaces stay as they are. The file is checked completely before anything changes.`,
      confirmLabel: 'Restore',
    });
    if (answer !== 'confirm') return;
    setBusy(true);
    try {
      const result = await backup.restore(new Uint8Array(await file.arrayBuffer()));
      await workspaces.open(workspaces.current()?.id ?? '');
      await editor.restoreTabs();
      notices.show({
        kind: 'success',
        text: `Backup restored: ${result.workspaces} ${result.workspaces === 1 ? 'workspace' : 'workspaces'}, ${result.files} files.`,
      });
    } catch (error) {
      notices.error(error, 'Restore failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      class="modal settings"
      aria-labelledby="settings-title"
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      <div class="settings-header">
        <h2 id="settings-title">Settings</h2>
        <button
          type="button"
          class="icon-button"
          aria-label="Close settings"
          onClick={props.onClose}
        >
          <Icon name="close" />
        </button>
      </div>

      <section aria-labelledby="settings-appearance">
        <h3 id="settings-appearance">Appearance</h3>
        <label for="theme-select">Theme</label>
        <select
          id="theme-select"
          value={preferences.preferences().theme}
          onChange={(event) => preferences.setTheme(event.currentTarget.value as ThemeChoice)}
        >
          <option value="system">Same as the system</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </section>

      <ProvidersSection services={props.services} />
      <ChatOptionsSection services={props.services} />

      <PythonSection services={props.services} />

      <section aria-labelledby="settings-storage">
        <h3 id="settings-storage">Storage</h3>
        <p>
          Everything Cove keeps — workspaces, files and settings — stays in this browser.{' '}
          <Show
            when={storage.status().usage !== undefined}
            fallback={<span>This browser does not report how much space is used.</span>}
          >
            <span data-testid="storage-usage">
              Using {formatBytes(storage.status().usage!)} of {formatBytes(storage.status().quota!)}{' '}
              available.
            </span>
          </Show>
        </p>
        <p>
          {storage.status().persisted
            ? 'The browser has agreed to keep this data even when space runs low.'
            : 'The browser may clear this data when space runs low; download backups of work you care about.'}
        </p>
      </section>

      <section aria-labelledby="settings-backup">
        <h3 id="settings-backup">Backup</h3>
        <p>
          One file with all workspaces, files and settings. Restore it here or in another browser.
        </p>
        <div class="settings-actions">
          <button type="button" class="button" disabled={busy()} onClick={() => void download()}>
            <Icon name="download" /> Download backup
          </button>
          <button type="button" class="button" disabled={busy()} onClick={() => void restore()}>
            <Icon name="upload" /> Restore backup…
          </button>
        </div>
      </section>
      <p class="settings-version">
        Cove {BUILD_INFO.version} (build {BUILD_INFO.build})
      </p>
    </dialog>
  );
}
