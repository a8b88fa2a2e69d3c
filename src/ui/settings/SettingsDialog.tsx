import { createSignal, onMount, Show } from 'solid-js';
import type { PendingRestore } from '../../app/backup-service';
import type { ThemeChoice } from '../../app/preferences-service';
import { CoveError } from '../../base/errors';
import type { AppServices } from '../../app/services';
import { BUILD_INFO } from '../../app/build-info';
import { formatBytes } from '../../workspace/file-content';
import { useDialogs } from '../common/dialogs';
import { downloadBytes, pickFiles } from '../common/download';
import { Icon } from '../common/icons';
import { AgentSection } from './AgentSection';
import { ChatOptionsSection } from './ChatOptionsSection';
import {
  KEYS_OPENING,
  KEYS_SEALING,
  PassphraseDialog,
  type PassphraseRequest,
} from './PassphraseDialog';
import { ProvidersSection } from './ProvidersSection';
import { PythonSection } from './PythonSection';
import { GitSection } from './GitSection';
import { SetAsideRows } from './SetAsideRows';
import { StorageUsage } from './StorageUsage';
import { McpSection } from './McpSection';
import { MemorySection } from './MemorySection';
import { NetworkSection } from './NetworkSection';
import './settings.css';

/** Where the dialog opens: at the top, at the providers, or with the new-provider form open. */
export type SettingsStart = 'top' | 'providers' | 'add-provider' | 'mcp';

/** Settings: appearance, providers and models, chat options, storage and backups. */
export function SettingsDialog(props: {
  services: AppServices;
  onClose: () => void;
  start?: SettingsStart;
}) {
  const { preferences, storage, backup, notices, editor, workspaces } = props.services;
  const dialogs = useDialogs();
  const [busy, setBusy] = createSignal(false);
  const [includeKeys, setIncludeKeys] = createSignal(false);
  const [askPassphrase, setAskPassphrase] = createSignal<PassphraseRequest>();
  let dialog!: HTMLDialogElement;

  onMount(() => {
    dialog.showModal();
    if (props.start === 'providers' || props.start === 'add-provider') {
      dialog.querySelector('#settings-providers')?.scrollIntoView({ block: 'start' });
    }
    if (props.start === 'mcp') {
      dialog.querySelector('#settings-mcp')?.scrollIntoView({ block: 'start' });
    }
    void storage.refresh();
  });

  /** Makes and downloads a backup; with a passphrase the API keys go in, encrypted. */
  const saveBackup = async (passphrase?: string) => {
    setBusy(true);
    try {
      await editor.saveAll();
      const { name, bytes } = await backup.create(passphrase === undefined ? {} : { passphrase });
      downloadBytes(name, bytes, 'application/zip');
    } finally {
      setBusy(false);
    }
  };

  const download = () => {
    if (!includeKeys()) {
      saveBackup().catch((error: unknown) => notices.error(error, 'Backup failed'));
      return;
    }
    setAskPassphrase({
      mode: 'choose',
      title: 'Choose a passphrase for the keys',
      message:
        'Your API keys go into the backup encrypted with this passphrase, never in plain text. ' +
        'You will need it to restore them; nobody can recover it for you.',
      confirmLabel: 'Download backup',
      working: KEYS_SEALING,
      submit: (passphrase) => saveBackup(passphrase),
    });
  };

  /**
   * Writes a checked backup, says so, then shows what it brought; a wrong passphrase is
   * thrown back to the passphrase dialog. `step` tells the dialog what is being done.
   */
  const finishRestore = async (
    pending: PendingRestore,
    passphrase?: string,
    step?: (text: string) => void,
  ) => {
    setBusy(true);
    let restored = false;
    try {
      const result = await pending.restore(passphrase, () => step?.('Restoring the backup…'));
      restored = true;
      // Stored: the person hears it now, not after the workspace is read again below. It
      // stays until dismissed: opening the restored workspace can outlast a transient
      // notice, and what came back (the keys or not) is worth reading.
      const counts = `${result.workspaces} ${result.workspaces === 1 ? 'workspace' : 'workspaces'}, ${result.files} files`;
      notices.show({
        kind: 'success',
        sticky: true,
        text: result.keys
          ? `Backup restored: ${counts}, and the API keys.`
          : pending.hasKeys
            ? `Backup restored: ${counts}. The API keys in it were not restored; enter them again in Settings → Providers.`
            : `Backup restored: ${counts}.`,
      });
      step?.('Opening the restored workspace…');
      await workspaces.open(workspaces.current()?.id ?? '');
      await editor.restoreTabs();
    } catch (error) {
      if (error instanceof CoveError && error.code === 'wrong-passphrase') {
        throw new CoveError(
          error.code,
          'That passphrase does not open the keys in this backup. Nothing has been restored yet.',
          'Try again (it is case-sensitive), or choose “Restore without keys” to restore everything else.',
        );
      }
      notices.error(
        error,
        restored
          ? 'The backup is restored, but showing it failed; reload the page'
          : 'Restore failed',
      );
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
    let pending: PendingRestore;
    setBusy(true);
    try {
      pending = await backup.open(new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      notices.error(error, 'Restore failed');
      return;
    } finally {
      setBusy(false);
    }
    if (!pending.hasKeys) {
      await finishRestore(pending);
      return;
    }
    setAskPassphrase({
      mode: 'enter',
      title: 'Passphrase for the API keys',
      message: `“${file.name}” holds API keys encrypted with the passphrase chosen when it was made. Type it to restore the keys too, or restore everything else without them.`,
      confirmLabel: 'Restore',
      skipLabel: 'Restore without keys',
      working: KEYS_OPENING,
      submit: (passphrase, step) => finishRestore(pending, passphrase, step),
      skip: () => void finishRestore(pending),
    });
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

      <ProvidersSection services={props.services} adding={props.start === 'add-provider'} />
      <ChatOptionsSection services={props.services} />

      <PythonSection services={props.services} />
      <GitSection git={props.services.git} />

      <McpSection services={props.services} />
      <AgentSection services={props.services} />
      <MemorySection services={props.services} />
      <NetworkSection services={props.services} />

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
        <StorageUsage services={props.services} onClose={props.onClose} />
        <SetAsideRows storage={storage} notices={notices} />
      </section>

      <section aria-labelledby="settings-backup">
        <h3 id="settings-backup">Backup</h3>
        <p>
          One file with all workspaces, files and settings. Restore it here or in another browser.
          API keys are left out unless you include them, encrypted with a passphrase.
        </p>
        <label class="check">
          <input
            type="checkbox"
            checked={includeKeys()}
            onChange={(event) => setIncludeKeys(event.currentTarget.checked)}
          />
          Add the API keys, encrypted with a passphrase
        </label>
        <div class="settings-actions">
          <button type="button" class="button" disabled={busy()} onClick={download}>
            <Icon name="download" /> Download backup
          </button>
          <button type="button" class="button" disabled={busy()} onClick={() => void restore()}>
            <Icon name="upload" /> Restore backup…
          </button>
        </div>
      </section>
      <Show when={askPassphrase()} keyed>
        {(request) => (
          <PassphraseDialog request={request} onClose={() => setAskPassphrase(undefined)} />
        )}
      </Show>
      <p class="settings-version">
        Cove {BUILD_INFO.version} (build {BUILD_INFO.build})
      </p>
    </dialog>
  );
}
