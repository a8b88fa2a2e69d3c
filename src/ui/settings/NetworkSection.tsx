import { For, Show } from 'solid-js';
import type { AppServices } from '../../app/services';

/**
 * Settings → Network: the hosts Cove's pages may reach (src/app/network-gate-service.ts),
 * and whether this tab enforces the list.
 */
export function NetworkSection(props: { services: AppServices }) {
  const network = props.services.network;
  return (
    <section aria-labelledby="settings-network">
      <h3 id="settings-network">Network</h3>
      <p>
        Cove reaches only its own files and the hosts below. A request anywhere else is refused and
        noted in the Logs. Hosts you add as a provider or an MCP server, or as Python’s package
        index, join the list; a page the agent was allowed to read, a server you test before saving
        it and an image you click are let through once.
      </p>
      <p role="status">
        {network.enforced()
          ? 'Enforced in this tab.'
          : 'Not enforced in this tab yet: it needs Cove’s offline support, which starts after the first visit. Reload the tab to turn it on.'}
      </p>
      <Show when={network.hosts().length} fallback={<p>No other hosts yet.</p>}>
        <ul class="network-hosts" aria-label="Hosts Cove may reach">
          <For each={network.hosts()}>
            {(host) => (
              <li>
                <code>{host.origin}</code> <span class="muted">{host.reason}</span>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}
