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

type Field = 'resultCap' | 'maxSteps' | 'form';

const FIELD_OF_CODE = {
  'agent-result-cap': 'resultCap',
  'agent-max-steps': 'maxSteps',
} as const satisfies Record<AgentSettingsErrorCode, Field>;

/** What a tool without an override does, by kind, in words a person can check. */
const KIND_LABELS: Record<ToolApprovalKind, string> = {
  read: 'reads only',
  edit: 'edits files',
  code: 'runs code',
  network: 'uses the network',
};

type Choice = ToolApprovalOverride | 'mode';

/**
 * Settings → Agent: per-tool approval (which wins over a session's mode), how much of a
 * tool's result the model reads, how many turns a run takes before it asks to go on, and
 * whether fetch_url may reach this computer and private networks.
 */
export function AgentSection(props: { services: AppServices }) {
  const { agentSettings, chat, notices } = props.services;
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
      notices.show({ kind: 'success', text: 'Agent settings saved.' });
    } catch (failure) {
      errors.show(failure);
    }
  };

  return (
    <section aria-labelledby="settings-agent">
      <h3 id="settings-agent">Agent</h3>
      <form class="agent-settings" onSubmit={(event) => void save(event)}>
        <fieldset class="agent-tool-approvals">
          <legend>Approval per tool</legend>
          <p class="field-help">
            “Session mode” follows the Ask / Auto-edit / Auto choice of each conversation. A choice
            here wins over it in every session. Tools that only read never ask.
          </p>
          <For each={tools()}>
            {(tool) => {
              const id = createUniqueId();
              return (
                <div class="agent-tool-row">
                  <label for={id}>
                    <code>{tool.name}</code>
                    <span class="field-help">{KIND_LABELS[tool.approval]}</span>
                  </label>
                  <Show
                    when={tool.approval !== 'read'}
                    fallback={
                      <select id={id} disabled>
                        <option>Never asks</option>
                      </select>
                    }
                  >
                    <select
                      id={id}
                      value={overrides()[tool.name] ?? 'mode'}
                      onChange={(e) => choose(tool, e.currentTarget.value as Choice)}
                    >
                      <option value="mode">Session mode</option>
                      <option value="ask">Always ask</option>
                      <option value="allow">Never ask</option>
                    </select>
                  </Show>
                </div>
              );
            }}
          </For>
        </fieldset>
        <label for={ids.cap}>Longest tool result the model reads (characters)</label>
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
          Longer results are cut with a note saying how much was left out and how to read the rest (
          {TOOL_RESULT_CAP_RANGE.min.toLocaleString('en')} to{' '}
          {TOOL_RESULT_CAP_RANGE.max.toLocaleString('en')}; default 10,000).
        </p>
        <label for={ids.steps}>Turns per run before it asks to go on</label>
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
          {MAX_STEPS_RANGE.min} to {MAX_STEPS_RANGE.max}; default 50. At the limit the run stops and
          offers Continue.
        </p>
        <label class="choice">
          <input
            type="checkbox"
            checked={privateNetwork()}
            onChange={(e) => setPrivateNetwork(e.currentTarget.checked)}
          />
          <span>Let fetch_url reach this computer and private networks</span>
        </label>
        <Show when={privateNetwork()}>
          <p class="field-warning" role="note">
            Warning: the agent can then read pages of local servers, routers and other devices on
            your network, and put what it reads into the conversation.
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
            Save agent settings
          </button>
        </div>
      </form>
    </section>
  );
}
