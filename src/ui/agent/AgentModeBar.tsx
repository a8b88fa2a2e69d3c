import { For, Show } from 'solid-js';
import type { ApprovalMode } from '../../app/agent-views';

/** Session mode as the store keeps it. */
export type SessionModeChoice = 'chat' | 'agent';

const POLICIES: { value: ApprovalMode; label: string; hint: string }[] = [
  { value: 'ask', label: 'Ask first', hint: 'Every edit, script and fetch asks first' },
  {
    value: 'auto-edit',
    label: 'Auto-edit',
    hint: 'File edits run; Python, bash and network ask',
  },
  { value: 'auto', label: 'Full auto', hint: 'Nothing asks; Stop is always there' },
];

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
  const hint = () => POLICIES.find((p) => p.value === props.policy)?.hint;
  return (
    <div class="agent-mode-bar">
      <div class="mode-switch" role="radiogroup" aria-label="Mode">
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
              {mode === 'chat' ? 'Chat' : 'Agent'}
            </label>
          )}
        </For>
      </div>
      <Show when={props.mode === 'agent'}>
        <label for="approval-policy" class="visually-hidden">
          Approval
        </label>
        <select
          id="approval-policy"
          class="policy-select"
          value={props.policy}
          title={hint()}
          onChange={(event) => props.onPolicy(event.currentTarget.value as ApprovalMode)}
        >
          <For each={POLICIES}>
            {(policy) => <option value={policy.value}>{policy.label}</option>}
          </For>
        </select>
      </Show>
    </div>
  );
}
