import type { AgentControls } from '../../app/agent-views';
import type { AppServices } from '../../app/services';

/**
 * The agent controls of the chat service (its `agent`), when the app offers them. One place
 * that knows where they live, so the panels do not each look for them.
 */
export function agentControls(services: AppServices): AgentControls | undefined {
  return (services.chat as { agent?: AgentControls }).agent;
}
