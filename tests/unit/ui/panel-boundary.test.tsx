// @vitest-environment jsdom
import { createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, expect, test } from 'vitest';
import { PanelBoundary } from '../../../src/ui/common/PanelBoundary';

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  document.body.innerHTML = '';
});

test('a panel that throws says so in its place, the others stay, and Reload builds it again', () => {
  const [broken, setBroken] = createSignal(true);
  const logged: string[] = [];
  function Fragile() {
    if (broken()) throw new Error('The tree had a cycle.');
    return <p>Files are here</p>;
  }
  dispose = render(
    () => (
      <main>
        <PanelBoundary name="Files" onError={(_e, what) => logged.push(what)}>
          <Fragile />
        </PanelBoundary>
        <p>The editor still works</p>
      </main>
    ),
    document.body,
  );
  const alert = document.querySelector('[role="alert"]')!;
  expect(alert.getAttribute('aria-label')).toBe('Files failed');
  expect(alert.textContent).toContain('The Files panel failed. The tree had a cycle.');
  expect(document.body.textContent).toContain('The editor still works');
  expect(logged).toEqual(['The Files panel failed']);

  setBroken(false);
  (alert.querySelector('button') as HTMLButtonElement).click();
  expect(document.querySelector('[role="alert"]')).toBeNull();
  expect(document.body.textContent).toContain('Files are here');
});
