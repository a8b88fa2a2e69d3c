// @vitest-environment jsdom
import { render } from 'solid-js/web';
import { afterEach, expect, test } from 'vitest';
import type { ApprovalChoice, PendingApproval } from '../../../../src/app/agent-views';
import { ApprovalPanel } from '../../../../src/ui/agent/ApprovalPanel';

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  document.body.innerHTML = '';
});

function show(approval: Partial<PendingApproval>) {
  const host = document.createElement('div');
  document.body.append(host);
  const choices: ApprovalChoice[] = [];
  const request: PendingApproval = {
    callId: 'c1',
    toolName: 'run_python',
    title: 'Run Python',
    view: { kind: 'code', language: 'python', code: 'print("hi")\nprint(2)' },
    argumentsText: '{"code":"print(\\"hi\\")"}',
    ...approval,
  };
  dispose = render(
    () => <ApprovalPanel approval={request} onDecide={(c) => choices.push(c)} />,
    host,
  );
  const button = (name: string) =>
    [...host.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
  const key = (target: Element, key: string) =>
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  return { host, choices, button, key };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

// Invariant 10: no side-effecting tool runs without approval or a rule.
test('the request shows the full code and takes focus without approving anything', async () => {
  const { host, choices, key } = show({});
  const panel = host.querySelector('section')!;
  expect(document.activeElement).toBe(panel);
  expect(panel.getAttribute('aria-labelledby')).toBeTruthy();
  expect(host.querySelector('[aria-label="Code to run"]')!.textContent).toBe(
    'print("hi")\nprint(2)',
  );
  key(panel, 'Enter');
  key(panel, 'Escape');
  await flush();
  expect(choices).toEqual([]);
});

test('approve, approve for the session and stop each answer once', () => {
  const { choices, button } = show({});
  button('Approve').click();
  button('Approve run_python for this session').click();
  button('Reject and stop').click();
  expect(choices).toEqual([{ kind: 'approve' }, { kind: 'approve_session' }, { kind: 'stop' }]);
});

test('reject opens a feedback box; Escape closes it without deciding; the feedback is sent', async () => {
  const { host, choices, button, key } = show({
    view: { kind: 'command', command: 'rm -rf build' },
  });
  expect(host.querySelector('[aria-label="Command to run"]')!.textContent).toBe('rm -rf build');
  button('Reject…').click();
  await flush();
  const box = host.querySelector('textarea')!;
  expect(document.activeElement).toBe(box);
  expect(host.querySelector(`label[for="${box.id}"]`)!.textContent).toBe('Feedback for the agent');
  key(box, 'Escape');
  await flush();
  expect(host.querySelector('textarea')).toBeNull();
  expect(document.activeElement).toBe(button('Reject…'));
  expect(choices).toEqual([]);

  button('Reject…').click();
  await flush();
  const again = host.querySelector('textarea')!;
  again.value = '  Keep the build folder; clean only dist.  ';
  again.dispatchEvent(new InputEvent('input', { bubbles: true }));
  button('Reject with feedback').click();
  expect(choices).toEqual([
    { kind: 'reject', feedback: 'Keep the build folder; clean only dist.' },
  ]);
});

test('a diff without both texts shows the unified diff; a URL and plain arguments show as they are', async () => {
  const diff = '--- a.py\n+++ a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n';
  const first = show({ toolName: 'edit_file', view: { kind: 'diff', diff, path: 'a.py' } });
  await flush();
  const lines = [...first.host.querySelectorAll('[aria-label="Unified diff"] .diff-line')];
  expect(lines.map((l) => [l.className.split(' ')[1], l.textContent])).toEqual([
    ['diff-meta', '--- a.py\n'],
    ['diff-meta', '+++ a.py\n'],
    ['diff-hunk', '@@ -1 +1 @@\n'],
    ['diff-del', '-x = 1\n'],
    ['diff-add', '+x = 2\n'],
  ]);
  dispose?.();
  const second = show({
    toolName: 'fetch_url',
    view: { kind: 'url', url: 'https://example.com/' },
  });
  expect(second.host.querySelector('[aria-label="Address to fetch"]')!.textContent).toBe(
    'https://example.com/',
  );
  dispose?.();
  const third = show({
    view: { kind: 'arguments' },
    toolName: 'delete_path',
    argumentsText: '{"path":"old.py"}',
    problem: 'old.py does not exist',
  });
  expect(third.host.querySelector('[aria-label="Arguments"]')!.textContent).toBe('path: old.py');
  expect(third.host.querySelector('[role="note"]')!.textContent).toContain('old.py does not exist');
});
