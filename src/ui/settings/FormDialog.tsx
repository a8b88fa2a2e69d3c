import { createUniqueId, Show, type JSX } from 'solid-js';

/**
 * A modal form above the settings dialog (add or edit a provider, edit a model). The native
 * <dialog> gives focus trapping, Escape and an inert page; Escape and Cancel call `onClose`.
 */
export function FormDialog(props: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  children: JSX.Element;
  class?: string;
}) {
  const titleId = createUniqueId();
  return (
    <dialog
      ref={(dialog) =>
        queueMicrotask(() => dialog.isConnected && !dialog.open && dialog.showModal())
      }
      class={`modal settings-form ${props.class ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      <h2 id={titleId}>{props.title}</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        {props.children}
      </form>
    </dialog>
  );
}

/** A field's error (what is wrong and what to do), announced when it appears. */
export function FieldError(props: { id: string; text: string | undefined }) {
  return (
    <Show when={props.text}>
      <p class="field-error" id={props.id} role="alert">
        {props.text}
      </p>
    </Show>
  );
}
