// @vitest-environment jsdom
import { createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, expect, test, vi } from 'vitest';
import type { AppServices } from '../../../../src/app/services';
import { createBottomPanelService } from '../../../../src/app/bottom-panel-service';
import { BottomPanel } from '../../../../src/ui/shell/BottomPanel';

// xterm needs a real screen; the panel's loading and showing is what is tested here.
const terminalLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../../src/ui/terminal/TerminalPanel', () => {
  terminalLoads.count++;
  return { TerminalPanel: () => <p>terminal screen</p> };
});

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  document.body.innerHTML = '';
});

function fakeServices() {
  const bottom = createBottomPanelService();
  const [current, setCurrent] = createSignal<{ result: () => unknown } | undefined>();
  const [path, setPath] = createSignal<string | undefined>();
  const [showRequests, setShowRequests] = createSignal(0);
  let focusRequests = 0;
  const services = {
    terminal: { requestFocus: () => focusRequests++ },
    bottom,
    runs: { current },
    preview: { path, showRequests },
  } as unknown as AppServices;
  const openPreview = (page: string | undefined) => {
    setPath(page);
    if (page) setShowRequests((n) => n + 1);
  };
  return {
    services,
    setView: bottom.show,
    setCurrent,
    openPreview,
    focusRequests: () => focusRequests,
  };
}

const tab = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
    (element) => element.textContent === name,
  )!;
const panel = (name: string) =>
  document.getElementById(`bottom-panel-${name.toLowerCase()}`) as HTMLElement;

test('Output and Terminal are tabs; the terminal loads only when first shown, then stays', async () => {
  const { services, focusRequests } = fakeServices();
  dispose = render(
    () => (
      <BottomPanel
        services={services}
        dark={() => false}
        onError={() => {}}
        output={<p>run output</p>}
      />
    ),
    document.body,
  );
  expect(tab('Output').getAttribute('aria-selected')).toBe('true');
  expect(panel('Output').hidden).toBe(false);
  expect(panel('Terminal').hidden).toBe(true);
  expect(terminalLoads.count).toBe(0);

  tab('Terminal').click();
  expect(tab('Terminal').getAttribute('aria-selected')).toBe('true');
  expect(focusRequests()).toBe(1);
  await vi.waitFor(() => expect(panel('Terminal').textContent).toContain('terminal screen'));
  expect(terminalLoads.count).toBe(1);

  // Arrow keys move between the tabs; the terminal stays mounted while hidden.
  tab('Terminal').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
  expect(panel('Terminal').hidden).toBe(true);
  expect(panel('Terminal').textContent).toContain('terminal screen');
  expect(document.activeElement).toBe(tab('Output'));
});

test('a Run that starts shows Output; an earlier run shown again does not', () => {
  const { services, setView, setCurrent } = fakeServices();
  dispose = render(
    () => <BottomPanel services={services} dark={() => false} onError={() => {}} output={<p />} />,
    document.body,
  );
  setView('terminal');
  setCurrent({ result: () => ({ status: 'ok' }) });
  expect(tab('Terminal').getAttribute('aria-selected')).toBe('true');
  setCurrent({ result: () => undefined });
  expect(tab('Output').getAttribute('aria-selected')).toBe('true');
});

test('Preview is a tab once a page is opened in it, shown when opened, gone when closed', () => {
  const { services, setCurrent, openPreview } = fakeServices();
  dispose = render(
    () => <BottomPanel services={services} dark={() => false} onError={() => {}} output={<p />} />,
    document.body,
  );
  const names = () =>
    [...document.querySelectorAll('[role="tab"]')].map(
      (element) => `${element.textContent}:${element.getAttribute('aria-selected')}`,
    );
  expect(names()).toEqual(['Output:true', 'Terminal:false']);
  openPreview('site/index.html');
  expect(names()).toEqual(['Output:false', 'Terminal:false', 'Preview:true']);
  expect(panel('Output').hidden).toBe(true);
  // A run shows its output; the page stays open under its tab.
  setCurrent({ result: () => undefined });
  expect(names()).toEqual(['Output:true', 'Terminal:false', 'Preview:false']);
  tab('Preview').click();
  openPreview(undefined);
  expect(names()).toEqual(['Output:true', 'Terminal:false']);
  expect(panel('Output').hidden).toBe(false);
});
