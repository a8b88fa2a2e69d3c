import type { AppServices } from '../../app/services';

/** The assistant panel. Chat and the agent arrive with their own issues; until then it says so. */
export function ChatPanel(_props: { services: AppServices }) {
  return (
    <div class="placeholder-panel">
      <h2 class="panel-title">Assistant</h2>
      <p>Chat with your own model endpoint about the open file will appear here.</p>
    </div>
  );
}
