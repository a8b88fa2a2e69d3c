// @vitest-environment jsdom
import { afterEach, expect, test } from 'vitest';
import { guardUnsavedText } from '../../../../src/ui/editor/unsaved-text-guard';

let release: (() => void) | undefined;
afterEach(() => release?.());

function fakeEditor(unsaved: boolean) {
  const calls: string[] = [];
  return {
    calls,
    editor: {
      saveAll: async () => void calls.push('saveAll'),
      flushNow: () => void calls.push('flushNow'),
      hasUnsavedText: () => unsaved,
    },
  };
}

function beforeUnload(): BeforeUnloadEvent {
  const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
  window.dispatchEvent(event);
  return event;
}

test('leaving with text not committed yet writes it at once and asks the browser to warn', () => {
  const { editor, calls } = fakeEditor(true);
  release = guardUnsavedText(editor, window);
  const event = beforeUnload();
  expect(calls).toEqual(['flushNow']);
  expect(event.defaultPrevented).toBe(true);
});

test('leaving with everything stored does not warn', () => {
  const { editor } = fakeEditor(false);
  release = guardUnsavedText(editor, window);
  expect(beforeUnload().defaultPrevented).toBe(false);
});

test('pagehide writes at once; hiding the page saves normally; removing the guard stops both', () => {
  const { editor, calls } = fakeEditor(true);
  const remove = guardUnsavedText(editor, window);
  window.dispatchEvent(new Event('pagehide'));
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  expect(calls).toEqual(['flushNow', 'saveAll']);
  remove();
  window.dispatchEvent(new Event('pagehide'));
  expect(calls).toEqual(['flushNow', 'saveAll']);
});
