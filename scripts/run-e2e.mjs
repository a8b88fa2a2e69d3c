// Runs the end-to-end tests against the production build: finds a Chromium (never downloads
// one), builds the sub-path variant the hosting test needs, then hands over to Playwright.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './find-chromium.mjs';

let chromium;
try {
  chromium = findChromium();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(`End-to-end tests use ${chromium.source}: ${chromium.path}`);

if (!existsSync('dist/index.html')) {
  console.error('No production build in dist/: run `npm run build` first (npm test does).');
  process.exit(1);
}

const run = (command, args, env = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// The same source built for a GitHub Pages project site, to prove the base path works.
run('npx', ['vite', 'build', '--logLevel', 'warn'], {
  BASE_PATH: '/cove/',
  OUT_DIR: 'dist-subpath',
});
run('npx', ['playwright', 'test', ...process.argv.slice(2)], { CHROMIUM_PATH: chromium.path });
