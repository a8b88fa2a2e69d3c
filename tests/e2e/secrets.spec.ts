import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { AgentPanel } from './support/agent-panel';
import { expect, test } from './support/fixtures';
import { startTokenEchoServer } from './support/mcp-servers';
import { McpSettings } from './support/mcp-settings';
import { SessionsPanel } from './support/sessions-panel';
import { TracesPanel } from './support/traces-panel';

/**
 * Secrets a server echoes back are kept nowhere: a provider's error that quotes the key and
 * the MCP token, and an MCP tool's error that quotes its token, are redacted in what Cove
 * shows (live and after a reload), in what the model is sent, in the trace, in both
 * session exports and in the backup.
 */
const KEY = 'sk-e2e-echoed-4c1f7a9b2d6e8035';
const TOKEN = 'mcp-e2e-token-9f83b2c1d4a7e650';
const SECRETS = new RegExp(`${KEY}|${TOKEN}|${KEY.slice(4, 16)}|${TOKEN.slice(4, 16)}`);

let mcpServer: Awaited<ReturnType<typeof startTokenEchoServer>>;

test.beforeAll(async () => {
  mcpServer = await startTokenEchoServer();
});

test.afterAll(async () => {
  await mcpServer?.stop();
});

// Invariant 8: an API key goes only to its own origin, in the auth header.
test('an echoed provider key and MCP token are nowhere: screen after reload, trace, exports, backup', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  provider.configure({
    apiKey: KEY,
    models: [{ id: 'chat-model', object: 'model', owned_by: 'fake' }],
  });
  await cove.openSettings();
  await cove.addProvider({ name: 'Fake', baseURL: provider.baseURL, apiKey: KEY });
  await new McpSettings(cove).add({
    name: 'tokens',
    url: mcpServer.url,
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  await cove.page.getByRole('button', { name: 'Close settings' }).click();

  const agent = new AgentPanel(cove);
  await expect(cove.page.getByRole('combobox', { name: 'Model' })).toHaveValue(/\/chat-model$/);
  await agent.switchToAgent();
  await agent.policy.selectOption('auto');
  provider.script(
    { toolCalls: [{ id: 'call_who', name: 'mcp_tokens_whoami', arguments: {} }] },
    {
      status: 400,
      errorBody: {
        error: {
          message: `Tool output rejected: it quoted ${TOKEN}; the key ${KEY} is fine.`,
          type: 'invalid_request_error',
        },
      },
    },
  );
  await agent.send('Who am I on the token server?');
  await expect(agent.chip('mcp_tokens_whoami')).toHaveAccessibleName(/failed/);
  await expect(agent.chat.replies.last()).toContainText('Tool output rejected');
  await agent.idle();
  // The MCP server's echo never reached the model's provider either, nor the screen.
  expect(JSON.stringify(provider.chatRequests().map((r) => r.body))).not.toMatch(SECRETS);
  await agent.expand(agent.chip('mcp_tokens_whoami'));
  expect(await cove.page.evaluate(() => document.body.textContent ?? '')).not.toMatch(SECRETS);

  await cove.reload();
  await expect(agent.chat.replies.last()).toContainText('Tool output rejected');
  const details = await agent.expand(agent.chip('mcp_tokens_whoami'));
  await expect(details).toContainText('may not call whoami');
  await expect(details).toContainText('[redacted]');
  const reply = agent.chat.replies.last();
  for (const toggle of await reply.getByRole('button', { name: /details/i }).all()) {
    await toggle.click();
  }
  const screen = await cove.page.evaluate(() => document.body.textContent ?? '');
  expect(screen).toContain('[redacted]');
  expect(screen).not.toMatch(SECRETS);

  const traces = new TracesPanel(cove);
  await traces.open();
  await traces.openRun(0);
  await expect(traces.steps).toHaveCount(3);
  expect(await traces.dialog.textContent()).not.toMatch(SECRETS);
  const trace = await traces.downloadJson(
    traces.dialog.getByRole('button', { name: 'Export JSON' }),
  );
  expect(JSON.stringify(trace.json)).toContain('may not call whoami');
  expect(JSON.stringify(trace.json)).not.toMatch(SECRETS);
  await traces.close(traces.dialog);

  const sessions = new SessionsPanel(cove);
  const json = await sessions.exportFile('Who am I on the token server?', 'Export as JSON');
  expect(json.text).toContain('Tool output rejected');
  expect(json.text).not.toMatch(SECRETS);
  const markdown = await sessions.exportFile('Who am I on the token server?', 'Export as Markdown');
  expect(markdown.text).toContain('Who am I on the token server?');
  expect(markdown.text).not.toMatch(SECRETS);
  await sessions.close();

  await cove.openSettings();
  const download = cove.page.waitForEvent('download');
  await cove.page.getByRole('button', { name: 'Download backup' }).click();
  const entries = unzipSync(new Uint8Array(await readFile((await (await download).path())!)));
  const backup = Object.values(entries)
    .map((bytes) => strFromU8(bytes))
    .join('\n');
  expect(backup).toContain('may not call whoami');
  expect(backup).not.toMatch(SECRETS);
});
