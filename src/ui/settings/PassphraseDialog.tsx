import { createSignal, createUniqueId, Show } from 'solid-js';
import { errorText } from '../../app/messages/describe-error';
import { MIN_PASSPHRASE_LENGTH, passphraseProblem } from '../../base/passphrase-box';
import { FieldError, FormDialog } from './FormDialog';
import './passphrase.css';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enStorageSettingsUi } from '../../app/messages/en-settings-storage-ui';
import { useI18n } from '../common/i18n';

addEnglishArea('storageSettings', enStorageSettingsUi);

/** The slow work on keys a passphrase dialog can be doing; the dialog words it. */
export type KeysWork = 'sealing' | 'opening';
/** Keys are encrypted under a new passphrase. */
export const KEYS_SEALING: KeysWork = 'sealing';
/** A passphrase is tried on encrypted keys. */
export const KEYS_OPENING: KeysWork = 'opening';

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
  /**
   * What the dialog says while `submit` works, until `submit` reports the next step: the
   * passphrase is stretched by 600,000 rounds of PBKDF2 on purpose, which takes a while.
   */
  working: KeysWork;
  /**
   * Uses the passphrase; throws to keep the dialog open with the error (e.g. a wrong one).
   * `step` replaces the text that says what it is doing (e.g. "Restoring…" once the keys
   * are open).
   */
  submit: (passphrase: string, step: (text: string) => void) => Promise<void>;
  /** Goes on without the keys; the dialog closes first. */
  skip?: () => void;
}

/**
 * Asks for a passphrase for keys in a backup or provider export. The passphrase stays in
 * this dialog and the call it is given to; it is never stored. While the call works, the
 * dialog says what it is doing and shows a progress bar; its fields and buttons wait, and
 * Escape does not close it (the work would go on unseen).
 */
export function PassphraseDialog(props: { request: PassphraseRequest; onClose: () => void }) {
  const { t, formats } = useI18n();
  const ids = { first: createUniqueId(), second: createUniqueId(), error: createUniqueId() };
  const [first, setFirst] = createSignal('');
  const [second, setSecond] = createSignal('');
  const [error, setError] = createSignal<string>();
  /** What the submitted call is doing, while it works. */
  const [working, setWorking] = createSignal<string>();
  const busy = () => working() !== undefined;
  let passphraseInput: HTMLInputElement | undefined;
  const choosing = () => props.request.mode === 'choose';

  const submit = async () => {
    if (busy()) return;
    if (choosing()) {
      if (passphraseProblem(first())) {
        return setError(
          t('storageSettings.passphrase.tooShort', formats().number(MIN_PASSPHRASE_LENGTH)),
        );
      }
      if (first() !== second()) return setError(t('storageSettings.passphrase.differ'));
    } else if (!first()) {
      return setError(t('storageSettings.passphrase.empty'));
    }
    setWorking(t(`storageSettings.passphrase.${props.request.working}`));
    setError(undefined);
    try {
      await props.request.submit(first(), (text) => setWorking(text));
      setWorking(undefined);
      props.onClose();
    } catch (failure) {
      setWorking(undefined);
      setError(errorText(failure));
      // The fields take input again: back to the passphrase, to type it again.
      queueMicrotask(() => {
        passphraseInput?.focus();
        passphraseInput?.select();
      });
    }
  };

  const close = () => {
    if (!busy()) props.onClose();
  };

  const field = (id: string, label: string, value: () => string, set: (v: string) => void) => (
    <div class="form-field">
      <label for={id}>{label}</label>
      <input
        ref={(input) => {
          if (id === ids.first) passphraseInput = input;
        }}
        id={id}
        type="password"
        value={value()}
        autocomplete={choosing() ? 'new-password' : 'current-password'}
        disabled={busy()}
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
      onClose={close}
      onSubmit={() => void submit()}
    >
      <p>{props.request.message}</p>
      {field(ids.first, t('storageSettings.passphrase.passphrase'), first, setFirst)}
      <Show when={choosing()}>
        {field(ids.second, t('storageSettings.passphrase.repeat'), second, setSecond)}
      </Show>
      <FieldError id={ids.error} text={error()} />
      <div class="passphrase-working" role="status">
        <Show when={working()}>
          {(text) => (
            <>
              <progress aria-label={text()} />
              <span>{text()}</span>
            </>
          )}
        </Show>
      </div>
      <div class="modal-actions">
        <button type="button" class="button" disabled={busy()} onClick={close}>
          {t('storageSettings.passphrase.cancel')}
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
          {props.request.confirmLabel}
        </button>
      </div>
    </FormDialog>
  );
}
