import type { AppServices } from '../../app/services';
import { downloadBytes } from '../common/download';

/**
 * Downloads the open workspace as a .zip: its files only (the Files toolbar's Export zip),
 * or with git's `.git` folder, so the archive is the repository with its history (the Git
 * panel's and the palette's second action).
 */
export async function downloadWorkspaceZip(
  services: Pick<AppServices, 'fileActions' | 'notices'>,
  options: { includeGit?: boolean } = {},
): Promise<void> {
  try {
    const { name, bytes } = await services.fileActions.exportZip(options);
    downloadBytes(name, bytes, 'application/zip');
  } catch (error) {
    services.notices.error(error, 'Export failed');
  }
}
