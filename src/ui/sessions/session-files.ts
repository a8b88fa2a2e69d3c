import type { AppServices } from '../../app/services';
import { downloadBytes, pickFiles } from '../common/download';

/** Offers a session as a JSON or Markdown download; failures become notices. */
export async function downloadSession(
  services: AppServices,
  sessionId: string,
  format: 'json' | 'markdown',
): Promise<void> {
  try {
    const file = await services.sessions.exportSession(sessionId, format);
    downloadBytes(file.name, new TextEncoder().encode(file.text), file.type);
  } catch (error) {
    services.notices.error(error, 'Could not export the conversation');
  }
}

/** Asks for an exported conversation (.json) and imports it into the current workspace. */
export async function importSessionFile(services: AppServices): Promise<void> {
  const [file] = await pickFiles({ accept: '.json,application/json' });
  if (!file) return;
  await services.sessions.importSession(await file.text());
}
