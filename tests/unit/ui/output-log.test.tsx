// @vitest-environment jsdom
import { render } from 'solid-js/web';
import { afterEach, expect, test, vi } from 'vitest';
import type { RunView } from '../../../src/app/run-service';
import type { OutputChunk } from '../../../src/runtime/python-runtime';
import { OutputLog } from '../../../src/ui/runs/OutputLog';

function fakeRun(initial: OutputChunk[]) {
  const listeners = new Set<(chunk: OutputChunk) => void>();
  const run = {
    id: 'r1',
    label: 'main.py',
    path: 'main.py',
    output: () => initial,
    onOutput(listener: (chunk: OutputChunk) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as RunView;
  const write = (stream: OutputChunk['stream'], text: string) => {
    for (const listener of listeners) listener({ stream, text });
  };
  return { run, write };
}

let frames: FrameRequestCallback[] = [];
const nextFrame = () => {
  const due = frames;
  frames = [];
  for (const callback of due) callback(0);
};

afterEach(() => {
  document.body.innerHTML = '';
  frames = [];
  vi.unstubAllGlobals();
});

function mount(initial: OutputChunk[] = []) {
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.push(callback);
    return frames.length;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {});
  const { run, write } = fakeRun(initial);
  const host = document.createElement('div');
  document.body.append(host);
  render(() => <OutputLog run={run} />, host);
  const pieces = () =>
    [...host.querySelectorAll('span')].map((span) => [span.className, span.textContent]);
  return { write, pieces };
}

test('a line whose text and newline arrive in different frames stays one piece', () => {
  const { write, pieces } = mount();
  write('stdout', 'out 0');
  nextFrame();
  write('stdout', '\n');
  write('stderr', 'err 0\n');
  nextFrame();
  write('stderr', 'err 1\n');
  write('stdout', 'out 1\n');
  nextFrame();
  expect(pieces()).toEqual([
    ['stdout', 'out 0\n'],
    ['stderr', 'err 0\nerr 1\n'],
    ['stdout', 'out 1\n'],
  ]);
});

test('what was written before the view attached is shown, then new output continues it', () => {
  const { write, pieces } = mount([{ stream: 'stdout', text: 'early\n' }]);
  nextFrame();
  write('stdout', 'late\n');
  nextFrame();
  expect(pieces()).toEqual([['stdout', 'early\nlate\n']]);
});

test('a line input() read is shown where it was read, styled as input', () => {
  const { pieces } = mount([
    { stream: 'stdout', text: 'Name? ' },
    { stream: 'stdout', text: 'Ada\n', input: true },
    { stream: 'stdout', text: 'Hello Ada\n' },
  ]);
  nextFrame();
  expect(pieces()).toEqual([
    ['stdout', 'Name? '],
    ['stdin', 'Ada\n'],
    ['stdout', 'Hello Ada\n'],
  ]);
});
