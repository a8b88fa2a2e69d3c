import { expect, test } from '@playwright/test';
import { CovePage } from './support/cove-page';

/**
 * Builds, with the browser's own IndexedDB, the database an older Cove (schema 5) left: one
 * workspace holding " notes.py", a name today's path rules refuse, beside "notes.py".
 */
function createSchemaFiveDatabase(): Promise<void> {
  const stores: [string, string | string[] | null, string[], boolean?][] = [
    ['workspaces', 'id', ['updatedAt']],
    ['files', ['workspaceId', 'path'], ['workspaceId']],
    ['settings', 'key', []],
    ['sessions', 'id', ['workspaceId', 'updatedAt']],
    ['nodes', 'id', ['sessionId', 'parentId', 'status']],
    ['runs', 'id', ['sessionId', 'startedAt', 'status']],
    ['runSteps', 'id', ['runId']],
    ['checkpoints', 'id', ['sessionId', 'nodeId']],
    ['blobs', 'hash', []],
    ['mcpServers', 'id', []],
    ['profileKeys', 'id', []],
    ['fileMeta', ['workspaceId', 'path'], ['workspaceId']],
    ['logs', 'seq', ['at'], true],
    ['setAside', 'id', ['table'], true],
  ];
  const file = (path: string, content: string) => ({
    workspaceId: 'w1',
    path,
    kind: 'file',
    content,
    size: content.length,
    mtime: 1,
    version: 1,
  });
  const files = [file('notes.py', 'kept = 1\n'), file(' notes.py', 'padded = 2\n')];
  return new Promise((resolve, reject) => {
    // Dexie stores version n as IndexedDB version n × 10.
    const request = indexedDB.open('cove', 50);
    request.onupgradeneeded = () => {
      for (const [name, keyPath, indexes, autoIncrement] of stores) {
        const store = request.result.createObjectStore(name, { keyPath, autoIncrement });
        for (const index of indexes) store.createIndex(index, index);
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction(['workspaces', 'files', 'fileMeta', 'settings'], 'readwrite');
      tx.objectStore('workspaces').put({
        id: 'w1',
        name: 'Old project',
        createdAt: 1,
        updatedAt: 1,
      });
      for (const row of files) {
        tx.objectStore('files').put(row);
        const { content: _content, ...meta } = row;
        tx.objectStore('fileMeta').put({ ...meta, binary: false });
      }
      tx.objectStore('settings').put({ key: 'app.welcomed', value: true });
      tx.objectStore('settings').put({ key: 'app.lastWorkspace', value: 'w1' });
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
    request.onerror = () => reject(request.error);
  });
}

test('a file an older version stored as " notes.py" is renamed, said once, and opens', async ({
  page,
}) => {
  // Same origin, without Cove's script: the database is made before Cove first opens it.
  await page.goto('manifest.webmanifest');
  await page.evaluate(createSchemaFiveDatabase);
  const cove = await new CovePage(page).open();

  await expect(cove.notices).toContainText('Cove renamed 1 file or folder whose name was blank');
  await expect(cove.notices).toContainText('Old project: “ notes.py” → “notes (2).py”');
  await expect(cove.item('notes.py')).toBeVisible();
  await cove.item('notes (2).py').click();
  await expect.poll(() => cove.editorText('notes (2).py')).toBe('padded = 2\n');

  // The next start does not say it again.
  await cove.reload();
  await expect(cove.item('notes (2).py')).toBeVisible();
  await expect(cove.notices).not.toContainText('Cove renamed');
});
