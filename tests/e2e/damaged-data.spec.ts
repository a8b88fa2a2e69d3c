import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { CovePage } from './support/cove-page';
import { SessionsPanel } from './support/sessions-panel';

/** Cove's IndexedDB database (src/store/dexie-store.ts, `openDexieStore`'s default name). */
const DATABASE = 'cove';

/** Puts rows straight into IndexedDB, past Cove, as a faulty build or a bad disk would. */
async function writeRaw(page: Page, rows: Record<string, unknown[]>): Promise<void> {
  await page.evaluate(
    ({ name, rows }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(Object.keys(rows), 'readwrite');
          for (const [table, list] of Object.entries(rows))
            for (const row of list) tx.objectStore(table).put(row);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { name: DATABASE, rows },
  );
}

/** The id of the workspace Cove shows (the Welcome workspace of a first visit). */
async function workspaceId(page: Page): Promise<string> {
  return page.evaluate(
    (name) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('workspaces').objectStore('workspaces').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve((request.result as { id: string }[])[0]!.id);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    DATABASE,
  );
}

const KEPT_TEXT = 'These notes must survive.';
const file = (workspaceId: string, path: string, content: string) => ({
  workspaceId,
  path,
  kind: 'file',
  content,
  size: content.length,
  mtime: 1,
  version: 1,
});
const meta = (row: ReturnType<typeof file>) => {
  const { content: _content, ...rest } = row;
  return { ...rest, binary: false };
};

/** Sound rows each test starts from: a file with text and a conversation with a message. */
function soundRows(ws: string) {
  const notes = file(ws, 'notes.md', KEPT_TEXT);
  const now = Date.now();
  return {
    files: [notes],
    fileMeta: [meta(notes)],
    sessions: [
      {
        id: 's-kept',
        workspaceId: ws,
        title: 'Kept chat',
        mode: 'chat',
        leafId: 'n-kept',
        createdAt: now,
        updatedAt: now,
        starred: false,
      },
    ],
    nodes: [
      {
        id: 'n-kept',
        sessionId: 's-kept',
        parentId: null,
        role: 'user',
        content: 'A question from before',
        status: 'complete',
        startedAt: now,
      },
    ],
  };
}

/**
 * One damaged row per table: how it is written, its name in Settings → Storage
 * ("table (key)"), what must be said was wrong, and what must still be there. The rows are
 * ones Cove reads while starting or showing the conversation, as the were.
 */
const cases: {
  table: string;
  damage: (ws: string) => Record<string, unknown[]>;
  key: (ws: string) => string;
  problem: RegExp;
}[] = [
  {
    table: 'workspaces',
    damage: () => ({
      workspaces: [{ id: 'ws-broken', name: 'Broken', createdAt: 'yesterday', updatedAt: 1 }],
    }),
    key: () => 'ws-broken',
    problem: /at createdAt: .*expected number/,
  },
  {
    // The file's metadata is sound, so the tree lists it; its row is read when its tab
    // comes back at start.
    table: 'files',
    damage: (ws) => {
      const broken = file(ws, 'broken.py', 'print(1)\n');
      return {
        files: [{ ...broken, size: undefined }],
        fileMeta: [meta(broken)],
        settings: [{ key: `editor.tabs.${ws}`, value: { paths: ['broken.py'] } }],
      };
    },
    key: (ws) => `${ws} / broken.py`,
    problem: /at size: .*expected number/,
  },
  {
    // The first report: the tree formatted a size that was not there.
    table: 'fileMeta',
    damage: (ws) => ({ fileMeta: [{ ...meta(file(ws, 'notes.md', KEPT_TEXT)), size: 'big' }] }),
    key: (ws) => `${ws} / notes.md`,
    problem: /at size: .*expected number/,
  },
  {
    // The second report: open tabs without their `paths`.
    table: 'settings',
    damage: (ws) => ({ settings: [{ key: `editor.tabs.${ws}`, value: { active: 'main.py' } }] }),
    key: (ws) => `editor.tabs.${ws}`,
    problem: /at value\.paths: .*expected array/,
  },
  {
    table: 'sessions',
    damage: (ws) => ({
      sessions: [
        {
          id: 's-broken',
          workspaceId: ws,
          title: 'Broken chat',
          mode: 'shout',
          leafId: null,
          createdAt: Date.now(),
          updatedAt: Date.now(),
        },
      ],
    }),
    key: () => 's-broken',
    problem: /at mode: /,
  },
  {
    table: 'nodes',
    damage: () => ({
      nodes: [
        {
          id: 'n-broken',
          sessionId: 's-kept',
          parentId: 'n-kept',
          role: 'assistant',
          content: { not: 'text' },
          status: 'complete',
          startedAt: Date.now() + 1,
        },
      ],
    }),
    key: () => 'n-broken',
    problem: /at content: .*expected string/,
  },
  {
    // Runs left `running` are read at start to mark them interrupted.
    table: 'runs',
    damage: () => ({
      runs: [
        {
          id: 'run-broken',
          sessionId: 's-kept',
          model: 'p/m',
          status: 'running',
          startedAt: 1,
          steps: 0,
          turns: 0,
        },
      ],
    }),
    key: () => 'run-broken',
    problem: /at usage: /,
  },
];

for (const testCase of cases) {
  test(`a damaged row of ${testCase.table} is set aside and Cove starts with the rest`, async ({
    page,
  }) => {
    const cove = await new CovePage(page).open();
    const ws = await workspaceId(page);
    await writeRaw(page, soundRows(ws));
    await writeRaw(page, testCase.damage(ws));
    const name = `${testCase.table} (${testCase.key(ws)})`;

    // Cove starts: the workspace, its files and their contents are there.
    await cove.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Cove could not start' })).toHaveCount(
      0,
    );
    await expect(cove.item('main.py')).toBeVisible();
    await expect(cove.item('notes.md')).toBeVisible();
    await cove.item('notes.md').click();
    await expect.poll(() => cove.editorText('notes.md')).toBe(KEPT_TEXT);

    // The conversations list works and the kept conversation reads as it was.
    const sessions = new SessionsPanel(cove);
    await sessions.open();
    await expect(sessions.row('Kept chat')).toBeVisible();
    await sessions.show('Kept chat');
    await expect(page.getByText('A question from before')).toBeVisible();

    // Settings → Storage lists the row with what was wrong.
    await cove.openSettings();
    const list = cove.settings.getByRole('list', { name: 'Rows set aside' });
    const row = list.getByRole('listitem', { name, exact: true });
    await expect(row).toBeVisible();
    await expect(row).toContainText(testCase.problem);
    await expect(list.getByRole('listitem')).toHaveCount(1);

    // Export gives the row as it was stored.
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: `Export ${name}` }).click();
    const exported = JSON.parse(await readFile(await (await download).path(), 'utf8')) as {
      rows: { table: string; problem: string }[];
    };
    expect(exported.rows).toHaveLength(1);
    expect(exported.rows[0]!.table).toBe(testCase.table);

    // Delete asks, then removes it.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete row' }).click();
    await expect(row).toHaveCount(0);
    await expect(cove.settings.getByText('Nothing was set aside')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cove.settings).toBeHidden();

    // The Logs panel says what was set aside and where it was kept.
    await page.getByRole('button', { name: 'Logs', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Logs' })).toContainText(
      `Cove set aside a damaged row of ${testCase.table}`,
    );
  });
}

test('Settings → Storage with a row set aside (screenshot)', async ({ page }) => {
  const cove = await new CovePage(page).open();
  const ws = await workspaceId(page);
  await writeRaw(page, {
    settings: [{ key: `editor.tabs.${ws}`, value: { active: 'main.py' } }],
  });
  await cove.reload();
  await cove.openSettings();
  const storage = cove.settings.getByRole('group', { name: 'Set aside' });
  await expect(storage.getByRole('listitem')).toHaveCount(1);
  await storage.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('set-aside.png') });
});
