import { startLoopbackListener } from '../fixtures/loopback-listener.mjs';
import { ChatPanel } from './support/chat-panel';
import { expect, test } from './support/fixtures';

// The page's network is an allow-list the service worker enforces: Cove's own files, the
// configured providers, MCP servers and package index, and what the person just asked for.
// A request of the page to anything else, as confused code might make, never leaves.

// Invariant 16: code Cove runs cannot reach keys, storage or other hosts.
test('a request of the page to a host nobody configured is refused and logged; the provider works', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  const listener = await startLoopbackListener();
  try {
    await cove.serviceWorkerControls();
    const chat = new ChatPanel(cove);
    await chat.connect(provider);

    await cove.openSettings();
    const network = cove.settings.getByRole('region', { name: 'Network' });
    await expect(network.getByRole('status')).toHaveText('Enforced in this tab.');
    const hosts = network.getByRole('list', { name: 'Hosts Cove may reach' });
    await expect(hosts).toContainText(new URL(provider.baseURL).origin);
    await expect(hosts).toContainText('Provider Fake');
    await expect(hosts).toContainText("Python's package index");
    await expect(hosts).not.toContainText(listener.url.replace(/\/$/, ''));
    await cove.page.getByRole('button', { name: 'Close settings' }).click();

    // What confused code of the page might do: fetch, a no-cors fetch, an image, a beacon.
    const outcome = await cove.page.evaluate(async (url) => {
      const results: string[] = [];
      for (const [name, attempt] of [
        ['fetch', () => fetch(`${url}fetch?key=sk-1`)],
        ['no-cors', () => fetch(`${url}no-cors`, { mode: 'no-cors' })],
        [
          'image',
          () =>
            new Promise((resolve, reject) => {
              const image = new Image();
              image.onload = resolve;
              image.onerror = reject;
              image.src = `${url}image.png`;
            }),
        ],
      ] as const) {
        try {
          await attempt();
          results.push(`${name}: reached`);
        } catch {
          results.push(`${name}: refused`);
        }
      }
      return results;
    }, listener.url);
    expect(outcome).toEqual(['fetch: refused', 'no-cors: refused', 'image: refused']);
    expect(listener.hits).toEqual([]);

    // Logged, without the query (a URL can carry data out).
    await cove.page.getByRole('button', { name: 'Logs', exact: true }).click();
    const logs = cove.page.getByRole('dialog', { name: 'Logs' });
    await expect(logs).toContainText(`Cove refused a request to ${listener.url}fetch`);
    await expect(logs).not.toContainText('sk-1');
    await cove.page.keyboard.press('Escape');

    // The configured provider is reachable as before.
    provider.script({ content: 'Still here.' });
    await chat.ask('Are you there?');
    await expect(chat.replies.last()).toContainText('Still here.');
    expect(listener.hits).toEqual([]);
  } finally {
    await listener.close();
  }
});
