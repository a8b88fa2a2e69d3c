import { createSignal, For, onMount, Show } from 'solid-js';
import type { McpResourceTemplate } from '../../mcp/resource-templates';
import { useI18n } from '../common/i18n';

/**
 * A resource template's variables as a form inside the composer's MCP menu: the person
 * fills them in and attaches the resource they name. The URI being built is shown as it is
 * typed, so what the server will be asked for is never a surprise.
 */
export function McpTemplateForm(props: {
  serverName: string;
  template: McpResourceTemplate;
  busy: boolean;
  /** Builds the URI for the preview; undefined while a required value is missing. */
  preview: (values: Record<string, string>) => string | undefined;
  onAttach: (values: Record<string, string>) => void;
  onBack: () => void;
}) {
  const { t } = useI18n();
  const [values, setValues] = createSignal<Record<string, string>>({});
  const title = () => props.template.title ?? props.template.name;
  let first: HTMLInputElement | undefined;
  onMount(() => first?.focus());

  return (
    <form
      class="mcp-template-form"
      aria-label={t('mcpTemplate.attachTitle', title())}
      onSubmit={(event) => {
        event.preventDefault();
        props.onAttach(values());
      }}
    >
      <h4>
        {props.serverName}: {title()}
      </h4>
      <Show when={props.template.description}>
        <p class="mcp-template-description">{props.template.description}</p>
      </Show>
      <For each={props.template.variables}>
        {(variable, index) => (
          <label>
            <span>
              {variable.name}
              <Show when={!variable.required}>{t('mcpTemplate.optional')}</Show>
            </span>
            <input
              ref={(element) => {
                if (index() === 0) first = element;
              }}
              name={variable.name}
              required={variable.required}
              autocomplete="off"
              value={values()[variable.name] ?? ''}
              onInput={(event) =>
                setValues((all) => ({ ...all, [variable.name]: event.currentTarget.value }))
              }
            />
          </label>
        )}
      </For>
      <p class="mcp-template-uri" aria-label={t('mcpTemplate.address')}>
        {props.preview(values()) ?? props.template.uriTemplate}
      </p>
      <div class="mcp-template-actions">
        <button type="button" class="button" onClick={() => props.onBack()}>
          {t('mcpTemplate.back')}
        </button>
        <button type="submit" class="button primary" disabled={props.busy}>
          {t('mcpTemplate.attach')}
        </button>
      </div>
    </form>
  );
}
