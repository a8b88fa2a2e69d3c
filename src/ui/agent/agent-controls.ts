import type { AgentControls } from '../../app/agent-views';
import type { AppServices } from '../../app/services';

/**
 * The agent controls of the app, when the app offers them. One place that knows where they
 * live, so the panels do not each guess.
 */
export function agentControls(services: AppServices): AgentControls | undefined {
  return (services as AppServices & { agent?: AgentControls }).agent;
}
