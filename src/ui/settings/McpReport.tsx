import { For, Show } from 'solid-js';
import type { McpServerReport } from '../../mcp/mcp-connection';

/**
 * What Test found on an MCP server: its name and version, the protocol revision and
 * transport, and its tools, resources and prompts. Descriptions are the server's own words,
 * shown as such (they also go to the model as data, never as Cove's instructions).
 */
export function McpReport(props: { report: McpServerReport }) {
  const r = () => props.report;
  return (
    <div class="mcp-report" role="region" aria-label="Test result">
      <p class="mcp-report-head">
        Connected to <strong>{r().serverName}</strong>
        {r().serverVersion ? ` ${r().serverVersion}` : ''} · protocol{' '}
        {r().protocolVersion ?? 'unknown'} · {transportLabel(r().transport)} ·{' '}
        {Math.round(r().elapsedMs)} ms
      </p>
      <details open>
        <summary>
          {r().tools.length} {r().tools.length === 1 ? 'tool' : 'tools'}
        </summary>
        <p class="form-note">Descriptions as the server gives them:</p>
        <ul class="mcp-report-list" aria-label="Tools">
          <For each={r().tools}>
            {(tool) => (
              <li>
                <code>{tool.name}</code>
                <Show when={tool.annotations?.readOnlyHint}>
                  <span class="mcp-badge">read-only hint</span>
                </Show>
                <Show when={tool.description}>
                  <q class="mcp-server-words">{tool.description}</q>
                </Show>
              </li>
            )}
          </For>
        </ul>
      </details>
      <details>
        <summary>
          {r().resources.length} {r().resources.length === 1 ? 'resource' : 'resources'}
        </summary>
        <ul class="mcp-report-list" aria-label="Resources">
          <For each={r().resources}>
            {(resource) => (
              <li>
                <code>{resource.name}</code> <span class="mono">{resource.uri}</span>
              </li>
            )}
          </For>
        </ul>
      </details>
      <details>
        <summary>
          {r().prompts.length} {r().prompts.length === 1 ? 'prompt' : 'prompts'}
        </summary>
        <ul class="mcp-report-list" aria-label="Prompts">
          <For each={r().prompts}>
            {(prompt) => (
              <li>
                <code>{prompt.name}</code>
                <Show when={prompt.description}>
                  <q class="mcp-server-words">{prompt.description}</q>
                </Show>
              </li>
            )}
          </For>
        </ul>
      </details>
    </div>
  );
}

function transportLabel(kind: McpServerReport['transport']): string {
  return kind === 'sse' ? 'HTTP+SSE (older transport)' : 'Streamable HTTP';
}
