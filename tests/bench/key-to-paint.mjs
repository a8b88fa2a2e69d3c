// Key to paint, as the editor and render benches measure it: from a keydown's timestamp
// (when the browser received the key) to the message task after the first frame in which
// the editor's document changed. Headless Chromium draws at 60 Hz, so even an idle page
// waits up to one frame interval (16.7 ms) for its next frame.

/**
 * In the page (serialised by Playwright): records key to paint of every key that changes
 * the editor's document into `globalThis.__keyToPaint`.
 */
export function recordKeyToPaint() {
  const content = document.querySelector('.cm-content');
  const samples = [];
  let pending = [];
  addEventListener('keydown', (event) => pending.push(event.timeStamp), true);
  new MutationObserver(() => {
    if (!pending.length) return;
    const keys = pending;
    pending = [];
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const now = performance.now();
        for (const at of keys) samples.push(now - at);
      };
      channel.port2.postMessage(null);
    });
  }).observe(content, { subtree: true, childList: true, characterData: true });
  globalThis.__keyToPaint = samples;
}

/** The key-to-paint times recorded in `page`, once at least `keys` of them are in. */
export async function keyToPaintSamples(page, keys, timeout = 120_000) {
  await page.waitForFunction((n) => globalThis.__keyToPaint.length >= n, keys, { timeout });
  return page.evaluate(() => globalThis.__keyToPaint);
}

/** The `p` quantile (0–1) of `values`, nearest rank. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}
