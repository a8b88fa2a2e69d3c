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
import { enMcpRequestsUi } from '../../app/messages/en-mcp-requests-ui';
import { addEnglishArea } from '../../app/messages/english-areas';
import { useI18n } from '../common/i18n';
import './elicitation.css';

addEnglishArea('mcpRequests', enMcpRequestsUi);

type Translate = ReturnType<typeof useI18n>['t'];

/** What a problem with a value says to the person. */
function problemText(problem: ElicitationProblem, t: Translate, number: (n: number) => string) {
  const limit = () => number('limit' in problem ? problem.limit : 0);
  switch (problem.code) {
    case 'required':
      return t('mcpRequests.problems.required');
    case 'not-a-number':
      return t('mcpRequests.problems.notANumber');
    case 'not-an-integer':
      return t('mcpRequests.problems.notAnInteger');
    case 'below-minimum':
      return t('mcpRequests.problems.belowMinimum', limit());
    case 'above-maximum':
      return t('mcpRequests.problems.aboveMaximum', limit());
    case 'too-short':
      return t('mcpRequests.problems.tooShort', limit());
    case 'too-long':
      return t('mcpRequests.problems.tooLong', limit());
    case 'too-few':
      return t('mcpRequests.problems.tooFew', limit());
    case 'too-many':
      return t('mcpRequests.problems.tooMany', limit());
    case 'not-an-email':
      return t('mcpRequests.problems.notAnEmail');
    case 'not-a-uri':
      return t('mcpRequests.problems.notAUri');
    case 'not-a-date':
      return t('mcpRequests.problems.notADate');
    case 'not-a-date-time':
      return t('mcpRequests.problems.notADateTime');
    case 'not-an-option':
      return t('mcpRequests.problems.notAnOption');
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
  const { t } = useI18n();
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
        {t('mcpRequests.decline')}
      </button>
      <button type="button" class="button" onClick={() => props.onAnswer({ action: 'cancel' })}>
        {t('mcpRequests.cancel')}
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
          ? t('mcpRequests.asksForInformation', request.serverName)
          : t('mcpRequests.asksToOpen', request.serverName)}
      </h3>
      <p class="elicitation-message">{request.message}</p>
      <Switch>
        <Match when={request.mode === 'url' && request}>
          {(asked) => (
            <>
              <p class="elicitation-hint">
                {t('mcpRequests.pageOn')}
                <strong>{hostOf(asked().url)}</strong>
                {t('mcpRequests.pageHint')}
              </p>
              <div class="elicitation-actions">
                <a
                  class="button primary"
                  href={asked().url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('mcpRequests.open', hostOf(asked().url))}
                </a>
                <button
                  type="button"
                  class="button"
                  onClick={() => props.onAnswer({ action: 'accept' })}
                >
                  {t('mcpRequests.done')}
                </button>
                {declineOrCancel()}
              </div>
            </>
          )}
        </Match>
        <Match when={request.mode === 'form'}>
          <form class="elicitation-form" noValidate onSubmit={send}>
            <p class="elicitation-hint">{t('mcpRequests.goesTo', request.serverName)}</p>
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
                {t('mcpRequests.send')}
              </button>
              {declineOrCancel()}
            </div>
          </form>
        </Match>
      </Switch>
    </section>
  );
}

/** A date-time as a server expects it (ISO 8601): the same in every language. */
const DATE_TIME_EXAMPLE = '2026-12-07T14:30:00Z';

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
  const { t, formats } = useI18n();
  const id = `${props.idPrefix}-${field.name}`;
  const described = () =>
    [field.description ? `${id}-about` : '', props.problem ? `${id}-problem` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const label = field.required ? t('mcpRequests.required', field.label) : field.label;
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
            {problemText(problem(), t, formats().number)}
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
                <option value="">{t('mcpRequests.choose')}</option>
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
              field.kind === 'text' && field.format === 'date-time' ? DATE_TIME_EXAMPLE : ''
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
