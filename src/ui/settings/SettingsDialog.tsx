import { createSignal, onMount, Show } from 'solid-js';
import type { PendingRestore } from '../../app/backup-service';
import type { ThemeChoice } from '../../app/preferences-service';
import { CoveError } from '../../base/errors';
import type { AppServices } from '../../app/services';
import { BUILD_INFO } from '../../app/build-info';
import { useDialogs } from '../common/dialogs';
import { downloadBytes, pickFiles } from '../common/download';
import { Icon } from '../common/icons';
import { useI18n } from '../common/i18n';
import { LanguagePicker } from './LanguagePicker';
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
import { addEnglishArea } from '../../app/messages/english-areas';
import { enSettingsUi } from '../../app/messages/en-settings-ui';
import './settings.css';

// Settings' English comes with this chunk, not with the first load.
addEnglishArea('settings', enSettingsUi);

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
  const { t, formats } = useI18n();
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
      saveBackup().catch((error: unknown) => notices.error(error, t('settings.backupFailed')));
      return;
    }
    setAskPassphrase({
      mode: 'choose',
      title: t('settings.choosePassphrase'),
      message: t('settings.choosePassphraseText'),
      confirmLabel: t('settings.downloadBackup'),
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
      const result = await pending.restore(passphrase, () => step?.(t('settings.restoring')));
      restored = true;
      // Stored: the person hears it now, not after the workspace is read again below. It
      // stays until dismissed: opening the restored workspace can outlast a transient
      // notice, and what came back (the keys or not) is worth reading.
      const counts = t('settings.restoredCounts', formats(), result.workspaces, result.files);
      notices.show({
        kind: 'success',
        sticky: true,
        text: result.keys
          ? t('settings.restoredWithKeys', counts)
          : pending.hasKeys
            ? t('settings.restoredKeysLeft', counts)
            : t('settings.restored', counts),
      });
      step?.(t('settings.openingRestored'));
      await workspaces.open(workspaces.current()?.id ?? '');
      await editor.restoreTabs();
    } catch (error) {
      if (error instanceof CoveError && error.code === 'wrong-passphrase') {
        throw new CoveError(
          error.code,
          t('settings.wrongPassphrase'),
          t('settings.wrongPassphraseHint'),
        );
      }
      notices.error(
        error,
        restored ? t('settings.restoredShowFailed') : t('settings.restoreFailed'),
      );
    } finally {
      setBusy(false);
    }
  };

  const restore = async () => {
    const [file] = await pickFiles({ accept: '.zip,application/zip' });
    if (!file) return;
    const answer = await dialogs.confirm({
      title: t('settings.restoreQuestion'),
      message: t('settings.restoreQuestionText', file.name),
      confirmLabel: t('settings.restore'),
    });
    if (answer !== 'confirm') return;
    let pending: PendingRestore;
    setBusy(true);
    try {
      pending = await backup.open(new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      notices.error(error, t('settings.restoreFailed'));
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
      title: t('settings.keysPassphrase'),
      message: t('settings.keysPassphraseText', file.name),
      confirmLabel: t('settings.restore'),
      skipLabel: t('settings.restoreWithoutKeys'),
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
        <h2 id="settings-title">{t('settings.title')}</h2>
        <button
          type="button"
          class="icon-button"
          aria-label={t('settings.close')}
          onClick={props.onClose}
        >
          <Icon name="close" />
        </button>
      </div>

      <section aria-labelledby="settings-appearance">
        <h3 id="settings-appearance">{t('settings.appearance')}</h3>
        <label for="theme-select">{t('settings.theme')}</label>
        <select
          id="theme-select"
          value={preferences.preferences().theme}
          onChange={(event) => preferences.setTheme(event.currentTarget.value as ThemeChoice)}
        >
          <option value="system">{t('settings.themeSystem')}</option>
          <option value="light">{t('settings.themeLight')}</option>
          <option value="dark">{t('settings.themeDark')}</option>
        </select>
        <LanguagePicker />
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
        <h3 id="settings-storage">{t('settings.storage')}</h3>
        <p>
          {t('settings.storageIntro')}{' '}
          <Show
            when={storage.status().usage !== undefined}
            fallback={<span>{t('settings.storageUnknown')}</span>}
          >
            <span data-testid="storage-usage">
              {t(
                'settings.storageUsing',
                formats().bytes(storage.status().usage!),
                formats().bytes(storage.status().quota!),
              )}
            </span>
          </Show>
        </p>
        <p>{storage.status().persisted ? t('settings.persisted') : t('settings.notPersisted')}</p>
        <StorageUsage services={props.services} onClose={props.onClose} />
        <SetAsideRows storage={storage} notices={notices} />
      </section>

      <section aria-labelledby="settings-backup">
        <h3 id="settings-backup">{t('settings.backup')}</h3>
        <p>{t('settings.backupIntro')}</p>
        <label class="check">
          <input
            type="checkbox"
            checked={includeKeys()}
            onChange={(event) => setIncludeKeys(event.currentTarget.checked)}
          />
          {t('settings.includeKeys')}
        </label>
        <div class="settings-actions">
          <button type="button" class="button" disabled={busy()} onClick={download}>
            <Icon name="download" /> {t('settings.downloadBackup')}
          </button>
          <button type="button" class="button" disabled={busy()} onClick={() => void restore()}>
            <Icon name="upload" /> {t('settings.restoreBackup')}
          </button>
        </div>
      </section>
      <Show when={askPassphrase()} keyed>
        {(request) => (
          <PassphraseDialog request={request} onClose={() => setAskPassphrase(undefined)} />
        )}
      </Show>
      <p class="settings-version">{t('settings.version', BUILD_INFO.version, BUILD_INFO.build)}</p>
    </dialog>
  );
}
