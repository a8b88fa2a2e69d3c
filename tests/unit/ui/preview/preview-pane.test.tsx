// @vitest-environment jsdom
import { createRoot } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, expect, test } from 'vitest';
import { ManualClock } from '../../../../src/base/clock';
import { createPreviewService } from '../../../../src/app/preview-service';
import { createWorkspaceService } from '../../../../src/app/workspace-service';
import { createMemoryStore } from '../../../../src/store/memory-store';
import PreviewPane from '../../../../src/ui/preview/PreviewPane';
import { WorkspaceCatalog } from '../../../../src/workspace/workspace-catalog';

afterEach(() => {
  document.body.innerHTML = '';
});

async function mount() {
  const clock = new ManualClock(1_000);
  const store = createMemoryStore();
  const workspaces = createWorkspaceService(
    new WorkspaceCatalog(store, clock),
    store.settings,
    store.changes,
  );
  await workspaces.start();
  await workspaces.create('Site');
  await workspaces.files()!.write('site/index.html', '<h1>Hi</h1>');
  const preview = createPreviewService({ workspaces, clock, network: () => 'off' });
  const host = document.createElement('div');
  document.body.append(host);
  const dispose = createRoot((dispose) => {
    render(() => <PreviewPane preview={preview} />, host);
    return dispose;
  });
  return { clock, preview, host, dispose };
}

test('the preview pane shows the page in a frame sandboxed to scripts, its policy first, and its console', async () => {
  const { clock, preview, host, dispose } = await mount();
  await preview.open('site/index.html');
  const frame = host.querySelector('iframe')!;
  expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
  expect(frame.getAttribute('title')).toBe('Preview of index.html');
  expect(frame.srcdoc.startsWith('<!doctype html><meta http-equiv="Content-Security-Policy"')).toBe(
    true,
  );
  expect(frame.srcdoc).toContain("connect-src 'none'");

  const { generation } = preview.document()!;
  preview.receive(generation, { type: 'console', level: 'error', text: 'Uncaught boom' });
  preview.receive(generation, { type: 'console', level: 'log', text: 'hello' });
  await clock.advance(50);
  const log = host.querySelector('[role="log"]')!;
  expect(log.getAttribute('aria-label')).toBe('Console messages');
  const items = [...log.querySelectorAll('li')];
  expect(items.map((item) => item.textContent)).toEqual(['✕Error: Uncaught boom', '›Log: hello']);
  expect(items[0]!.classList.contains('level-error')).toBe(true);

  host.querySelector<HTMLButtonElement>('button[aria-label="Clear console"]')!.click();
  expect(log.querySelectorAll('li')).toHaveLength(0);

  // A new build gets a new frame.
  await preview.reload();
  expect(host.querySelector('iframe')).not.toBe(frame);
  dispose();
});
