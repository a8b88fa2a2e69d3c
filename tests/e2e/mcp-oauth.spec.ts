import type { CovePage } from './support/cove-page';
import { expect, test } from './support/fixtures';
import { AgentPanel } from './support/agent-panel';
import { startOAuthMcpServer, type OAuthMcpServer } from './support/mcp-servers';
import { McpSettings } from './support/mcp-settings';
import { toolResult } from './support/tool-results';

/**
 * MCP OAuth sign-in end to end (issue 20): an OAuth-protected MCP server and its
 * authorization server, on two other origins, started by the test (tests/unit/mcp/
 * oauth-server.ts; its authorization page asks Allow / Deny like real ones). Sign in goes
 * through the real redirect and back through Cove's callback page.
 */

let server: OAuthMcpServer;

test.beforeAll(async () => {
  server = await startOAuthMcpServer();
});

test.afterAll(async () => {
  await server?.stop();
});

async function signedInSettings(cove: CovePage): Promise<McpSettings> {
  const settings = new McpSettings(cove);
  await expect(settings.section).toBeVisible();
  return settings;
}

test('signs in to an OAuth MCP server through the redirect, stays signed in, signs out', async ({
  cove,
  provider,
}, testInfo) => {
  test.setTimeout(120_000);
  const settings = new McpSettings(cove);
  await cove.openSettings();
  await settings.add({ name: 'secure', url: server.url });
  const entry = await settings.test('secure');
  await expect(entry.getByRole('alert')).toContainText('asks you to sign in');
  await cove.page.screenshot({ path: testInfo.outputPath('1-sign-in-needed.png') });

  await entry.getByRole('button', { name: 'Sign in to secure' }).click();
  // The authorization server's own page, in this tab.
  await expect(
    cove.page.getByRole('heading', { name: 'Sign in to the test MCP server' }),
  ).toBeVisible();
  await cove.page.getByRole('link', { name: 'Allow' }).click();

  // Back in Cove, at Settings → MCP servers: signed in and connected.
  const back = await signedInSettings(cove);
  await expect(back.server('secure')).toContainText('Signed in');
  await expect(back.server('secure')).toContainText('Connected · 1 tool');
  await expect(cove.page).toHaveURL(/\/$/);
  await cove.page.screenshot({ path: testInfo.outputPath('2-signed-in.png') });

  // An agent run calls the tool with the token.
  await cove.page.getByRole('button', { name: 'Close settings' }).click();
  const agent = new AgentPanel(cove);
  await agent.connect(provider);
  await agent.switchToAgent();
  provider.script(
    { toolCalls: [{ id: 'c_who', name: 'mcp_secure_whoami', arguments: {} }] },
    { content: 'You are test-user.' },
  );
  await agent.send('Who am I there?');
  await agent
    .approval('mcp_secure_whoami')
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await agent.idle();
  expect(toolResult(provider, 'c_who')).toContain('signed in as test-user');
  // The token never reached the model.
  expect(JSON.stringify(provider.chatRequests())).not.toMatch(/at-[0-9a-f-]{36}/);

  // After a reload the sign-in is still there.
  await cove.page.reload();
  await cove.openSettings();
  const reloaded = await signedInSettings(cove);
  await expect(reloaded.server('secure')).toContainText('Signed in');
  await expect(reloaded.report(await reloaded.test('secure'))).toContainText('whoami');

  // Sign out revokes; the next use asks again.
  await reloaded.server('secure').getByRole('button', { name: 'Sign out of secure' }).click();
  await expect(
    reloaded.server('secure').getByRole('button', { name: 'Sign in to secure' }),
  ).toBeHidden();
  await expect(reloaded.server('secure')).not.toContainText('Signed in');
  expect(server.revoked.length).toBe(2);
  const after = await reloaded.test('secure');
  await expect(after.getByRole('alert')).toContainText('asks you to sign in');
  await expect(after.getByRole('button', { name: 'Sign in to secure' })).toBeVisible();
  await cove.page.screenshot({ path: testInfo.outputPath('3-signed-out.png') });
});
