import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/** Set by scripts/run-e2e.mjs, which finds the browser (see scripts/find-chromium.mjs). */
const executablePath = process.env.CHROMIUM_PATH;

export const PORTS = { app: 4173, subpath: 4174, git: 4175 };

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // One browser per two cores: each runs Cove's page, its Python sandbox (a process of its
  // own, booting Pyodide) and a spare interpreter. Two browsers on two cores kept the load
  // at 10–18 and made Python's start take 30 s; tests then raced the machine, not Cove.
  workers: Math.max(1, Math.floor(availableParallelism() / 2)),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORTS.app}/`,
    // Cove speaks the browser's language; the specs find controls by their English names.
    // tests/e2e/i18n.spec.ts sets its own.
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: `node tests/fixtures/static-server.mjs dist --port ${PORTS.app}`,
      url: `http://localhost:${PORTS.app}/`,
      reuseExistingServer: false,
    },
    {
      command: `node tests/fixtures/static-server.mjs dist-subpath --prefix /cove/ --port ${PORTS.subpath}`,
      url: `http://localhost:${PORTS.subpath}/cove/`,
      reuseExistingServer: false,
    },
    {
      // Bare repositories the git specs make in .git-fixtures/, over git's smart HTTP.
      command: `node tests/fixtures/git-http-server.mjs --root .git-fixtures --port ${PORTS.git}`,
      url: `http://localhost:${PORTS.git}/`,
      reuseExistingServer: false,
    },
  ],
});
