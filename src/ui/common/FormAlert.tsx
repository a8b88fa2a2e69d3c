import { Show } from 'solid-js';

/** A form's error, read out when it appears (role alert); nothing while there is none. */
export function FormAlert(props: { message: string | undefined }) {
  return (
    <Show when={props.message}>
      <p class="field-error" role="alert">
        {props.message}
      </p>
    </Show>
  );
}
