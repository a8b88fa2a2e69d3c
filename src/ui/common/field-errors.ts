import { createSignal } from 'solid-js';
import { CoveError } from '../../base/errors';
import { errorText } from '../../app/messages/describe-error';

/**
 * The one error a form shows at a time, tied to the field it is about: the field is marked
 * invalid, points at the message with aria-describedby, and takes focus. Errors whose code
 * names no field belong to `form`.
 */
export function createFieldErrors<Field extends string>(options: {
  /** Which field a CoveError code is about. */
  fieldOfCode: Readonly<Record<string, Field>>;
  /** The field for everything else (the form as a whole). */
  formField: Field;
  /** The id of the element that shows the message. */
  messageId: string;
}) {
  const [error, setError] = createSignal<{ field: Field; text: string }>();
  /** Inputs to focus when their field is in error; set with ref. */
  const fields: Partial<Record<Field, HTMLElement>> = {};
  const isAbout = (field: Field) => error()?.field === field;
  return {
    fields,
    clear: () => setError(undefined),
    /** The message when `field` is in error. */
    errorFor: (field: Field) => (isAbout(field) ? error()!.text : undefined),
    /** aria-invalid for `field`. */
    invalid: (field: Field) => (isAbout(field) ? ('true' as const) : undefined),
    /** aria-describedby for `field`: its own descriptions, then the message when in error. */
    describedBy: (field: Field, ...more: string[]) =>
      [...more, ...(isAbout(field) ? [options.messageId] : [])].join(' ') || undefined,
    /** Shows a failure at the field its error code is about, or at the form. */
    show(failure: unknown) {
      const target =
        (failure instanceof CoveError ? options.fieldOfCode[failure.code] : undefined) ??
        options.formField;
      setError({ field: target, text: errorText(failure) });
      queueMicrotask(() => fields[target]?.focus());
    },
  };
}
