// @vitest-environment jsdom
import { beforeEach, expect, test } from 'vitest';
import { createLocalUnloadJournal } from '../../../../src/ui/editor/local-unload-journal';

beforeEach(() => localStorage.clear());

const entry = { path: 'a.py', text: 'print(1)\n', base: 3 };

test('keeps entries per workspace until cleared', () => {
  const journal = createLocalUnloadJournal(localStorage);
  expect(journal.save('w1', [entry])).toBe(true);
  expect(createLocalUnloadJournal(localStorage).load('w1')).toEqual([entry]);
  expect(journal.load('w2')).toBeUndefined();
  journal.clear('w1');
  expect(journal.load('w1')).toBeUndefined();
});

test('a save over the quota reports false and leaves no older entry to stand in', () => {
  const journal = createLocalUnloadJournal(localStorage);
  journal.save('w1', [entry]);
  const refusing: Storage = {
    getItem: (key) => localStorage.getItem(key),
    removeItem: (key) => localStorage.removeItem(key),
    setItem: () => {
      throw new DOMException('full', 'QuotaExceededError');
    },
    clear: () => localStorage.clear(),
    key: (index) => localStorage.key(index),
    length: localStorage.length,
  };
  expect(createLocalUnloadJournal(refusing).save('w1', [{ ...entry, text: 'newer' }])).toBe(false);
  expect(journal.load('w1')).toBeUndefined();
});

test('damaged or foreign values are ignored, not thrown', () => {
  const journal = createLocalUnloadJournal(localStorage);
  localStorage.setItem('cove.unsaved.w1', '{not json');
  expect(journal.load('w1')).toBeUndefined();
  localStorage.setItem('cove.unsaved.w1', JSON.stringify([entry, { path: 1 }, null]));
  expect(journal.load('w1')).toEqual([entry]);
});
