import { test as base } from '@playwright/test';
import {
  startFakeOpenAIServer,
  type FakeOpenAIServer,
} from '../../fixtures/fake-openai-server.mjs';
import { CovePage } from './cove-page';

/**
 * Playwright fixtures for Cove: `cove` is the app opened on a fresh profile; `provider` is a
 * fake OpenAI-compatible server of this test's own (its own port and script, so parallel
 * tests never share a queue).
 */
export const test = base.extend<{ cove: CovePage; provider: FakeOpenAIServer }>({
  cove: async ({ page }, use) => {
    await use(await new CovePage(page).open());
  },
  // eslint-disable-next-line no-empty-pattern
  provider: async ({}, use) => {
    const server = await startFakeOpenAIServer();
    await use(server);
    await server.close();
  },
});

export { expect } from '@playwright/test';
