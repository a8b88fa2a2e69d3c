/** The English of Settings (see ./en-ui.ts): loaded with the Settings dialog. */
import type { Formats } from './formats';

export const enSettingsUi = {
  title: 'Settings',
  close: 'Close settings',
  appearance: 'Appearance',
  theme: 'Theme',
  themeSystem: 'Same as the system',
  themeLight: 'Light',
  themeDark: 'Dark',
  language: 'Language',
  languageBrowser: (name: string) => `Same as the browser (${name})`,
  storage: 'Storage',
  storageIntro: 'Everything Cove keeps — workspaces, files and settings — stays in this browser.',
  storageUnknown: 'This browser does not report how much space is used.',
  storageUsing: (used: string, quota: string) => `Using ${used} of ${quota} available.`,
  persisted: 'The browser has agreed to keep this data even when space runs low.',
  notPersisted:
    'The browser may clear this data when space runs low; download backups of work you care about.',
  backup: 'Backup',
  backupIntro:
    'One file with all workspaces, files and settings. Restore it here or in another browser. API keys are left out unless you include them, encrypted with a passphrase.',
  includeKeys: 'Add the API keys, encrypted with a passphrase',
  downloadBackup: 'Download backup',
  restoreBackup: 'Restore backup…',
  version: (version: string, build: string) => `Cove ${version} (build ${build})`,
  backupFailed: 'Backup failed',
  choosePassphrase: 'Choose a passphrase for the keys',
  choosePassphraseText:
    'Your API keys go into the backup encrypted with this passphrase, never in plain text. You will need it to restore them; nobody can recover it for you.',
  restoring: 'Restoring the backup…',
  restoredCounts: (f: Formats, workspaces: number, files: number) =>
    `${f.plural(workspaces, { one: '# workspace', other: '# workspaces' })}, ${f.number(files)} files`,
  restoredWithKeys: (counts: string) => `Backup restored: ${counts}, and the API keys.`,
  restoredKeysLeft: (counts: string) =>
    `Backup restored: ${counts}. The API keys in it were not restored; enter them again in Settings → Providers.`,
  restored: (counts: string) => `Backup restored: ${counts}.`,
  openingRestored: 'Opening the restored workspace…',
  wrongPassphrase:
    'That passphrase does not open the keys in this backup. Nothing has been restored yet.',
  wrongPassphraseHint:
    'Try again (it is case-sensitive), or choose “Restore without keys” to restore everything else.',
  restoredShowFailed: 'The backup is restored, but showing it failed; reload the page',
  restoreFailed: 'Restore failed',
  restoreQuestion: 'Restore this backup?',
  restoreQuestionText: (file: string) =>
    `Workspaces in "${file}" replace the workspaces with the same identity here; other workspaces stay as they are. The file is checked completely before anything changes.`,
  restore: 'Restore',
  keysPassphrase: 'Passphrase for the API keys',
  keysPassphraseText: (file: string) =>
    `“${file}” holds API keys encrypted with the passphrase chosen when it was made. Type it to restore the keys too, or restore everything else without them.`,
  restoreWithoutKeys: 'Restore without keys',
};
