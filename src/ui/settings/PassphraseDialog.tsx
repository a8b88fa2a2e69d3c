import { createSignal, createUniqueId, Show } from 'solid-js';
import { describeError } from '../../base/errors';
import { passphraseProblem } from '../../base/passphrase-box';
import { FieldError, FormDialog } from './FormDialog';

/**
 * What a passphrase dialog is for. `choose`: a new passphrase, typed twice, that will
 * encrypt keys in a file. `enter`: the passphrase a file's keys were encrypted with.
 */
export interface PassphraseRequest {
  mode: 'choose' | 'enter';
  title: string;
  message: string;
  confirmLabel: string;
  /** A way on without the keys (e.g. "Restore without keys"); absent: only Cancel. */
  skipLabel?: string;
  /** Uses the passphrase; throws to keep the dialog open with the error (e.g. a wrong one). */
  submit: (passphrase: string) => Promise<void>;
  /** Goes on without the keys; the dialog closes first. */
  skip?: () => void;
}

/**
 * Asks for a passphrase for keys in a backup or provider export. The passphrase stays in
 * this dialog and the call it is given to; it is never stored.
 */
export function PassphraseDialog(props: { request: PassphraseRequest; onClose: () => void }) {
  const ids = { first: createUniqueId(), second: createUniqueId(), error: createUniqueId() };
  const [first, setFirst] = createSignal('');
  const [second, setSecond] = createSignal('');
  const [error, setError] = createSignal<string>();
  const [busy, setBusy] = createSignal(false);
  const choosing = () => props.request.mode === 'choose';

  const submit = async () => {
    if (busy()) return;
    if (choosing()) {
      const problem = passphraseProblem(first());
      if (problem) return setError(problem);
      if (first() !== second()) return setError('The two passphrases differ; type the same twice.');
    } else if (!first()) {
      return setError('Type the passphrase.');
    }
    setBusy(true);
    setError(undefined);
    try {
      await props.request.submit(first());
      props.onClose();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  const field = (id: string, label: string, value: () => string, set: (v: string) => void) => (
    <div class="form-field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="password"
        value={value()}
        autocomplete={choosing() ? 'new-password' : 'current-password'}
        spellcheck={false}
        data-1p-ignore=""
        data-lpignore="true"
        aria-invalid={error() ? 'true' : undefined}
        aria-describedby={error() ? ids.error : undefined}
        onInput={(event) => {
          set(event.currentTarget.value);
          setError(undefined);
        }}
      />
    </div>
  );

  return (
    <FormDialog
      title={props.request.title}
      class="passphrase-form"
      onClose={props.onClose}
      onSubmit={() => void submit()}
    >
      <p>{props.request.message}</p>
      {field(ids.first, 'Passphrase', first, setFirst)}
      <Show when={choosing()}>{field(ids.second, 'Repeat the passphrase', second, setSecond)}</Show>
      <FieldError id={ids.error} text={error()} />
      <div class="modal-actions">
        <button type="button" class="button" onClick={props.onClose}>
          Cancel
        </button>
        <Show when={props.request.skipLabel}>
          {(label) => (
            <button
              type="button"
              class="button"
              disabled={busy()}
              onClick={() => {
                props.onClose();
                props.request.skip?.();
              }}
            >
              {label()}
            </button>
          )}
        </Show>
        <button type="submit" class="button primary" disabled={busy()}>
          {busy() ? 'Working…' : props.request.confirmLabel}
        </button>
      </div>
    </FormDialog>
  );
}
