import type { FakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { AgentPanel } from './support/agent-panel';
import type { CovePage } from './support/cove-page';
import { expect, test } from './support/fixtures';
import { toolResult } from './support/tool-results';

/**
 * Connects the fake provider and switches the panel to agent mode: the empty conversation
 * (its first message creates an agent session), or with `afterChat` a conversation that
 * began as a chat.
 */
async function agentSession(
  cove: CovePage,
  provider: FakeOpenAIServer,
  options: { afterChat?: boolean } = {},
): Promise<AgentPanel> {
  const agent = new AgentPanel(cove);
  await agent.connect(provider);
  if (options.afterChat) await agent.chat.ask('Hello');
  await agent.switchToAgent();
  await expect(agent.policy).toHaveValue('ask');
  return agent;
}

const BUGGY =
  'def mean(xs):\n    total = 0\n    for x in xs:\n        total += x\n    return total / len(x)\n\nprint("mean:", mean([1, 2, 3]))\n';
const FIXED = BUGGY.replace('len(x)', 'len(xs)');

test('the agent writes a buggy script, runs it, fixes it with an approved diff and answers; the file is right after a reload', async ({
  cove,
  provider,
}) => {
  test.setTimeout(180_000);
  // This conversation starts as a chat and switches to agent mode.
  const agent = await agentSession(cove, provider, { afterChat: true });
  provider.script(
    {
      reasoning: 'I will write the script first.',
      toolCalls: [
        { id: 'call_write', name: 'write_file', arguments: { path: 'stats.py', content: BUGGY } },
      ],
    },
    { toolCalls: [{ id: 'call_run1', name: 'run_python', arguments: { path: 'stats.py' } }] },
    {
      content:
        'The traceback says len(x) takes the last number, not the list: it should be len(xs).',
      toolCalls: [
        {
          id: 'call_edit',
          name: 'edit_file',
          arguments: { path: 'stats.py', edits: [{ old_text: 'len(x)', new_text: 'len(xs)' }] },
        },
      ],
    },
    { toolCalls: [{ id: 'call_run2', name: 'run_python', arguments: { path: 'stats.py' } }] },
    { content: 'Fixed: `mean` divided by `len(x)`; it now divides by `len(xs)` and prints 2.0.' },
  );
  await agent.send('Write stats.py with a mean function and run it');

  // write_file asks with the new file as a diff; the keyboard approves it.
  const write = await agent.expectFocusedRequest('write_file');
  await expect(write.getByRole('textbox', { name: 'Changes to stats.py' })).toContainText(
    'return total / len(x)',
  );
  await agent.approveWithKeyboard('write_file');

  // run_python asks too (policy "ask"), showing what it runs.
  await expect(agent.approval('run_python')).toContainText('stats.py');
  await agent.approval('run_python').getByRole('button', { name: 'Approve', exact: true }).click();
  const firstRun = agent.chip('run_python', 0);
  await expect(firstRun).toHaveAccessibleName(/^run_python, stats\.py, failed, /, {
    timeout: 60_000,
  });
  const firstDetails = await agent.expand(firstRun);
  // What it printed: the live output while it ran, and the result the model read.
  await expect(firstDetails).toContainText("TypeError: object of type 'int' has no len()");
  expect(toolResult(provider, 'call_run1') ?? '').toContain('TypeError');

  // The fix is a real diff: the old line and the new one.
  // (Focus went to the request when it appeared; the chip clicked since then took it.)
  const edit = agent.approval('edit_file');
  const diff = edit.getByRole('textbox', { name: 'Changes to stats.py' });
  await expect(diff).toContainText('len(xs)');
  await edit.getByText('Unified diff').click();
  await expect(edit.getByLabel('Unified diff')).toContainText('-    return total / len(x)');
  await expect(edit.getByLabel('Unified diff')).toContainText('+    return total / len(xs)');
  await agent.approveWithKeyboard('edit_file');

  await agent.approval('run_python').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(agent.chat.replies.last()).toContainText(
    'it now divides by len(xs) and prints 2.0',
    {
      timeout: 60_000,
    },
  );
  await agent.idle();
  const secondRun = agent.chip('run_python', 1);
  await expect(secondRun).toHaveAccessibleName(/^run_python, stats\.py, done, /);
  await expect(await agent.expand(secondRun)).toContainText('mean: 2.0');
  await expect(agent.chip('write_file')).toHaveAccessibleName(/^write_file, stats\.py, done/);
  await expect(agent.chip('edit_file')).toHaveAccessibleName(/^edit_file, stats\.py, done/);

  // After the run: the file it changed opens its diff; tokens are counted.
  await agent.changedFiles.getByRole('button', { name: 'Changes to stats.py' }).click();
  await expect(
    agent.changedFiles.getByRole('textbox', { name: 'Changes to stats.py' }),
  ).toContainText('len(xs)');
  await expect(cove.page.getByLabel('Run token usage')).toContainText(/\d+ in · \d+ out tokens/);

  await cove.reload();
  await cove.item('stats.py').click();
  await expect.poll(() => cove.editorText('stats.py')).toBe(FIXED);
  await expect(agent.chip('edit_file')).toBeVisible();
});

test('a rejected edit sends the feedback to the model, which follows it; steering and a queued message during the run', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  const agent = await agentSession(cove, provider);
  provider.script(
    {
      toolCalls: [
        {
          id: 'call_bad',
          name: 'write_file',
          arguments: { path: 'notes.txt', content: 'TODO: everything\n' },
        },
      ],
    },
    {
      content: 'Understood, a short list instead.',
      toolCalls: [
        {
          id: 'call_good',
          name: 'write_file',
          arguments: { path: 'notes.md', content: '- read\n- write\n' },
        },
      ],
    },
    { content: 'Wrote notes.md as a Markdown list.' },
    { content: 'You are welcome.' },
  );
  await agent.send('Write some notes');
  await expect(agent.approval('write_file')).toContainText('notes.txt');
  // Escape on the request (it has focus) decides nothing; the request stays.
  await expect(agent.approval('write_file')).toBeFocused();
  await cove.page.keyboard.press('Escape');
  await expect(agent.approval('write_file')).toBeVisible();
  // While the run waits, a steering message goes in after this tool batch, and a queued one
  // waits for the run to end.
  await agent.steer('Keep the notes short.');
  await expect(agent.steering).toContainText('Keep the notes short.');
  await agent.queue('Thanks!');
  await expect(agent.queued).toContainText('Thanks!');
  await agent.reject('write_file', 'Use Markdown: notes.md with a bullet list');

  await expect(agent.chip('write_file', 0)).toHaveAccessibleName(
    /^write_file, notes\.txt, rejected$/,
  );
  // The model's next request carried the feedback as the call's result.
  await expect
    .poll(() => toolResult(provider, 'call_bad') ?? '')
    .toContain('Use Markdown: notes.md with a bullet list');
  await expect(agent.approval('write_file')).toContainText('notes.md');
  await agent.approval('write_file').getByRole('button', { name: 'Approve', exact: true }).click();
  // The queued message is sent once the run has ended, and answered as the next run.
  await expect(agent.chat.questions.last()).toHaveText('Thanks!');
  await expect(agent.chat.replies.last()).toContainText('You are welcome.');
  await agent.idle();
  await expect(agent.queued).toBeHidden();
  // The steering message went to the model with the rejected call's result.
  const steered = provider
    .chatRequests()
    .find((request) =>
      (request.body as { messages: { role: string; content: string }[] }).messages.some(
        (m) => m.role === 'user' && m.content === 'Keep the notes short.',
      ),
    );
  expect(JSON.stringify(steered?.body)).toContain('Use Markdown: notes.md with a bullet list');
  await expect(
    agent.chat.replies.filter({ hasText: 'Wrote notes.md as a Markdown list.' }),
  ).toHaveCount(1);
  await expect(cove.item('notes.md')).toBeVisible();
  await expect(cove.item('notes.txt')).toHaveCount(0);
});

// Invariant 19: a message typed during a run is never lost or sent on its own.
test('after Stop, steering and queued messages wait for the person: nothing is sent on its own; each can be sent, edited or removed', async ({
  cove,
  provider,
}) => {
  const agent = await agentSession(cove, provider);
  provider.script(
    {
      toolCalls: [
        { id: 'call_w', name: 'write_file', arguments: { path: 'a.txt', content: 'a\n' } },
      ],
    },
    { content: 'Something else, answered.' },
    { content: 'Short notes it is.' },
  );
  await agent.send('Write a file');
  await expect(agent.approval('write_file')).toBeVisible();
  await agent.steer('Keep the notes short.');
  await agent.queue('Thanks!');
  // One Stop on the page (under the message box); the request's own says what it does.
  await expect(agent.page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(1);
  await agent.approval('write_file').getByRole('button', { name: 'Reject and stop' }).click();
  await agent.idle();

  // Both wait under "Not sent", with their controls; neither went to the model.
  await expect(agent.held).toContainText('Keep the notes short.');
  await expect(agent.held).toContainText('Thanks!');
  await expect(agent.steering).toBeHidden();
  await expect(agent.queued).toBeHidden();
  const sentTexts = () =>
    provider
      .chatRequests()
      .flatMap((r) => (r.body as { messages: { content: unknown }[] }).messages)
      .map((m) => String(m.content));
  expect(sentTexts()).not.toContain('Thanks!');

  // A new message is answered alone: the held ones are not sent after it.
  await agent.chat.ask('Something else');
  await expect(agent.chat.replies.last()).toContainText('Something else, answered.');
  await expect(agent.held).toContainText('Thanks!');
  expect(sentTexts()).not.toContain('Thanks!');
  expect(sentTexts()).not.toContain('Keep the notes short.');
  // It went after the stopped call (no side branch), and the model read that it was stopped.
  await expect(agent.chat.branches(agent.chat.questions.last())).toBeHidden();
  expect(toolResult(provider, 'call_w')).toBe('Not run: the user stopped the agent.');

  // Remove drops one; Edit takes the other back into the message box; Send sends it.
  await agent.held.getByRole('button', { name: 'Remove “Thanks!”' }).click();
  await expect(cove.page.getByText('Thanks!')).toBeHidden();
  await agent.held.getByRole('button', { name: 'Edit “Keep the notes short.”' }).click();
  await expect(agent.chat.messageBox).toHaveValue('Keep the notes short.');
  await expect(agent.held).toBeHidden();
  await agent.chat.messageBox.press('Enter');
  await expect(agent.chat.replies.last()).toContainText('Short notes it is.');
  await agent.idle();
  expect(sentTexts()).toContain('Keep the notes short.');
  expect(sentTexts()).not.toContain('Thanks!');
});

test('a model on the text protocol edits a file through Thought / Action lines', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  const agent = await agentSession(cove, provider);
  // The model has no native tool calling: Settings say so.
  await agent.setToolCalling('chat-model', 'text');

  await cove.writePython('greet.py', 'print("hello")\n');
  const action = (name: string, args: object) =>
    `Thought: I need to ${name}.\nAction: ${name}\nAction Input: ${JSON.stringify(args)}`;
  provider.script(
    { content: action('read_file', { path: 'greet.py' }) },
    {
      content: `Now the change.\n\n\`\`\`\n${action('edit_file', {
        path: 'greet.py',
        edits: [{ old_text: 'print("hello")', new_text: 'print("hello, world")' }],
      })}\n\`\`\``,
    },
    { content: 'greet.py now prints "hello, world".' },
  );
  await agent.send('Make greet.py greet the world');
  const edit = agent.approval('edit_file');
  await expect(edit.getByRole('textbox', { name: 'Changes to greet.py' })).toContainText(
    'print("hello, world")',
  );
  await edit.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(agent.chat.replies.last()).toContainText('greet.py now prints "hello, world".');
  await agent.idle();
  await expect(agent.chip('read_file')).toHaveAccessibleName(/^read_file, greet\.py, done/);
  await expect(agent.chip('edit_file')).toHaveAccessibleName(/^edit_file, greet\.py, done/);
  await expect.poll(() => cove.editorText('greet.py')).toBe('print("hello, world")\n');

  // No native tools went out; the tools were described in the prompt, the result came back as text.
  const requests = provider.chatRequests();
  const last = requests.at(-1)!.body as {
    tools?: unknown;
    messages: { role: string; content: string }[];
  };
  expect(last.tools).toBeUndefined();
  expect(last.messages[0]!.content).toContain('Action Input:');
  expect(JSON.stringify(last.messages)).toContain('Observation from edit_file');
});

test('a reload while a tool runs shows the call interrupted, with Continue, and the model is told to check its effect', async ({
  cove,
  provider,
}) => {
  test.setTimeout(180_000);
  const agent = await agentSession(cove, provider);
  await agent.policy.selectOption('auto');
  provider.script(
    {
      toolCalls: [
        {
          id: 'call_slow',
          name: 'run_python',
          arguments: { code: 'import time\nprint("started", flush=True)\ntime.sleep(120)' },
        },
      ],
    },
    { content: 'I will check whether it ran before going on.' },
  );
  await agent.send('Run the slow job');
  // The call runs (Python may still be starting) when the page goes away.
  await expect(agent.chip('run_python')).toHaveAccessibleName(/running/, { timeout: 120_000 });
  await cove.reload();

  const after = agent.chip('run_python');
  await expect(after).toHaveAccessibleName(/interrupted/);
  const note = cove.page.getByText('The page closed while these tools ran');
  await expect(note).toBeVisible();
  await cove.page.screenshot({ path: test.info().outputPath('tool-interrupted.png') });
  await note.getByRole('button', { name: 'Continue' }).click();
  await expect(agent.chat.replies.last()).toContainText('I will check whether it ran');
  expect(toolResult(provider, 'call_slow')).toMatch(/^No result: the run was interrupted/);
});
