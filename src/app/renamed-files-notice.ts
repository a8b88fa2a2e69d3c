/**
 * Tells the person, once, which files the schema-6 upgrade renamed (files older versions
 * stored with a blank name or spaces at either end, which could no longer be opened; see
 * src/store/path-repair-migration.ts). The upgrade leaves a note in settings; the first start
 * after it writes the whole list to the app log (the Logs panel), shows a notice that stays
 * until dismissed, and removes the note.
 */
import type { SettingsStore } from '../store/settings-store';
import type { WorkspaceStore } from '../store/workspace-store';
import { RENAMED_FILES_SETTING, type RenamedFilesNote } from '../store/path-repair-migration';
import { printablePath } from '../workspace/paths';
import type { AppLog } from './app-log';
import type { NoticeService } from './notice-service';

/** Renames listed in the notice itself; the log has them all. */
const SHOWN_IN_NOTICE = 5;

/** A stored name in quotes, so leading and trailing spaces show, control characters escaped. */
const quoted = (path: string) => `“${printablePath(path)}”`;

function isNote(value: unknown): value is RenamedFilesNote {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as RenamedFilesNote).renames) &&
    (value as RenamedFilesNote).renames.every(
      (entry) =>
        typeof entry?.workspaceId === 'string' &&
        typeof entry.from === 'string' &&
        typeof entry.to === 'string',
    )
  );
}

/**
 * Announces the renames the upgrade noted, if any, and forgets the note. Another tab that
 * starts at the same moment may announce them too; the note is gone after that.
 */
export async function announceRenamedFiles(deps: {
  settings: SettingsStore;
  workspaces: WorkspaceStore;
  log: AppLog;
  notices: NoticeService;
}): Promise<void> {
  const note = await deps.settings.get<unknown>(RENAMED_FILES_SETTING);
  if (note === undefined) return;
  if (!isNote(note) || !note.renames.length) {
    await deps.settings.delete(RENAMED_FILES_SETTING);
    return;
  }
  const names = new Map<string, string>();
  for (const { workspaceId } of note.renames) {
    if (names.has(workspaceId)) continue;
    names.set(workspaceId, (await deps.workspaces.get(workspaceId))?.name ?? workspaceId);
  }
  const lines = note.renames.map(
    ({ workspaceId, from, to }) => `${names.get(workspaceId)}: ${quoted(from)} → ${quoted(to)}`,
  );
  const count = note.renames.length;
  const what =
    count === 1 ? '1 file or folder whose name was' : `${count} files and folders whose names were`;
  const summary =
    `Cove renamed ${what} blank or began or ended with a space. Earlier versions allowed ` +
    'such names, but they could not be opened, renamed or deleted; now they can.';
  deps.log.write('info', 'store', summary, lines.join('\n'));
  const more = count - SHOWN_IN_NOTICE;
  deps.notices.show({
    kind: 'info',
    sticky: true,
    text: summary,
    details: [
      ...lines.slice(0, SHOWN_IN_NOTICE),
      ...(more > 0 ? [`…and ${more} more: the full list is in Logs.`] : []),
    ],
  });
  await deps.settings.delete(RENAMED_FILES_SETTING);
}
