import { createContext, createSignal, For, Show, useContext, type JSX } from 'solid-js';
import { errorText } from '../../app/messages/describe-error';
import { useI18n } from './i18n';

/** A question that needs a typed answer; `submit` throws to keep the dialog open with the error. */
export interface PromptRequest {
  title: string;
  label: string;
  initial?: string;
  confirmLabel: string;
  /** Selects only this many leading characters at first (e.g. the name without extension). */
  selectUntil?: number;
  submit: (value: string) => Promise<void> | void;
}

export interface ConfirmRequest {
  title: string;
  message: string;
  details?: string[];
  /** What the choice will do, shown under the message (e.g. a replace's diffs). */
  content?: () => JSX.Element;
  confirmLabel: string;
  danger?: boolean;
  /** Extra choices besides confirm and cancel (e.g. "Replace" vs "Skip existing"). */
  alternative?: { label: string; value: string };
}

export interface Dialogs {
  prompt(request: PromptRequest): Promise<boolean>;
  /** Resolves 'confirm', the alternative's value, or 'cancel'. */
  confirm(request: ConfirmRequest): Promise<string>;
}

const DialogsContext = createContext<Dialogs>();

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs needs a <DialogHost> above it');
  return dialogs;
}

type Open =
  | { kind: 'prompt'; request: PromptRequest; done: (ok: boolean) => void }
  | { kind: 'confirm'; request: ConfirmRequest; done: (value: string) => void };

/**
 * Renders one modal dialog at a time on a native <dialog> (focus trap, Escape, inert page
 * come from the browser) and provides `useDialogs()` to everything inside.
 */
export function DialogHost(props: { children: JSX.Element }) {
  const [open, setOpen] = createSignal<Open | undefined>();
  const dialogs: Dialogs = {
    prompt: (request) => new Promise((done) => setOpen({ kind: 'prompt', request, done })),
    confirm: (request) => new Promise((done) => setOpen({ kind: 'confirm', request, done })),
  };
  return (
    <DialogsContext.Provider value={dialogs}>
      {props.children}
      <Show when={open()} keyed>
        {(current) =>
          current.kind === 'prompt' ? (
            <PromptDialog
              request={current.request}
              onDone={(ok) => {
                setOpen(undefined);
                current.done(ok);
              }}
            />
          ) : (
            <ConfirmDialog
              request={current.request}
              onDone={(value) => {
                setOpen(undefined);
                current.done(value);
              }}
            />
          )
        }
      </Show>
    </DialogsContext.Provider>
  );
}

function ModalFrame(props: {
  title: string;
  onCancel: () => void;
  children: JSX.Element;
  role?: 'dialog' | 'alertdialog';
}) {
  let dialog!: HTMLDialogElement;
  const titleId = `dialog-title-${Math.random().toString(36).slice(2)}`;
  return (
    <dialog
      ref={(element) => {
        dialog = element;
        queueMicrotask(() => dialog.isConnected && !dialog.open && dialog.showModal());
      }}
      class="modal"
      role={props.role}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id={titleId}>{props.title}</h2>
      {props.children}
    </dialog>
  );
}

function PromptDialog(props: { request: PromptRequest; onDone: (ok: boolean) => void }) {
  const { t } = useI18n();
  const [value, setValue] = createSignal(props.request.initial ?? '');
  const [error, setError] = createSignal<string>();
  const [busy, setBusy] = createSignal(false);
  const inputId = `prompt-${Math.random().toString(36).slice(2)}`;
  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy()) return;
    setBusy(true);
    setError(undefined);
    try {
      await props.request.submit(value());
      props.onDone(true);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalFrame title={props.request.title} onCancel={() => props.onDone(false)}>
      <form onSubmit={submit}>
        <label for={inputId}>{props.request.label}</label>
        <input
          id={inputId}
          value={value()}
          autocomplete="off"
          spellcheck={false}
          aria-invalid={error() ? 'true' : undefined}
          aria-describedby={error() ? `${inputId}-error` : undefined}
          onInput={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
          ref={(input) =>
            queueMicrotask(() => {
              input.focus();
              input.setSelectionRange(0, props.request.selectUntil ?? input.value.length);
            })
          }
        />
        <Show when={error()}>
          <p class="field-error" id={`${inputId}-error`} role="alert">
            {error()}
          </p>
        </Show>
        <div class="modal-actions">
          <button type="button" class="button" onClick={() => props.onDone(false)}>
            {t('dialogs.cancel')}
          </button>
          <button type="submit" class="button primary" disabled={busy()}>
            {props.request.confirmLabel}
          </button>
        </div>
      </form>
    </ModalFrame>
  );
}

function ConfirmDialog(props: { request: ConfirmRequest; onDone: (value: string) => void }) {
  const { t } = useI18n();
  return (
    <ModalFrame
      title={props.request.title}
      role="alertdialog"
      onCancel={() => props.onDone('cancel')}
    >
      <p>{props.request.message}</p>
      {props.request.content?.()}
      <Show when={props.request.details?.length}>
        <ul class="modal-details">
          <For each={props.request.details}>{(line) => <li>{line}</li>}</For>
        </ul>
      </Show>
      <div class="modal-actions">
        <button
          type="button"
          class="button"
          ref={(button) => queueMicrotask(() => button.focus())}
          onClick={() => props.onDone('cancel')}
        >
          {t('dialogs.cancel')}
        </button>
        <Show when={props.request.alternative}>
          {(alternative) => (
            <button type="button" class="button" onClick={() => props.onDone(alternative().value)}>
              {alternative().label}
            </button>
          )}
        </Show>
        <button
          type="button"
          class={props.request.danger ? 'button danger' : 'button primary'}
          onClick={() => props.onDone('confirm')}
        >
          {props.request.confirmLabel}
        </button>
      </div>
    </ModalFrame>
  );
}
