import { createSignal, For, Match, onMount, Show, Switch } from 'solid-js';
import type { PendingElicitation } from '../../app/mcp-elicitations';
import type { ElicitationAnswer } from '../../mcp/elicitation';
import {
  checkElicitation,
  initialValues,
  type ElicitationField,
  type ElicitationProblem,
  type ElicitationValue,
  type ElicitationValues,
} from '../../mcp/elicitation-form';
import './elicitation.css';

/** What a problem with a value says to the person. */
function problemText(problem: ElicitationProblem): string {
  switch (problem.code) {
    case 'required':
      return 'This is required.';
    case 'not-a-number':
      return 'Enter a number.';
    case 'not-an-integer':
      return 'Enter a whole number.';
    case 'below-minimum':
      return `Enter ${problem.limit} or more.`;
    case 'above-maximum':
      return `Enter ${problem.limit} or less.`;
    case 'too-short':
      return `Enter at least ${problem.limit} characters.`;
    case 'too-long':
      return `Enter at most ${problem.limit} characters.`;
    case 'too-few':
      return `Choose at least ${problem.limit}.`;
    case 'too-many':
      return `Choose at most ${problem.limit}.`;
    case 'not-an-email':
      return 'Enter an email address, such as name@example.com.';
    case 'not-a-uri':
      return 'Enter a full address, such as https://example.com.';
    case 'not-a-date':
      return 'Enter a date as YYYY-MM-DD.';
    case 'not-a-date-time':
      return 'Enter a date and time such as 2026-12-07T14:30:00Z.';
    case 'not-an-option':
      return 'Choose one of the options.';
  }
}

const hostOf = (url: string) => new URL(url).host;

/**
 * A server's request for input during a call, in the conversation: the server's message
 * (as text, never as markup: it is the server's, not Cove's), then its form or the page it
 * asks the person to open. Send answers with what was entered (after checking it), Decline
 * says no, Cancel dismisses; nothing goes back without one of the three.
 */
export function ElicitationPanel(props: {
  pending: PendingElicitation;
  onAnswer: (answer: ElicitationAnswer) => void;
}) {
  const { request } = props.pending;
  const fields = request.mode === 'form' ? request.fields : [];
  const [values, setValues] = createSignal<ElicitationValues>(initialValues(fields));
  const [problems, setProblems] = createSignal<ElicitationProblem[]>([]);
  const headingId = `elicitation-${props.pending.id}`;
  let panel!: HTMLElement;
  onMount(() => panel.focus({ preventScroll: false }));

  const set = (name: string, value: ElicitationValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setProblems((list) => list.filter((problem) => problem.field !== name));
  };
  const declineOrCancel = () => (
    <>
      <button type="button" class="button" onClick={() => props.onAnswer({ action: 'decline' })}>
        Decline
      </button>
      <button type="button" class="button" onClick={() => props.onAnswer({ action: 'cancel' })}>
        Cancel
      </button>
    </>
  );
  const problemOf = (name: string) => problems().find((problem) => problem.field === name);

  const send = (event: Event) => {
    event.preventDefault();
    const checked = checkElicitation(fields, values());
    if ('problems' in checked) {
      setProblems(checked.problems);
      panel.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    props.onAnswer({ action: 'accept', content: checked.content });
  };

  return (
    <section class="elicitation-panel" ref={panel} tabindex="-1" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {request.mode === 'form'
          ? `${request.serverName} asks for information`
          : `${request.serverName} asks you to open a page`}
      </h3>
      <p class="elicitation-message">{request.message}</p>
      <Switch>
        <Match when={request.mode === 'url' && request}>
          {(asked) => (
            <>
              <p class="elicitation-hint">
                The page is on <strong>{hostOf(asked().url)}</strong>. Open it, do what it asks,
                then come back and choose Done.
              </p>
              <div class="elicitation-actions">
                <a
                  class="button primary"
                  href={asked().url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Open {hostOf(asked().url)}
                </a>
                <button
                  type="button"
                  class="button"
                  onClick={() => props.onAnswer({ action: 'accept' })}
                >
                  Done
                </button>
                {declineOrCancel()}
              </div>
            </>
          )}
        </Match>
        <Match when={request.mode === 'form'}>
          <form class="elicitation-form" noValidate onSubmit={send}>
            <p class="elicitation-hint">
              What you send goes to {request.serverName}, not to the model.
            </p>
            <For each={fields}>
              {(field) => (
                <FieldInput
                  field={field}
                  idPrefix={headingId}
                  value={values()[field.name]}
                  problem={problemOf(field.name)}
                  onChange={(value) => set(field.name, value)}
                />
              )}
            </For>
            <div class="elicitation-actions">
              <button type="submit" class="button primary">
                Send
              </button>
              {declineOrCancel()}
            </div>
          </form>
        </Match>
      </Switch>
    </section>
  );
}

const INPUT_TYPES = { email: 'email', uri: 'url', date: 'date', 'date-time': 'text' } as const;

/** One field of the form, labelled, with its description and its problem under it. */
function FieldInput(props: {
  field: ElicitationField;
  idPrefix: string;
  value: ElicitationValue | undefined;
  problem: ElicitationProblem | undefined;
  onChange: (value: ElicitationValue) => void;
}) {
  const field = props.field;
  const id = `${props.idPrefix}-${field.name}`;
  const described = () =>
    [field.description ? `${id}-about` : '', props.problem ? `${id}-problem` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const label = `${field.label}${field.required ? ' (required)' : ''}`;
  const after = (
    <>
      <Show when={field.description}>
        <span class="elicitation-about" id={`${id}-about`}>
          {field.description}
        </span>
      </Show>
      <Show when={props.problem}>
        {(problem) => (
          <span class="elicitation-problem" id={`${id}-problem`}>
            {problemText(problem())}
          </span>
        )}
      </Show>
    </>
  );
  const text = () => (typeof props.value === 'string' ? props.value : '');
  return (
    <Switch>
      <Match when={field.kind === 'boolean'}>
        <div class="elicitation-field">
          <label class="elicitation-check">
            <input
              type="checkbox"
              checked={props.value === true}
              aria-describedby={described()}
              onChange={(event) => props.onChange(event.currentTarget.checked)}
            />
            {label}
          </label>
          {after}
        </div>
      </Match>
      <Match when={field.kind === 'choices' && field}>
        {(choices) => (
          <fieldset
            class="elicitation-field"
            aria-describedby={described()}
            aria-invalid={props.problem ? 'true' : undefined}
          >
            <legend>{label}</legend>
            <For each={choices().options}>
              {(option) => (
                <label class="elicitation-check">
                  <input
                    type="checkbox"
                    checked={Array.isArray(props.value) && props.value.includes(option.value)}
                    onChange={(event) => {
                      const chosen = Array.isArray(props.value) ? props.value : [];
                      props.onChange(
                        event.currentTarget.checked
                          ? [...chosen, option.value]
                          : chosen.filter((value) => value !== option.value),
                      );
                    }}
                  />
                  {option.label}
                </label>
              )}
            </For>
            {after}
          </fieldset>
        )}
      </Match>
      <Match when={field.kind === 'choice' && field}>
        {(choice) => (
          <div class="elicitation-field">
            <label for={id}>{label}</label>
            <select
              id={id}
              value={text()}
              aria-describedby={described()}
              aria-invalid={props.problem ? 'true' : undefined}
              onChange={(event) => props.onChange(event.currentTarget.value)}
            >
              <Show when={!choice().required || !choice().default}>
                <option value="">Choose…</option>
              </Show>
              <For each={choice().options}>
                {(option) => <option value={option.value}>{option.label}</option>}
              </For>
            </select>
            {after}
          </div>
        )}
      </Match>
      <Match when={field.kind === 'text' || field.kind === 'number'}>
        <div class="elicitation-field">
          <label for={id}>{label}</label>
          <input
            id={id}
            type={
              field.kind === 'number'
                ? 'text'
                : field.kind === 'text' && field.format
                  ? INPUT_TYPES[field.format]
                  : 'text'
            }
            inputMode={
              field.kind === 'number' ? (field.integer ? 'numeric' : 'decimal') : undefined
            }
            placeholder={
              field.kind === 'text' && field.format === 'date-time' ? '2026-12-07T14:30:00Z' : ''
            }
            value={text()}
            aria-describedby={described()}
            aria-invalid={props.problem ? 'true' : undefined}
            onInput={(event) => props.onChange(event.currentTarget.value)}
          />
          {after}
        </div>
      </Match>
    </Switch>
  );
}
