import { startLoopbackListener } from '../fixtures/loopback-listener.mjs';
import { AgentPanel } from './support/agent-panel';
import type { CovePage } from './support/cove-page';
import { expect, test } from './support/fixtures';
import { PreviewPane } from './support/preview-pane';
import { toolResult } from './support/tool-results';

// The live preview: an HTML file of the workspace with its CSS and JavaScript, in a
// sandboxed frame of an opaque origin whose network follows Settings → Python → Network
// (by default: no connection at all). A TCP listener on 127.0.0.1 records any connection.

let listener: Awaited<ReturnType<typeof startLoopbackListener>>;

// One listener per test, so each test's assertion is about what that test's page did.
test.beforeEach(async () => {
  listener = await startLoopbackListener();
});

test.afterEach(async () => {
  await listener.close();
});

const STYLE = 'h1 { color: rgb(12, 34, 56); }\n';

function page(title: string): string {
  return `<!doctype html>
<html>
  <head>
    <link rel="stylesheet" href="style.css">
  </head>
  <body>
    <h1>${title}</h1>
    <script src="app.js"></script>
  </body>
</html>
`;
}

/** The page's script: logs, tries Cove's storage and the page, and fetches the listener. */
function script(url: string): string {
  return `console.log('hello from app.js', { answer: 42 });
const tries = {
  localStorage: () => localStorage.getItem('app.lastWorkspace'),
  indexedDB: () => indexedDB.open('cove'),
  parent: () => parent.document.title,
  webrtc: () => new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${new URL(url).port}' }] }),
};
for (const [name, attempt] of Object.entries(tries)) {
  try {
    attempt();
    console.log(name + ': REACHED');
  } catch (error) {
    console.log(name + ': refused (' + error.name + ')');
  }
}
fetch(${JSON.stringify(`${url}preview-fetch`)}).then(
  () => console.log('fetch: REACHED'),
  (error) => console.warn('fetch: failed (' + error.message + ')'),
);
`;
}

/** Adds index.html, style.css and app.js to the workspace. */
async function addSite(cove: CovePage): Promise<void> {
  await cove.uploadFile('style.css', STYLE);
  await cove.uploadFile('app.js', script(listener.url));
  await cove.uploadFile('index.html', page('Hello preview'));
}

test('an HTML page with its CSS and JavaScript shows in the preview, logs under it, reloads on edits, and reaches neither the network nor Cove', async ({
  cove,
}) => {
  test.setTimeout(120_000);
  const preview = new PreviewPane(cove);
  await addSite(cove);
  await preview.openFromTree('index.html');

  const frame = preview.frame('index.html');
  const heading = frame.getByRole('heading', { name: 'Hello preview' });
  await expect(heading).toBeVisible();
  await expect(heading).toHaveCSS('color', 'rgb(12, 34, 56)');

  await expect(preview.console).toContainText('hello from app.js {answer: 42}');
  await expect(preview.console).toContainText('localStorage: refused (SecurityError)');
  await expect(preview.console).toContainText('indexedDB: refused (SecurityError)');
  await expect(preview.console).toContainText('parent: refused (SecurityError)');
  await expect(preview.console).toContainText('webrtc: refused (TypeError)');
  await expect(preview.console).toContainText('Cove blocked a WebRTC connection');
  await expect(preview.console).toContainText(
    `Cove blocked a connection to http://127.0.0.1:${listener.port}`,
  );
  await expect(preview.console).toContainText('fetch: failed');
  await expect(preview.console).not.toContainText('REACHED');
  expect(listener.hits).toEqual([]);

  // Editing the page in the editor rebuilds the preview once the file is saved.
  await cove.item('index.html').click();
  await cove.typeInto('index.html', page('Edited preview'));
  await expect.poll(() => cove.editorText('index.html')).toBe(page('Edited preview'));
  await cove.page.keyboard.press('ControlOrMeta+s');
  await cove.expectSaved();
  await expect(frame.getByRole('heading', { name: 'Edited preview' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(frame.getByRole('heading', { name: 'Edited preview' })).toHaveCSS(
    'color',
    'rgb(12, 34, 56)',
  );

  // A change to the style sheet it pulled in reloads it too.
  await cove.item('style.css').click();
  await cove.typeInto('style.css', 'h1 { color: rgb(200, 0, 0); }');
  await expect.poll(() => cove.editorText('style.css')).toBe('h1 { color: rgb(200, 0, 0); }');
  await cove.page.keyboard.press('ControlOrMeta+s');
  await cove.expectSaved();
  await expect(frame.getByRole('heading', { name: 'Edited preview' })).toHaveCSS(
    'color',
    'rgb(200, 0, 0)',
  );

  // Clear empties the console; Reload runs the page again, which logs again.
  await preview.clearConsole();
  await preview.reload();
  await expect(preview.console).toContainText('hello from app.js');
  expect(listener.hits).toEqual([]);
});

test('a file the page names that is not in the workspace is an error in its console; the editor toolbar opens a page', async ({
  cove,
}) => {
  const preview = new PreviewPane(cove);
  await cove.uploadFile(
    'broken.html',
    '<!doctype html><link rel="stylesheet" href="styles.css"><p>Still here</p><script>missing()</script>',
  );
  await cove.item('broken.html').click();
  await cove.page.getByRole('button', { name: 'Open in preview' }).click();
  await expect(preview.tab).toHaveAttribute('aria-selected', 'true');
  await expect(preview.frame('broken.html').getByText('Still here')).toBeVisible();
  await expect(preview.console).toContainText('styles.css not found in the workspace');
  await expect(preview.console).toContainText('Uncaught ReferenceError: missing is not defined');

  // The Output tab is one click away and the preview stays.
  await cove.page.getByRole('tab', { name: 'Output', exact: true }).click();
  await expect(preview.frameElement('broken.html')).toBeHidden();
  await preview.tab.click();
  await expect(preview.frame('broken.html').getByText('Still here')).toBeVisible();
  await cove.page.getByRole('button', { name: 'Close preview' }).click();
  await expect(preview.tab).toHaveCount(0);
});

test('a page fetches a data file of the workspace it names, and shows the new data when that file changes', async ({
  cove,
}) => {
  const preview = new PreviewPane(cove);
  await cove.uploadFile('items.json', '["apples", "pears"]');
  await cove.uploadFile(
    'list.js',
    `fetch('./items.json')
  .then((response) => response.json())
  .then((items) => {
    for (const item of items) {
      const li = document.createElement('li');
      li.textContent = item;
      document.querySelector('ul').append(li);
    }
    console.log('loaded ' + items.length + ' items');
  });
fetch('elsewhere.json').catch((error) => console.warn('elsewhere: ' + error.name));
`,
  );
  await cove.uploadFile(
    'shop.html',
    '<!doctype html><h1>Shop</h1><ul aria-label="Items"></ul><script src="list.js"></script>',
  );
  await preview.openFromTree('shop.html');
  const items = preview.frame('shop.html').getByRole('list', { name: 'Items' });
  await expect(items.getByRole('listitem')).toHaveText(['apples', 'pears']);
  await expect(preview.console).toContainText('loaded 2 items');
  // A file the workspace does not have still goes nowhere.
  await expect(preview.console).toContainText('elsewhere: TypeError');

  await cove.item('items.json').click();
  await cove.typeInto('items.json', '["plums"]');
  await cove.page.keyboard.press('ControlOrMeta+s');
  await cove.expectSaved();
  await expect(items.getByRole('listitem')).toHaveText(['plums']);
  expect(listener.hits).toEqual([]);
});

test('a page that sends its frame to another address sends no request: the path and query never leave', async ({
  cove,
}) => {
  const preview = new PreviewPane(cove);
  await cove.uploadFile(
    'leave.html',
    `<!doctype html><p>Leaving</p><script>
console.log('navigating away');
setTimeout(() => { location.href = ${JSON.stringify(`${listener.url}navigation?secret=1`)}; }, 50);
</script>`,
  );
  await preview.openFromTree('leave.html');
  await expect(preview.console).toContainText('navigating away');
  // Cove's own policy (frame-src 'none') refuses the frame's navigation away from its
  // document: the page is gone from the frame (until Reload).
  await expect(preview.frame('leave.html').getByText('Leaving')).toBeHidden();
  // Whatever would arrive has arrived within a second (the clock is what this waits on).
  await cove.page.waitForTimeout(1000);
  // No request reached the listener: the address, and the secret in it, never left.
  // Chromium may still open a bare connection to the host a navigation names before the
  // policy refuses it (no byte is sent): a known gap, in the README's limits.
  expect(listener.hits.filter((hit) => hit !== '(connection)')).toEqual([]);
});

test('the preview fits a small window', async ({ cove }) => {
  await cove.page.setViewportSize({ width: 800, height: 600 });
  const preview = new PreviewPane(cove);
  await addSite(cove);
  await preview.openFromTree('index.html');
  await expect(
    preview.frame('index.html').getByRole('heading', { name: 'Hello preview' }),
  ).toBeVisible();
  await expect(preview.console).toBeVisible();
  const box = await preview.frameElement('index.html').boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(80);
  expect(box?.width ?? 0).toBeGreaterThan(200);
});

test('the agent opens the preview (asking first: it runs the page) and reads its console', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  await addSite(cove);
  const agent = new AgentPanel(cove);
  await agent.connect(provider);
  await agent.switchToAgent();
  provider.script(
    { toolCalls: [{ id: 'call_open', name: 'open_preview', arguments: { path: 'index.html' } }] },
    { toolCalls: [{ id: 'call_read', name: 'read_preview_console', arguments: { all: true } }] },
    { content: 'The page loads; its fetch is blocked by the preview.' },
  );
  await agent.send('Check index.html in the preview');
  await agent
    .approval('open_preview')
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await agent.idle();
  const preview = new PreviewPane(cove);
  await expect(
    preview.frame('index.html').getByRole('heading', { name: 'Hello preview' }),
  ).toBeVisible();
  const opened = toolResult(provider, 'call_open');
  expect(opened).toContain('Opened index.html in the preview; it loaded.');
  expect(opened).toContain('[log] hello from app.js');
  const read = toolResult(provider, 'call_read');
  expect(read).toContain('Console of index.html (everything kept');
  expect(read).toContain(`Cove blocked a connection to http://127.0.0.1:${listener.port}`);
  expect(listener.hits).toEqual([]);
});
