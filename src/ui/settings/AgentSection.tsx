import { createResource, createSignal, createUniqueId, For, Show } from 'solid-js';
import type { AgentToolSummary } from '../../app/agent-toolbox';
import type { AppServices } from '../../app/services';
import {
  MAX_STEPS_RANGE,
  TOOL_RESULT_CAP_RANGE,
  type AgentSettings,
  type AgentSettingsErrorCode,
} from '../../agent/agent-settings';
import type { ToolApprovalOverride } from '../../agent/approval-policy';
import type { ToolApprovalKind } from '../../tools/tool';
import { createFieldErrors } from '../common/field-errors';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enSectionsUi } from '../../app/messages/en-settings-sections-ui';
import { useI18n } from '../common/i18n';

addEnglishArea('sections', enSectionsUi);

type Field = 'resultCap' | 'maxSteps' | 'form';

const FIELD_OF_CODE = {
  'agent-result-cap': 'resultCap',
  'agent-max-steps': 'maxSteps',
} as const satisfies Record<AgentSettingsErrorCode, Field>;

type Choice = ToolApprovalOverride | 'mode';

/**
 * Settings → Agent: per-tool approval (which wins over a session's mode), how much of a
 * tool's result the model reads, how many turns a run takes before it asks to go on, and
 * whether fetch_url may reach this computer and private networks.
 */
export function AgentSection(props: { services: AppServices }) {
  const { agentSettings, chat, notices } = props.services;
  const { t, formats } = useI18n();
  const number = (n: number) => formats().number(n);
  /** What a tool without an override does, by kind, in words a person can check. */
  const kindLabel = (kind: ToolApprovalKind) => t(`sections.agent.kinds.${kind}`);
  const ids = { cap: createUniqueId(), steps: createUniqueId(), error: createUniqueId() };
  const current = () => agentSettings.settings();
  const [overrides, setOverrides] = createSignal({ ...current().toolOverrides });
  const [cap, setCap] = createSignal(String(current().toolResultCap));
  const [steps, setSteps] = createSignal(String(current().maxSteps));
  const [privateNetwork, setPrivateNetwork] = createSignal(current().allowPrivateNetwork);
  const errors = createFieldErrors<Field>({
    fieldOfCode: FIELD_OF_CODE,
    formField: 'form',
    messageId: ids.error,
  });
  const [tools] = createResource(() => chat.agent.loadCatalog(), { initialValue: [] });

  const choose = (tool: AgentToolSummary, choice: Choice) =>
    setOverrides((all) => {
      const next = { ...all };
      if (choice === 'mode') delete next[tool.name];
      else next[tool.name] = choice;
      return next;
    });

  /** An empty field means the default; anything else must be a number (checked on save). */
  const numberOf = (text: string, fallback: number) =>
    text.trim() === '' ? fallback : Number(text.trim().replaceAll(',', ''));

  const save = async (event: Event) => {
    event.preventDefault();
    errors.clear();
    const next: AgentSettings = {
      toolOverrides: overrides(),
      toolResultCap: numberOf(cap(), 10_000),
      maxSteps: numberOf(steps(), 50),
      allowPrivateNetwork: privateNetwork(),
    };
    try {
      await agentSettings.save(next);
      setCap(String(agentSettings.settings().toolResultCap));
      setSteps(String(agentSettings.settings().maxSteps));
      notices.show({ kind: 'success', text: t('sections.agent.saved') });
    } catch (failure) {
      errors.show(failure);
    }
  };

  return (
    <section aria-labelledby="settings-agent">
      <h3 id="settings-agent">{t('sections.agent.heading')}</h3>
      <form class="agent-settings" onSubmit={(event) => void save(event)}>
        <fieldset class="agent-tool-approvals">
          <legend>{t('sections.agent.approvals')}</legend>
          <p class="field-help">{t('sections.agent.approvalsHelp')}</p>
          <For each={tools()}>
            {(tool) => {
              const id = createUniqueId();
              return (
                <div class="agent-tool-row">
                  <label for={id}>
                    <code>{tool.name}</code>
                    <span class="field-help">{kindLabel(tool.approval)}</span>
                  </label>
                  <Show
                    when={tool.approval !== 'read'}
                    fallback={
                      <select id={id} disabled>
                        <option>{t('sections.agent.neverAsks')}</option>
                      </select>
                    }
                  >
                    <select
                      id={id}
                      value={overrides()[tool.name] ?? 'mode'}
                      onChange={(e) => choose(tool, e.currentTarget.value as Choice)}
                    >
                      <option value="mode">{t('sections.agent.sessionMode')}</option>
                      <option value="ask">{t('sections.agent.alwaysAsk')}</option>
                      <option value="allow">{t('sections.agent.neverAsk')}</option>
                    </select>
                  </Show>
                </div>
              );
            }}
          </For>
        </fieldset>
        <label for={ids.cap}>{t('sections.agent.resultCap')}</label>
        <input
          id={ids.cap}
          ref={(el) => (errors.fields.resultCap = el)}
          inputMode="numeric"
          value={cap()}
          aria-invalid={errors.invalid('resultCap')}
          aria-describedby={errors.describedBy('resultCap')}
          onInput={(e) => setCap(e.currentTarget.value)}
        />
        <p class="field-help">
          {t(
            'sections.agent.resultCapHelp',
            number(TOOL_RESULT_CAP_RANGE.min),
            number(TOOL_RESULT_CAP_RANGE.max),
            number(10_000),
          )}
        </p>
        <label for={ids.steps}>{t('sections.agent.steps')}</label>
        <input
          id={ids.steps}
          ref={(el) => (errors.fields.maxSteps = el)}
          inputMode="numeric"
          value={steps()}
          aria-invalid={errors.invalid('maxSteps')}
          aria-describedby={errors.describedBy('maxSteps')}
          onInput={(e) => setSteps(e.currentTarget.value)}
        />
        <p class="field-help">
          {t(
            'sections.agent.stepsHelp',
            number(MAX_STEPS_RANGE.min),
            number(MAX_STEPS_RANGE.max),
            number(50),
          )}
        </p>
        <label class="choice">
          <input
            type="checkbox"
            checked={privateNetwork()}
            onChange={(e) => setPrivateNetwork(e.currentTarget.checked)}
          />
          <span>{t('sections.agent.privateNetwork')}</span>
        </label>
        <Show when={privateNetwork()}>
          <p class="field-warning" role="note">
            {t('sections.agent.privateWarning')}
          </p>
        </Show>
        <Show
          when={
            errors.errorFor('form') ?? errors.errorFor('resultCap') ?? errors.errorFor('maxSteps')
          }
        >
          {(text) => (
            <p class="field-error" id={ids.error} role="alert">
              {text()}
            </p>
          )}
        </Show>
        <div class="settings-actions">
          <button type="submit" class="button">
            {t('sections.agent.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
