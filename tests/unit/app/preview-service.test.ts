import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import {
  createPreviewService,
  PREVIEW_LOAD_WAIT_MS,
  PREVIEW_RELOAD_DELAY_MS,
  PREVIEW_SETTLE_MS,
} from '../../../src/app/preview-service';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import type { PythonNetworkAccess } from '../../../src/runtime/python-network';
import { createMemoryStore } from '../../../src/store/memory-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { waitUntil } from '../support/wait-until';

async function setup() {
  const clock = new ManualClock(1_000);
  const store = createMemoryStore();
  const catalog = new WorkspaceCatalog(store, clock);
  const workspaces = createWorkspaceService(catalog, store.settings, store.changes);
  await workspaces.start();
  await workspaces.create('Site');
  let network: PythonNetworkAccess = 'package-index';
  const preview = createPreviewService({ workspaces, clock, network: () => network });
  const files = workspaces.files()!;
  await files.write('index.html', '<link rel="stylesheet" href="style.css"><h1>Hi</h1>');
  await files.write('style.css', 'h1 { color: red }');
  await files.write('other.css', '');
  return { clock, preview, files, setNetwork: (n: PythonNetworkAccess) => (network = n) };
}

const text = (parts: readonly (string | number)[]) => parts.join('');

describe('the preview service', () => {
  it('builds the page under the policy of the network setting', async () => {
    const { preview, setNetwork } = await setup();
    await preview.open('index.html');
    expect(preview.path()).toBe('index.html');
    expect(preview.showRequests()).toBe(1);
    const document = preview.document()!;
    expect(text(document.page.parts)).toContain('<style>h1 { color: red }</style>');
    expect(document.policy).toContain("connect-src 'none'");
    expect(document.webRtc).toBe(false);
    expect(preview.loading()).toBe(true);
    setNetwork('any');
    await preview.reload();
    expect(preview.document()!.policy).toContain('connect-src http: https: ws: wss:');
    expect(preview.document()!.webRtc).toBe(true);
    expect(preview.document()!.generation).toBeGreaterThan(document.generation);
  });

  it('rebuilds after a pause when a file the page used changes, not for other files', async () => {
    const { clock, preview, files } = await setup();
    await preview.open('index.html');
    const first = preview.document()!;
    await files.write('other.css', 'p {}');
    await clock.advance(PREVIEW_RELOAD_DELAY_MS * 2);
    expect(preview.document()).toBe(first);
    await files.write('style.css', 'h1 { color: blue }');
    await waitUntil(() => expect(clock.pending).toBeGreaterThan(0));
    await clock.advance(PREVIEW_RELOAD_DELAY_MS - 1);
    expect(preview.document()).toBe(first);
    await clock.advance(1);
    await waitUntil(() => expect(preview.document()).not.toBe(first));
    expect(text(preview.document()!.page.parts)).toContain('h1 { color: blue }');
  });

  it('keeps the console of the frame shown: problems first, messages in order, refusals worded', async () => {
    const { clock, preview, files } = await setup();
    await files.delete('style.css');
    await preview.open('index.html');
    const { generation } = preview.document()!;
    preview.receive(generation, { type: 'console', level: 'log', text: 'hello' });
    preview.receive(generation - 1, { type: 'console', level: 'log', text: 'from an old frame' });
    preview.receive(generation, {
      type: 'blocked',
      url: 'http://127.0.0.1:9/x',
      directive: 'connect-src',
    });
    await clock.advance(50);
    expect(preview.entries().map((e) => `${e.level}: ${e.text}`)).toEqual([
      'error: style.css not found in the workspace (named in index.html)',
      'log: hello',
      'error: Cove blocked a connection to http://127.0.0.1:9/x: the preview may not connect anywhere while Settings → Python → Network allows only the package index.',
    ]);
    preview.clearConsole();
    expect(preview.entries()).toEqual([]);
  });

  it('serves the agent: opens, waits for the load, returns the console; reads what is new', async () => {
    const { clock, preview } = await setup();
    const signal = new AbortController().signal;
    const opened = preview.host.open('index.html', signal);
    await waitUntil(() => expect(preview.document()).toBeDefined());
    const { generation } = preview.document()!;
    preview.receive(generation, { type: 'console', level: 'log', text: 'before load' });
    preview.receive(generation, { type: 'loaded' });
    preview.receive(generation, { type: 'console', level: 'warn', text: 'just after' });
    let settled = false;
    void opened.then(() => (settled = true));
    // The settle wait starts once the load is seen; the clock moves until the call is done.
    await waitUntil(async () => {
      await clock.advance(PREVIEW_SETTLE_MS);
      expect(settled).toBe(true);
    });
    const outcome = await opened;
    expect(outcome.loaded).toBe(true);
    expect(outcome.console.map((line) => line.text)).toEqual(['before load', 'just after']);
    expect(preview.loading()).toBe(false);

    expect(preview.host.readConsole(false).lines).toEqual([]);
    preview.receive(generation, { type: 'console', level: 'error', text: 'later' });
    expect(preview.host.readConsole(false)).toEqual({
      path: 'index.html',
      lines: [{ level: 'error', text: 'later' }],
      dropped: 0,
    });
    expect(preview.host.readConsole(true).lines).toHaveLength(3);
  });

  it('gives up waiting for a page that never loads, and reads nothing when closed', async () => {
    const { clock, preview } = await setup();
    const opened = preview.host.open('index.html', new AbortController().signal);
    await waitUntil(() => expect(preview.document()).toBeDefined());
    await clock.advance(PREVIEW_LOAD_WAIT_MS);
    expect((await opened).loaded).toBe(false);
    preview.close();
    expect(preview.host.readConsole(true)).toEqual({ path: undefined, lines: [], dropped: 0 });
  });

  it('opens a link to another page of the workspace, and refuses others', async () => {
    const { clock, preview, files } = await setup();
    await files.write('docs/about.html', '<p>About</p>');
    await preview.open('index.html');
    preview.receive(preview.document()!.generation, { type: 'navigate', href: 'docs/about.html' });
    await waitUntil(() => expect(preview.document()?.path).toBe('docs/about.html'));
    preview.receive(preview.document()!.generation, { type: 'navigate', href: '../x.png' });
    await clock.advance(50);
    expect(preview.entries().at(-1)?.text).toContain('only links to HTML files');
  });
});
