import type { FakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { ChatPanel } from './support/chat-panel';
import { ContextPanel } from './support/context-panel';
import { expect, test } from './support/fixtures';

/** Usage as the provider reports it (the meter anchors on it). */
const usage = (prompt: number, completion: number) => ({
  prompt_tokens: prompt,
  completion_tokens: completion,
  total_tokens: prompt + completion,
});

/** The requests that asked for a summary, newest last. */
function summaryRequests(provider: FakeOpenAIServer) {
  return provider.chatRequests().filter((request) => {
    const body = request.body as { messages: { role: string; content: unknown }[] };
    return String(body.messages[0]?.content ?? '').includes('You compact a coding assistant');
  });
}

test('a long session compacts on its own before the window fills: marker with summary, earlier messages outside the context, meter, /compact, reload', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  const chat = new ChatPanel(cove);
  const context = new ContextPanel(cove);
  await chat.connect(provider);
  // A 4,000-token window with 400 for the reply: Cove compacts above 3,200.
  await context.setModel('chat-model', {
    contextWindow: 4000,
    maxOutput: 400,
    inputPrice: 2,
    outputPrice: 8,
  });
  await expect(context.meter).toBeVisible();

  provider.script(
    { content: 'First answer.', usage: usage(1000, 100) },
    { content: 'Second answer.', usage: usage(3300, 100) },
    {
      content:
        '## Goal\nTry compaction.\n## Decisions\nNone yet.\n## Files touched\nNone.\n## Current state\nTwo questions answered.\n## Next steps\nAnswer the third.',
    },
    { content: 'Third answer, after the summary.' },
  );
  await chat.ask('First question');
  await expect(context.meter).toHaveAttribute('aria-valuetext', /^1,1\d\d of 4,000 tokens;/);
  // Cost where prices are set: 1,000 in at $2 and 100 out at $8 per million.
  await expect(cove.page.getByLabel('Cost')).toHaveText('$0.0028');
  await chat.ask('Second question');
  // Anchored on the last real usage (3,400) plus the estimate of nothing after it: past the limit.
  await expect(context.meter).toHaveAttribute('aria-valuetext', /^3,4\d\d of 4,000 tokens;/);
  await cove.page.screenshot({ path: 'test-results/token-meter.png' });
  expect(summaryRequests(provider)).toHaveLength(0);

  await chat.ask('Third question');
  await expect(chat.replies.last()).toContainText('Third answer, after the summary.');
  await expect(context.markers).toHaveCount(1);
  const [summary] = summaryRequests(provider);
  const transcript = JSON.stringify(summary!.body);
  expect(transcript).toContain('USER: First question');
  expect(transcript).toContain('ASSISTANT: First answer.');
  // The reply after it was asked with the summary first and without the summarized turn.
  const last = provider.chatRequests().at(-1)!.body as { messages: { content: unknown }[] };
  const sent = last.messages.map((m) => String(m.content));
  expect(sent[1]).toContain('Two questions answered.');
  expect(sent.join('\n')).not.toContain('First question');
  expect(sent.at(-1)).toBe('Third question');

  // Never destructive: the first exchange is still shown, marked as outside the context.
  await expect(context.outsideMessages).toHaveCount(2);
  await expect(context.outsideMessages.first()).toContainText('First question');
  const marker = context.markers.first();
  await expect(marker).toContainText('Compacted automatically');
  await marker.getByText('Compacted automatically').click();
  await expect(marker.getByLabel('Summary')).toContainText('Two questions answered.');
  await expect(context.meter).toHaveAttribute('aria-valuetext', /^\d{2,3}(,\d{3})? of 4,000/);
  await context.outsideMessages.nth(1).scrollIntoViewIfNeeded();
  await cove.page.screenshot({ path: 'test-results/compaction-marker.png' });

  // /compact with a focus summarizes now; a failed summary would change nothing.
  provider.script({ content: '## Goal\nFocus on the third answer.' });
  await chat.messageBox.fill('/compact the third answer');
  await chat.messageBox.press('Enter');
  await expect(context.markers).toHaveCount(2);
  await expect(cove.notices).toContainText('Compacted');
  expect(JSON.stringify(summaryRequests(provider).at(-1)!.body)).toContain(
    'Focus the summary on: the third answer',
  );
  await expect(context.markers.last()).toContainText('focus: the third answer');

  await cove.reload();
  await expect(context.markers).toHaveCount(2);
  await expect(context.outsideMessages.first()).toContainText('First question');
  await expect(chat.replies.last()).toContainText('Third answer, after the summary.');
});

// Invariant 17: nothing is silently left out of what the model sees.
test('a conversation that cannot fit the model’s window is refused, saying what to change; nothing is sent', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  const context = new ContextPanel(cove);
  await chat.connect(provider);
  // 900 tokens, 400 kept for the reply: the system prompt and framing leave almost nothing.
  await context.setModel('chat-model', { contextWindow: 900, maxOutput: 400 });
  const question = 'Please review this function. '.repeat(60);
  await chat.messageBox.fill(question);
  await chat.messageBox.press('Enter');
  const reply = chat.replies.last();
  await expect(reply).toContainText('Nothing was sent.');
  await expect(reply).toContainText(/larger window|real context window/);
  // The emptied message box is small again: the refusal is in view, to its last line.
  await expect(reply.getByText(/larger window|real context window/)).toBeInViewport({ ratio: 1 });
  expect((await chat.messageBox.boundingBox())!.height).toBeLessThan(100);
  await cove.page.screenshot({ path: test.info().outputPath('context-too-small.png') });
  expect(provider.chatRequests()).toHaveLength(0);
  // The question is kept, whole, to send again with another model.
  await expect(chat.questions.last()).toHaveText(question.trim());
});
