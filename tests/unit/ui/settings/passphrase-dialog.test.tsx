// @vitest-environment jsdom
import { render } from 'solid-js/web';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { CoveError } from '../../../../src/base/errors';
import {
  KEYS_OPENING,
  PassphraseDialog,
  type PassphraseRequest,
} from '../../../../src/ui/settings/PassphraseDialog';
import { waitUntil } from '../../support/wait-until';

beforeAll(() => {
  // jsdom has <dialog> without its methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

afterEach(() => {
  document.body.innerHTML = '';
});

/** A request whose work goes on until the test ends it. */
function pendingRequest() {
  let finish!: () => void;
  let fail!: (error: unknown) => void;
  let step!: (text: string) => void;
  const request: PassphraseRequest = {
    mode: 'enter',
    title: 'Passphrase for the API keys',
    message: 'The keys are encrypted.',
    confirmLabel: 'Restore',
    skipLabel: 'Restore without keys',
    working: KEYS_OPENING,
    submit: (_passphrase, report) =>
      new Promise<void>((resolve, reject) => {
        step = report;
        finish = resolve;
        fail = reject;
      }),
  };
  return {
    request,
    finish: () => finish(),
    fail: (e: unknown) => fail(e),
    step: (t: string) => step(t),
  };
}

function mount(request: PassphraseRequest) {
  const onClose = vi.fn();
  const host = document.createElement('div');
  document.body.append(host);
  const dispose = render(() => <PassphraseDialog request={request} onClose={onClose} />, host);
  const input = host.querySelector<HTMLInputElement>('input[type="password"]')!;
  const button = (name: string) =>
    [...host.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
  const status = () => host.querySelector('[role="status"]')!;
  const submit = (passphrase: string) => {
    input.value = passphrase;
    input.dispatchEvent(new InputEvent('input', { bubbles: true }));
    host
      .querySelector('form')!
      .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  };
  return { host, input, button, status, submit, onClose, dispose };
}

test('while the passphrase is worked on, the dialog says what it does and waits', async () => {
  const work = pendingRequest();
  const dialog = mount(work.request);
  expect(dialog.status().textContent).toBe('');
  dialog.submit('a passphrase to remember');

  expect(dialog.status().textContent).toContain('Opening the keys with the passphrase');
  expect(dialog.status().querySelector('progress')).not.toBeNull();
  expect(dialog.input.disabled).toBe(true);
  expect(dialog.button('Restore').disabled).toBe(true);
  expect(dialog.button('Cancel').disabled).toBe(true);
  expect(dialog.button('Restore without keys').disabled).toBe(true);
  // Escape does not close it while the work goes on.
  dialog.host.querySelector('dialog')!.dispatchEvent(new Event('cancel', { cancelable: true }));
  expect(dialog.onClose).not.toHaveBeenCalled();

  work.step('Restoring the backup…');
  expect(dialog.status().textContent).toBe('Restoring the backup…');
  work.finish();
  await waitUntil(() => expect(dialog.onClose).toHaveBeenCalledOnce());
  dialog.dispose();
});

test('a wrong passphrase ends the work, says so and hands the field back', async () => {
  const work = pendingRequest();
  const dialog = mount(work.request);
  dialog.submit('not the passphrase');
  work.fail(
    new CoveError('wrong-passphrase', 'That passphrase does not open the keys.', 'Try again.'),
  );
  await waitUntil(() =>
    expect(dialog.host.querySelector('[role="alert"]')?.textContent).toContain(
      'That passphrase does not open the keys.',
    ),
  );
  expect(dialog.status().textContent).toBe('');
  expect(dialog.input.disabled).toBe(false);
  expect(dialog.button('Restore').disabled).toBe(false);
  await waitUntil(() => expect(document.activeElement).toBe(dialog.input));
  expect(dialog.onClose).not.toHaveBeenCalled();
  dialog.dispose();
});
