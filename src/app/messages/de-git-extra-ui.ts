/** German of a merge's conflicts (./en-git-extra-ui.ts). */
import type { UiCatalog } from './catalog';

export const deGitExtraUi = {
  conflictActions: 'Diesen Konflikt auflösen',
  acceptCurrent: 'Aktuelle übernehmen',
  acceptCurrentTitle: 'Die Zeilen dieses Branches behalten (zwischen <<<<<<< und =======)',
  acceptIncoming: 'Eingehende übernehmen',
  acceptIncomingTitle: 'Die geholten Zeilen behalten (zwischen ======= und >>>>>>>)',
  acceptBoth: 'Beide übernehmen',
  acceptBothTitle: 'Beide Seiten behalten, die dieses Branches zuerst',
  merging: 'Zusammenführung',
  mergingText: (count: number) =>
    count
      ? `${count} ${count === 1 ? 'Datei' : 'Dateien'} mit Konflikten: jede im Editor auflösen, dann vormerken.`
      : 'Alle Konflikte sind aufgelöst: committen, um die Zusammenführung abzuschließen.',
  abortMerge: 'Zusammenführung abbrechen',
  abortMergeTitle:
    'HEAD, die vorgemerkten und die Arbeitsdateien wie vor dem Pull wiederherstellen',
  abortConfirm:
    'Zusammenführung abbrechen? Die Dateien mit Konflikten kehren zum letzten Commit dieses Branches zurück; Änderungen seit dem Pull gehen verloren.',
  abortFailed: 'Die Zusammenführung konnte nicht abgebrochen werden',
  exportWithHistory: 'Als .zip mit Verlauf herunterladen',
  exportWithHistoryTitle:
    'Die Dateien des Arbeitsbereichs und sein .git-Ordner: das Archiv ist dieses Repository mit allen Commits (Zip exportieren unter Dateien lässt .git weg)',
} satisfies UiCatalog['gitExtra'];
