// Renders public/icons/icon.svg into the PNG icons the web manifest needs. Run after
// changing the SVG: `node scripts/make-icons.mjs` (uses the same Chromium as the tests).
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { findChromium } from './find-chromium.mjs';

const svg = await readFile(new URL('../public/icons/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({
  executablePath: findChromium().path,
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
const render = async (size, padding, file) => {
  await page.setViewportSize({ width: size, height: size });
  const inner = size - padding * 2;
  await page.setContent(
    `<body style="margin:0;background:${padding ? '#0f766e' : 'transparent'}"><div style="padding:${padding}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`,
  );
  await page.screenshot({
    path: new URL(`../public/icons/${file}`, import.meta.url).pathname,
    omitBackground: !padding,
  });
};
await render(192, 0, 'icon-192.png');
await render(512, 0, 'icon-512.png');
// Maskable icons keep their content inside the central 80% safe zone.
await render(512, 52, 'icon-maskable-512.png');
await browser.close();
