// Streaming a long reply: a 20,000-token Markdown answer from the fake provider, as fast as
// it can send it. Compares the time until Cove shows it fully rendered with the time the
// raw stream takes to arrive in the same page, finds the longest stretch the main thread
// was busy while streaming, and the delay from the first content byte to its first paint;
// then types into the editor while such a reply floods in (key to paint, measured as
// editor.bench.mjs does). A short reply comes first, so that the renderer has loaded (as
// for every reply but a page's first): the figures are of streaming, not of loading.
import { startFakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { keyToPaintSamples, percentile, recordKeyToPaint } from './key-to-paint.mjs';

/** A realistic long answer: headings, prose, lists, code, math, a table; about 20k tokens. */
export function longAnswer(targetTokens) {
  const sections = [];
  let tokens = 0;
  for (let i = 1; tokens < targetTokens; i++) {
    const section = [
      `## Step ${i}: refine the parser`,
      `The tokenizer reads the input once and keeps **positions** for error messages; step ${i} adds \`lookahead\` so that nested expressions like \`f(g(x), y)\` parse without backtracking. This keeps the cost linear in the input size.`,
      `- keep the grammar small\n- test every rule\n- measure before optimising`,
      '```python\ndef parse(tokens, pos=0):\n    node, pos = parse_term(tokens, pos)\n    while pos < len(tokens) and tokens[pos] in "+-":\n        op = tokens[pos]\n        right, pos = parse_term(tokens, pos + 1)\n        node = (op, node, right)\n    return node, pos\n```',
      `The cost is $O(n)$ for $n$ tokens, and the depth is bounded by $d \\le \\log_2 n$ for balanced input.`,
      `| rule | cases |\n|---|---|\n| term | ${i} |\n| expr | ${i * 2} |`,
    ].join('\n\n');
    sections.push(section);
    tokens += Math.ceil(section.length / 4);
  }
  return sections.join('\n\n');
}

/** Counts content bytes as they reach the page, by teeing the chat response. */
const INSTRUMENT = () => {
  const original = window.fetch;
  window.__bench = { firstContentAt: undefined };
  window.fetch = async (...args) => {
    const response = await original(...args);
    const url = String(args[0] instanceof Request ? args[0].url : args[0]);
    if (!url.includes('/chat/completions') || !response.body) return response;
    const [mine, theirs] = response.body.tee();
    (async () => {
      const reader = mine.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (
          window.__bench.firstContentAt === undefined &&
          /"content":"[^"]/.test(decoder.decode(value, { stream: true }))
        ) {
          window.__bench.firstContentAt = performance.now();
        }
      }
    })();
    return new Response(theirs, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
};

async function addProvider(page, baseURL) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Add provider' }).click();
  const form = page.getByRole('dialog', { name: 'Add provider' });
  await form.getByLabel('Preset').selectOption({ label: 'Custom (OpenAI-compatible)' });
  await form.getByLabel('Name', { exact: true }).fill('Bench');
  await form.getByLabel('Base URL').fill(baseURL);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('group', { name: 'Bench', exact: true }).getByText('Connected').waitFor();
  await page.getByRole('button', { name: 'Close settings' }).click();
}

/** Reads the scripted stream to its end in the page: the time the raw stream takes. */
function rawStream(page, baseURL) {
  return page.evaluate(async (base) => {
    const started = performance.now();
    const response = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'bench-model',
        stream: true,
        messages: [{ role: 'user', content: 'x' }],
      }),
    });
    const reader = response.body.getReader();
    while (!(await reader.read()).done);
    return performance.now() - started;
  }, baseURL);
}

/** Sends a short message and waits for its reply: the Markdown renderer is loaded after it. */
async function warmUp(page, fake) {
  fake.script({ content: 'Ready: *one* `two` $x^2$.' });
  await page.locator('#chat-input').fill('Are you there?');
  await page.locator('form.composer').evaluate((form) => form.requestSubmit());
  await page
    .locator('article[aria-label="Assistant reply"][aria-busy="false"] footer')
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'New conversation' }).click();
}

/** Types into main.py while a long reply streams in; returns the key-to-paint times. */
async function typingDuringStream(page, answer) {
  await page.getByRole('treeitem', { name: 'main.py', exact: true }).click();
  await page.getByRole('textbox', { name: 'Editor: main.py' }).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.evaluate(recordKeyToPaint);
  let streaming = true;
  const reply = coveStream(page, answer).finally(() => (streaming = false));
  let typed = 0;
  // At least one line, then on until the reply is drawn.
  while (streaming || typed < 20) {
    const line = 'total = total + 1\n';
    await page.keyboard.type(line, { delay: 5 });
    typed += line.length;
  }
  await reply;
  return keyToPaintSamples(page, typed);
}

/** Sends a message through Cove's composer and measures until the reply is fully rendered. */
async function coveStream(page, answer) {
  await page.evaluate(() => (window.__bench.firstContentAt = undefined));
  const result = await page.evaluate(async () => {
    const input = document.querySelector('#chat-input');
    input.value = 'Write a long answer';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    let maxGap = 0;
    let last = performance.now();
    let probing = true;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
      if (probing) channel.port2.postMessage(0);
    };
    channel.port2.postMessage(0);
    let firstPaintAt;
    const list = document.querySelector('[aria-label="Messages"]');
    const started = performance.now();
    const done = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const replies = list.querySelectorAll('article[aria-label="Assistant reply"]');
        const reply = replies[replies.length - 1];
        if (!reply) return;
        if (firstPaintAt === undefined && reply.querySelector('.markdown')?.textContent) {
          firstPaintAt = -1;
          requestAnimationFrame(() => (firstPaintAt = performance.now()));
        }
        if (reply.getAttribute('aria-busy') === 'false' && reply.querySelector('footer')) {
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now()));
        }
      });
      observer.observe(list, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
      });
    });
    document.querySelector('form.composer').requestSubmit();
    const finished = await done;
    probing = false;
    return {
      total: finished - started,
      maxGap,
      firstPaintAt,
      firstContentAt: window.__bench.firstContentAt,
    };
  });
  const text = await page
    .locator('article[aria-label="Assistant reply"] .markdown')
    .last()
    .evaluate((el) => el.textContent ?? '');
  if (!text.includes('Step 1: refine the parser') || text.length < answer.length / 3) {
    throw new Error(
      `The reply did not render completely (${text.length} of ${answer.length} characters)`,
    );
  }
  return result;
}

/**
 * @param {{ browser: import('@playwright/test').Browser, url: string, runs: number, median: (xs: number[]) => number }} bench
 */
export async function run({ browser, url, runs, median }) {
  const fake = await startFakeOpenAIServer();
  fake.configure({ models: [{ id: 'bench-model', object: 'model', owned_by: 'bench' }] });
  const answer = longAnswer(20_000);
  // As fast as the fake server can send (~100k tokens/s here), and at a fast model's pace.
  const flood = { content: answer, chunkSize: 4 };
  const paced = { content: answer, chunkSize: 8, delayMs: 1 };
  const m = {
    raw: [],
    cove: [],
    ratio: [],
    longest: [],
    first: [],
    pacedRatio: [],
    pacedLongest: [],
    typing: [],
  };
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(INSTRUMENT);
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      await addProvider(page, fake.baseURL);
      await warmUp(page, fake);

      fake.script(flood);
      const raw = await rawStream(page, fake.baseURL);
      fake.script(flood);
      const cove = await coveStream(page, answer);
      m.raw.push(raw);
      m.cove.push(cove.total);
      m.ratio.push(cove.total / raw);
      m.longest.push(cove.maxGap);
      m.first.push(cove.firstPaintAt - cove.firstContentAt);

      await page.getByRole('button', { name: 'New conversation' }).click();
      fake.script(paced);
      const pacedRaw = await rawStream(page, fake.baseURL);
      fake.script(paced);
      const pacedCove = await coveStream(page, answer);
      m.pacedRatio.push(pacedCove.total / pacedRaw);
      m.pacedLongest.push(pacedCove.maxGap);

      await page.getByRole('button', { name: 'New conversation' }).click();
      fake.script(flood);
      m.typing.push(percentile(await typingDuringStream(page, answer), 0.95));
      await context.close();
    }
  } finally {
    await fake.close();
  }
  return {
    'render.stream_20k_raw_ms': median(m.raw),
    'render.stream_20k_cove_ms': median(m.cove),
    'render.stream_20k_ratio': median(m.ratio),
    'render.longest_task_ms': median(m.longest),
    'render.first_token_ms': median(m.first),
    'render.stream_20k_paced_ratio': median(m.pacedRatio),
    'render.paced_longest_task_ms': median(m.pacedLongest),
    'render.typing_latency_p95_ms': median(m.typing),
  };
}
