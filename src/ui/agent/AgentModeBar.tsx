import { For, Show } from 'solid-js';
import type { ApprovalMode } from '../../app/agent-views';
import { useI18n } from '../common/i18n';

/** Session mode as the store keeps it. */
export type SessionModeChoice = 'chat' | 'agent';

/** Each policy's words in the catalog. */
const POLICIES = [
  { value: 'ask', label: 'agentMode.ask', hint: 'agentMode.askHint' },
  { value: 'auto-edit', label: 'agentMode.autoEdit', hint: 'agentMode.autoEditHint' },
  { value: 'auto', label: 'agentMode.auto', hint: 'agentMode.autoHint' },
] as const satisfies readonly { value: ApprovalMode; label: string; hint: string }[];

/**
 * The session's Chat / Agent switch and, in agent mode, how much the agent may do without
 * asking. A segmented pair of radio buttons, so arrow keys move between the two modes.
 */
export function AgentModeBar(props: {
  mode: SessionModeChoice;
  onMode: (mode: SessionModeChoice) => void;
  policy: ApprovalMode;
  onPolicy: (mode: ApprovalMode) => void;
  /** While a reply streams the mode stays as it is. */
  disabled?: boolean;
}) {
  const { t } = useI18n();
  const hint = () => {
    const policy = POLICIES.find((p) => p.value === props.policy);
    return policy && t(policy.hint);
  };
  return (
    <div class="agent-mode-bar">
      <div class="mode-switch" role="radiogroup" aria-label={t('agentMode.mode')}>
        <For each={['chat', 'agent'] as const}>
          {(mode) => (
            <label class="mode-option" data-checked={props.mode === mode}>
              <input
                type="radio"
                name="session-mode"
                value={mode}
                checked={props.mode === mode}
                disabled={props.disabled}
                onChange={() => props.onMode(mode)}
              />
              {t(`agentMode.${mode}`)}
            </label>
          )}
        </For>
      </div>
      <Show when={props.mode === 'agent'}>
        <label for="approval-policy" class="visually-hidden">
          {t('agentMode.approval')}
        </label>
        <select
          id="approval-policy"
          class="policy-select"
          value={props.policy}
          title={hint()}
          onChange={(event) => props.onPolicy(event.currentTarget.value as ApprovalMode)}
        >
          <For each={POLICIES}>
            {(policy) => <option value={policy.value}>{t(policy.label)}</option>}
          </For>
        </select>
      </Show>
    </div>
  );
}
