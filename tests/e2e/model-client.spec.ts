import { ChatPanel } from './support/chat-panel';
import { expect, test } from './support/fixtures';

// The chunks come from the network here, where the test can refuse one, not from the
// service worker's cache (which page.route does not see).
test.use({ serviceWorkers: 'block' });

const CLIENT_CHUNK = '**/assets/openai-chat-client-*.js';

test('a model client that cannot load is an error in the reply, and a later try loads it', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  await chat.connect(provider);
  let refused = 0;
  await cove.page.route(CLIENT_CHUNK, (route) => {
    refused++;
    return route.abort('internetdisconnected');
  });
  await chat.ask('Hello');
  const alert = chat.replies.last().getByRole('alert');
  await expect(alert).toContainText(
    'Cove could not load the part of itself that talks to the model.',
  );
  await expect(alert).toContainText('reload the page');
  await cove.page.screenshot({ path: test.info().outputPath('client-load-failed.png') });
  expect(refused).toBeGreaterThan(0);
  expect(provider.chatRequests()).toHaveLength(0);

  // The network is back: Retry loads the client and the reply replaces the error.
  await cove.page.unroute(CLIENT_CHUNK);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(chat.replies.last()).toContainText('Echo: Hello');
  await expect(chat.replies).toHaveCount(1);
});
