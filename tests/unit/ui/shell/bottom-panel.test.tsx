// @vitest-environment jsdom
import { createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, expect, test, vi } from 'vitest';
import type { AppServices } from '../../../../src/app/services';
import type { BottomView } from '../../../../src/app/terminal-service';
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
  const [view, setView] = createSignal<BottomView>('output');
  const [current, setCurrent] = createSignal<{ result: () => unknown } | undefined>();
  let focusRequests = 0;
  const services = {
    terminal: { view, setView, requestFocus: () => focusRequests++ },
    runs: { current },
  } as unknown as AppServices;
  return { services, setView, setCurrent, focusRequests: () => focusRequests };
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
