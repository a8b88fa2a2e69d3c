// Finds a Chromium for tests and benchmarks: CHROMIUM_PATH, then Debian's /usr/bin/chromium,
// then a browser Playwright downloaded itself. Never downloads anything.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** @returns {{ path: string, source: string }} */
export function findChromium() {
  const candidates = [
    [process.env.CHROMIUM_PATH, 'CHROMIUM_PATH'],
    ['/usr/bin/chromium', 'Debian chromium'],
    ['/usr/bin/chromium-browser', 'chromium-browser'],
  ];
  for (const [path, source] of candidates) if (path && existsSync(path)) return { path, source };
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return { path: own, source: "Playwright's browser" };
  } catch {
    // Playwright has no browser of its own installed.
  }
  throw new Error(
    'No Chromium found: install one (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

/** Flags for headless Chromium on machines with a closed network and no GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
