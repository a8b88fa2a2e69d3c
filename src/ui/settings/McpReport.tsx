import { For, Show } from 'solid-js';
import type { McpServerReport } from '../../mcp/mcp-connection';
import { useI18n } from '../common/i18n';

/** The current MCP transport, by its name in the specification (never translated). */
const STREAMABLE_HTTP = 'Streamable HTTP';

/**
 * What Test found on an MCP server: its name and version, the protocol revision and
 * transport, and its tools, resources and prompts. Descriptions are the server's own words,
 * shown as such (they also go to the model as data, never as Cove's instructions).
 */
export function McpReport(props: { report: McpServerReport }) {
  const { t, formats } = useI18n();
  const r = () => props.report;
  return (
    <div class="mcp-report" role="region" aria-label={t('mcpSettings.report.label')}>
      <p class="mcp-report-head">
        {t('mcpSettings.report.connectedTo')} <strong>{r().serverName}</strong>
        {r().serverVersion ? ` ${r().serverVersion}` : ''} ·{' '}
        {t('mcpSettings.report.protocol', r().protocolVersion ?? t('mcpSettings.report.unknown'))} ·{' '}
        {r().transport === 'sse' ? t('mcpSettings.report.sse') : STREAMABLE_HTTP} ·{' '}
        {t('mcpSettings.report.ms', formats().number(Math.round(r().elapsedMs)))}
      </p>
      <details open>
        <summary>{t('mcpSettings.report.tools', formats(), r().tools.length)}</summary>
        <p class="form-note">{t('mcpSettings.report.descriptions')}</p>
        <ul class="mcp-report-list" aria-label={t('mcpSettings.report.toolList')}>
          <For each={r().tools}>
            {(tool) => (
              <li>
                <code>{tool.name}</code>
                <Show when={tool.annotations?.readOnlyHint}>
                  <span class="mcp-badge">{t('mcpSettings.report.readOnly')}</span>
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
        <summary>{t('mcpSettings.report.resources', formats(), r().resources.length)}</summary>
        <ul class="mcp-report-list" aria-label={t('mcpSettings.report.resourceList')}>
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
        <summary>{t('mcpSettings.report.prompts', formats(), r().prompts.length)}</summary>
        <ul class="mcp-report-list" aria-label={t('mcpSettings.report.promptList')}>
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
