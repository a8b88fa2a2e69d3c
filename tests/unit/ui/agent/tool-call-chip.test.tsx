// @vitest-environment jsdom
import { createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, expect, test } from 'vitest';
import type { ToolCallStatus, ToolCallView } from '../../../../src/app/agent-views';
import { parseArguments, summarizeCall } from '../../../../src/tools/call-summary';
import { builtinToolRegistry } from '../../../../src/tools/tool-registry';
import { ToolCallChip } from '../../../../src/ui/agent/ToolCallChip';

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  document.body.innerHTML = '';
});

function fakeCall(name: string, argumentsText: string) {
  const [status, setStatus] = createSignal<ToolCallStatus>('running');
  const [output, setOutput] = createSignal('');
  const [durationMs, setDuration] = createSignal<number | undefined>();
  const [result, setResult] = createSignal<string | undefined>();
  const tool = builtinToolRegistry.get(name);
  const call: ToolCallView = {
    id: 'call-1',
    name,
    argumentsText: () => argumentsText,
    // What the app's tool call views give: the registry tool's own summary and streaming.
    summary: () => summarizeCall(tool, parseArguments(argumentsText), result()),
    streamsOutput: () => tool?.streamsOutput === true,
    status,
    durationMs,
    output,
    result,
    changedFiles: () => [],
    diff: () => undefined,
  };
  return { call, setStatus, setOutput, setDuration, setResult };
}

function mount(call: ToolCallView) {
  const host = document.createElement('div');
  document.body.append(host);
  dispose = render(() => <ToolCallChip call={call} />, host);
  return { host, chip: host.querySelector('button')! };
}

test('a running script shows its output live, then folds into a chip with status and duration', () => {
  const fake = fakeCall('run_python', '{"path":"main.py"}');
  const { host, chip } = mount(fake.call);
  expect(chip.getAttribute('aria-label')).toBe('run_python, main.py, running');
  expect(chip.getAttribute('aria-expanded')).toBe('true');
  expect(host.querySelector('[role="log"]')!.textContent).toBe('Waiting for output…');
  fake.setOutput('step 1\n');
  expect(host.querySelector('[role="log"]')!.textContent).toBe('step 1\n');

  fake.setOutput('step 1\nstep 2\n');
  fake.setResult('exit 0\nstep 1\nstep 2');
  fake.setDuration(1500);
  fake.setStatus('done');
  expect(chip.getAttribute('aria-expanded')).toBe('false');
  expect(host.querySelector('[role="log"]')).toBeNull();
  expect(chip.textContent).toContain('done · 1.5 s');
  expect(chip.getAttribute('aria-label')).toBe('run_python, main.py, done, 1.5 s');

  chip.click();
  expect(host.querySelector('[aria-label="Arguments"]')!.textContent).toBe('path: main.py');
  expect(host.querySelector('[role="log"]')!.textContent).toBe('step 1\nstep 2\n');
  expect(host.querySelector('[aria-label="Result"]')!.textContent).toBe('exit 0\nstep 1\nstep 2');
});

test('a file tool stays folded while it runs; the person can open and close it', () => {
  const fake = fakeCall('edit_file', '{"path":"a.py","edits":[]}');
  const { host, chip } = mount(fake.call);
  expect(chip.getAttribute('aria-expanded')).toBe('false');
  chip.click();
  expect(host.querySelector('[role="group"]')!.getAttribute('aria-label')).toBe(
    'edit_file details',
  );
  expect(host.querySelector('[role="log"]')).toBeNull();
  chip.click();
  expect(host.querySelector('[role="group"]')).toBeNull();
  fake.setStatus('rejected');
  expect(chip.textContent).toContain('rejected');
});
