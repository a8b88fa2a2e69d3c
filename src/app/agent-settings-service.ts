import { createSignal, type Accessor } from 'solid-js';
import {
  DEFAULT_AGENT_SETTINGS,
  readAgentSettings,
  validateAgentSettings,
  type AgentSettings,
} from '../agent/agent-settings';
import type { SettingsStore } from '../store/settings-store';

/** Where the agent's settings rest (one row for every session and workspace). */
export const AGENT_SETTINGS_KEY = 'agent.settings';

/** Settings → Agent: per-tool approval, the result limit, the step limit, private networks. */
export interface AgentSettingsService {
  readonly settings: Accessor<AgentSettings>;
  /** Reads the stored row (call at start and when another tab changed it). */
  load(): Promise<void>;
  /**
   * Checks and stores `next`; the next run (and the next approval) uses it. Throws the
   * validation's CoveError, and leaves the stored settings as they were, on bad input.
   */
  save(next: AgentSettings): Promise<void>;
}

export function createAgentSettingsService(store: SettingsStore): AgentSettingsService {
  const [settings, setSettings] = createSignal<AgentSettings>(DEFAULT_AGENT_SETTINGS);
  return {
    settings,
    async load() {
      setSettings(readAgentSettings(await store.get(AGENT_SETTINGS_KEY)));
    },
    async save(next) {
      const checked = validateAgentSettings(next);
      await store.set(AGENT_SETTINGS_KEY, checked);
      setSettings(checked);
    },
  };
}
