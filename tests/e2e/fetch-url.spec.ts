import { createServer, type Server } from 'node:http';
import { startLoopbackListener } from '../fixtures/loopback-listener.mjs';
import { freePort } from '../unit/mcp/everything-server';
import { AgentPanel } from './support/agent-panel';
import { expect, test } from './support/fixtures';
import { toolResult } from './support/tool-results';

/**
 * fetch_url in the browser: no request reaches a host the policy refuses, neither by a
 * spelling of the URL (`localhost.`) nor through a redirect. The "public" site is a name
 * Cove classifies as public that Chromium resolves to 127.0.0.1 (--host-resolver-rules),
 * so the page at localhost can reach it; it redirects to a TCP listener that records every
 * connection.
 */
const PUBLIC_NAME = 'redirect.cove.test';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP ${PUBLIC_NAME} 127.0.0.1`,
    ],
  },
});

let listener: Awaited<ReturnType<typeof startLoopbackListener>>;
let redirector: { server: Server; url: string };

test.beforeAll(async () => {
  listener = await startLoopbackListener();
  const port = await freePort();
  // Answers CORS like a public site that allows pages to read it, and redirects everything
  // to the loopback listener.
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(302, {
      location: `http://127.0.0.1:${listener.port}/secret`,
      'access-control-allow-origin': '*',
    });
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  redirector = { server, url: `http://${PUBLIC_NAME}:${port}/go` };
});

test.afterAll(async () => {
  await listener?.close();
  redirector?.server.closeAllConnections();
  await new Promise((resolve) => redirector?.server.close(resolve));
});

test('fetch_url refuses localhost. and a redirect to this computer without sending them a byte; with private networks allowed it follows', async ({
  cove,
  provider,
}) => {
  const agent = new AgentPanel(cove);
  await agent.connect(provider);
  await agent.switchToAgent();
  await agent.policy.selectOption('auto');

  provider.script(
    {
      toolCalls: [
        {
          id: 'call_dot',
          name: 'fetch_url',
          arguments: { url: `http://localhost.:${listener.port}/` },
        },
        { id: 'call_redirect', name: 'fetch_url', arguments: { url: redirector.url } },
      ],
    },
    { content: 'Both were refused.' },
  );
  await agent.send('Read those two pages');
  await expect(agent.chat.replies.last()).toContainText('Both were refused.');
  await agent.idle();

  expect(toolResult(provider, 'call_dot')).toContain(
    'localhost. is on this computer (loopback); fetch_url does not reach this computer or private networks',
  );
  // Chromium answered the manual fetch with an opaque redirect: where it leads stays hidden,
  // so it is refused and the model is told what to do.
  const redirected = toolResult(provider, 'call_redirect');
  expect(redirected).toContain(`${redirector.url} redirects to another address`);
  expect(redirected).toContain('fetch that address directly');
  await expect(await agent.expand(agent.chip('fetch_url', 1))).toContainText(
    'redirects to another address',
  );
  expect(listener.hits).toEqual([]);

  // The person allows private networks: the same URL is followed to the listener.
  await cove.openSettings();
  const settings = cove.settings.getByRole('region', { name: 'Agent' });
  await settings.scrollIntoViewIfNeeded();
  await settings
    .getByRole('checkbox', { name: /reach this computer and private networks/ })
    .check();
  await settings.getByRole('button', { name: 'Save agent settings' }).click();
  await expect(cove.notices).toContainText('Agent settings saved.');
  await cove.page.getByRole('button', { name: 'Close settings' }).click();

  provider.script(
    { toolCalls: [{ id: 'call_allowed', name: 'fetch_url', arguments: { url: redirector.url } }] },
    { content: 'It was read.' },
  );
  await agent.send('Read it again');
  await expect(agent.chat.replies.last()).toContainText('It was read.');
  expect(toolResult(provider, 'call_allowed')).toContain('reached');
  expect(listener.hits).toContain('GET /secret HTTP/1.1');
});
