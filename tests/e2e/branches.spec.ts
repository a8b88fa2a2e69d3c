import { ChatPanel } from './support/chat-panel';
import { expect, test } from './support/fixtures';

test('regenerating an earlier reply keeps the later question and answer on a branch, also after a reload', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  await chat.connect(provider);
  provider.script({ content: 'First answer.' }, { content: 'Second answer.' });
  await chat.ask('First question');
  await chat.ask('Second question');
  await expect(chat.replies).toHaveCount(2);

  provider.script({ content: 'Another first answer.' });
  const first = chat.replies.first();
  await first.getByRole('button', { name: 'Regenerate reply' }).click();
  await chat.idle();
  await expect(chat.replies).toHaveText([/Another first answer\./]);
  await expect(chat.questions).toHaveText([/^First question/]);
  await expect(chat.branches(chat.replies.first())).toContainText('2 / 2');
  // The new branch has nowhere further to go; the old one is one step back.
  await expect(
    chat.branches(chat.replies.first()).getByRole('button', { name: 'Next branch' }),
  ).toBeDisabled();

  await chat.switchBranch(chat.replies.first(), 'Previous');
  await expect(chat.questions).toHaveText([/^First question/, /^Second question/]);
  await expect(chat.replies).toHaveText([/First answer\./, /Second answer\./]);
  await expect(chat.branches(chat.replies.first())).toContainText('1 / 2');

  // The branch chosen is stored: a reload shows it, and the other is still there.
  await cove.reload();
  await expect(chat.questions).toHaveText([/^First question/, /^Second question/]);
  await expect(chat.replies).toHaveText([/First answer\./, /Second answer\./]);
  await chat.switchBranch(chat.replies.first(), 'Next');
  await expect(chat.replies).toHaveText([/Another first answer\./]);
  await cove.reload();
  await expect(chat.replies).toHaveText([/Another first answer\./]);
  await chat.switchBranch(chat.replies.first(), 'Previous');
  await expect(chat.replies).toHaveText([/First answer\./, /Second answer\./]);
  // Nothing was asked again to get there: three replies, three requests.
  expect(provider.chatRequests()).toHaveLength(3);
});

test('editing a question sends it as a new branch; Cancel keeps everything; both branches stay', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  await chat.connect(provider);
  await chat.ask('What is 2 + 2?');
  await chat.ask('And times three?');
  await expect(chat.replies.last()).toContainText('Echo: And times three?');

  // Cancel changes nothing.
  await chat.edit(chat.questions.last(), 'Something else entirely', 'Cancel');
  await expect(chat.questions).toHaveText([/^What is 2 \+ 2\?/, /^And times three\?/]);
  expect(provider.chatRequests()).toHaveLength(2);

  await chat.edit(chat.questions.last(), 'And times four?');
  await chat.idle();
  await expect(chat.questions).toHaveText([/^What is 2 \+ 2\?/, /^And times four\?/]);
  await expect(chat.replies.last()).toContainText('Echo: And times four?');
  await expect(chat.branches(chat.questions.last())).toContainText('2 / 2');
  // The model got the edited question after the history before it, not the old one.
  const body = provider.chatRequests().at(-1)!.body as {
    messages: { role: string; content: string }[];
  };
  expect(body.messages.slice(1).map((m) => m.content)).toEqual([
    'What is 2 + 2?',
    'Echo: What is 2 + 2?',
    'And times four?',
  ]);

  await chat.switchBranch(chat.questions.last(), 'Previous');
  await expect(chat.questions).toHaveText([/^What is 2 \+ 2\?/, /^And times three\?/]);
  await expect(chat.replies.last()).toContainText('Echo: And times three?');
  await expect(chat.branches(chat.questions.last())).toContainText('1 / 2');
  await chat.switchBranch(chat.questions.last(), 'Next');
  await expect(chat.replies.last()).toContainText('Echo: And times four?');
});

// Invariant 2: no reply is left streaming after a fault; what was shown is kept.
test('a reply cut off by a reload while it reasons says it was interrupted, never "Thinking…"', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  await chat.connect(provider);
  provider.script({
    reasoning: 'step '.repeat(600),
    content: 'never reached',
    chunkSize: 5,
    delayMs: 40,
  });
  await chat.messageBox.fill('Think hard');
  await chat.messageBox.press('Enter');
  const reply = chat.replies.last();
  await expect(reply.getByText('Thinking…')).toBeVisible();
  // Wait until some of the reasoning is stored, then go away mid-stream.
  await expect
    .poll(() =>
      cove.page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('cove');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              const all = db.transaction('nodes').objectStore('nodes').getAll();
              all.onsuccess = () => {
                db.close();
                const nodes = all.result as { role: string; reasoning?: string }[];
                resolve(
                  Math.max(
                    0,
                    ...nodes.map((n) => (n.role === 'assistant' ? (n.reasoning ?? '').length : 0)),
                  ),
                );
              };
            };
          }),
      ),
    )
    .toBeGreaterThan(0);
  await cove.reload();
  const after = chat.replies.last();
  await expect(after.getByText('This reply was interrupted')).toBeVisible();
  await expect(after).not.toContainText('Thinking…');
  // What it had thought so far is kept and can be read.
  await after.getByText('Reasoning', { exact: true }).click();
  await expect(after).toContainText('step step step');
  await expect(after).not.toHaveAttribute('aria-busy', 'true');
});

test('Debug with AI on a nested traceback sends the innermost function and shows the traceback as code', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  const chat = new ChatPanel(cove);
  await chat.connect(provider);
  await cove.writePython(
    'nested.py',
    [
      'def inner(values):',
      '    total = sum(values)',
      '    return total / len(values)',
      '',
      '',
      'def outer():',
      '    print("outer starts")',
      '    return inner([])',
      '',
      '',
      'outer()',
    ].join('\n'),
  );
  await cove.runButton('nested.py').click();
  await expect(cove.runStatus).toHaveText(/with ZeroDivisionError\.$/, { timeout: 90_000 });
  provider.script({ content: 'Check for an empty list before dividing.' });
  await cove.page.getByRole('button', { name: 'Debug with AI' }).click();
  await expect(chat.replies.last()).toContainText('Check for an empty list before dividing.');

  const body = provider.chatRequests().at(-1)!.body as {
    messages: { role: string; content: string }[];
  };
  const system = body.messages[0]!.content;
  expect(system).toContain('the function `inner`');
  expect(system).toContain('total = sum(values)');
  expect(system).not.toContain('print("outer starts")');
  expect(body.messages.at(-1)!.content).toContain('line 3, in inner');

  // The person's message shows the traceback as a code block, not raw fences.
  const question = chat.questions.last();
  await expect(question).toContainText('ZeroDivisionError');
  await expect(question).not.toContainText('```');
  await expect(question.getByRole('button', { name: 'Copy text code' })).toBeVisible();
  await expect(question.locator('pre code')).toContainText('in inner');
});

test('starting a new conversation keeps the old one; deleting asks first', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  await chat.connect(provider);
  await chat.ask('Keep me');
  const sessions = cove.page.getByRole('combobox', { name: 'Conversation' });
  await expect(cove.page.getByRole('button', { name: 'Clear conversation' })).toHaveCount(0);
  await cove.page.getByRole('button', { name: 'New conversation' }).click();
  await expect(chat.replies).toHaveCount(0);
  await sessions.selectOption({ label: 'Keep me' });
  await expect(chat.replies.last()).toContainText('Echo: Keep me');

  await cove.page.getByRole('button', { name: 'Delete conversation' }).click();
  await expect(cove.dialog).toContainText('Undo');
  await cove.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(chat.replies.last()).toContainText('Echo: Keep me');
  await cove.page.getByRole('button', { name: 'Delete conversation' }).click();
  await cove.dialog.getByRole('button', { name: 'Delete conversation' }).click();
  await expect(sessions.locator('option', { hasText: 'Keep me' })).toHaveCount(0);
});
