import type { FakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { AgentPanel } from './support/agent-panel';
import { expect, test } from './support/fixtures';
import { MemorySettings } from './support/memory-settings';

/** The system prompt of the newest chat request the fake provider received. */
function lastSystemPrompt(provider: FakeOpenAIServer): string {
  const body = provider.chatRequests().at(-1)?.body as
    { messages: { role: string; content: string }[] } | undefined;
  return body?.messages.find((message) => message.role === 'system')?.content ?? '';
}

const memoryWrite = (id: string, title: string, text: string) => ({
  toolCalls: [
    { id, name: 'memory_write', arguments: { scope: 'user', title, mode: 'create', text } },
  ],
});

test('the agent saves what it is told after approval, Undo takes a note back, a new conversation in another workspace sees the index, and Settings → Memory edits and deletes', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  const agent = new AgentPanel(cove);
  const memory = new MemorySettings(cove);
  await agent.connect(provider);
  await agent.switchToAgent();
  await expect(agent.policy).toHaveValue('ask');

  // A note saved, then taken back with Undo.
  provider.script(memoryWrite('call_editor', 'Editor', 'The user edits in Vim.'), {
    content: 'Noted.',
  });
  await agent.send('Remember that I use Vim');
  const request = agent.approval('memory_write');
  await expect(request).toContainText("Save to the user's memory (all workspaces): Editor");
  await expect(request).toContainText('The user edits in Vim.');
  await request.getByRole('button', { name: 'Approve', exact: true }).click();
  await agent.idle();
  const editor = cove.page.getByRole('group', { name: 'Saved to memory: Editor' });
  await expect(editor).toContainText('Saved to memory: Editor');
  await editor.getByRole('button', { name: 'View' }).click();
  await expect(editor.getByLabel('Note: Editor')).toHaveText('The user edits in Vim.');
  await editor.getByRole('button', { name: 'Undo' }).click();
  await expect(editor.getByRole('status')).toContainText('Undone');

  // A note that stays.
  provider.script(memoryWrite('call_tabs', 'Indentation', 'The user prefers tabs.'), {
    content: 'I will use tabs.',
  });
  await agent.send('Remember that I prefer tabs');
  await agent
    .approval('memory_write')
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await agent.idle();
  await expect(
    cove.page.getByRole('group', { name: 'Saved to memory: Indentation' }),
  ).toBeVisible();

  await memory.open();
  await expect(memory.notes('Your memory (all workspaces)')).toHaveCount(1);
  await expect(memory.note('Indentation')).toContainText('The user prefers tabs.');
  await memory.close();

  // A new conversation in another workspace: its request lists the note, not the undone one.
  await cove.createWorkspace('Other');
  await cove.page.getByRole('button', { name: 'New conversation' }).click();
  await agent.switchToAgent();
  provider.script({ content: 'Tabs it is.' });
  await agent.send('Indent this for me');
  await expect(agent.chat.replies.last()).toContainText('Tabs it is.');
  await agent.idle();
  const system = lastSystemPrompt(provider);
  expect(system).toContain('The user (all workspaces):\n- Indentation');
  expect(system).not.toContain('- Editor');
  expect(system).toContain('memory_write');

  // Settings → Memory: edit, still there after a reload, then delete.
  await memory.open();
  await memory.edit('Indentation', 'The user prefers tabs, 4 wide.');
  await memory.close();
  await cove.reload();
  await memory.open();
  await expect(memory.note('Indentation')).toContainText('The user prefers tabs, 4 wide.');
  // Turned off, the user's scope is left out of the next request.
  const everywhere = memory.section.getByRole('checkbox', {
    name: 'Remember things for all workspaces',
  });
  await everywhere.uncheck();
  await memory.close();
  provider.script({ content: 'Without memory.' });
  await agent.send('And now?');
  await expect(agent.chat.replies.last()).toContainText('Without memory.');
  await agent.idle();
  expect(lastSystemPrompt(provider)).not.toContain('Indentation');
  expect(lastSystemPrompt(provider)).toContain('This workspace: no notes yet.');
  await memory.open();
  await everywhere.check();
  await memory.section.getByLabel('Search memory').fill('spaces');
  await expect(memory.note('Indentation')).toBeHidden();
  await memory.section.getByLabel('Search memory').fill('tabs');
  await memory.delete('Indentation');
  await memory.section.getByLabel('Search memory').fill('');
  await expect(memory.section).toContainText('No notes yet.');
});

test('a memory write after the agent read a file is flagged in its approval and its receipt', async ({
  cove,
  provider,
}) => {
  const agent = new AgentPanel(cove);
  await agent.connect(provider);
  await agent.switchToAgent();
  provider.script(
    { toolCalls: [{ id: 'call_read', name: 'read_file', arguments: { path: 'README.md' } }] },
    memoryWrite('call_save', 'How to start', 'Run main.py.'),
    { content: 'Saved.' },
  );
  await agent.send('Read the README and remember how to start');
  const request = agent.approval('memory_write');
  await expect(request).toContainText('Flagged: read_file brought outside text into this run');
  await request.getByRole('button', { name: 'Approve', exact: true }).click();
  await agent.idle();
  await expect(
    cove.page.getByRole('group', { name: 'Saved to memory: How to start' }),
  ).toContainText('Flagged: saved after read_file');
  const memory = new MemorySettings(cove);
  await memory.open();
  await expect(memory.note('How to start')).toContainText('flagged: saved after read_file');
});

test('"Remember that …" in chat mode: off by default; turned on, the chat reply saves the note after approval', async ({
  cove,
  provider,
}) => {
  const agent = new AgentPanel(cove);
  const memory = new MemorySettings(cove);
  await agent.connect(provider);

  // Chat mode, memory for chat off (the default): a plain reply, no tools offered.
  provider.script({ content: 'I cannot remember things in chat.' });
  await agent.send('Remember that I prefer tabs');
  await expect(agent.chat.replies.last()).toContainText('I cannot remember things in chat.');
  await agent.idle();
  const plain = provider.chatRequests().at(-1)?.body as { tools?: unknown[] };
  expect(plain.tools).toBeUndefined();

  await memory.open();
  const forChat = memory.section.getByRole('checkbox', { name: 'Use memory in chat mode too' });
  await expect(forChat).not.toBeChecked();
  await forChat.check();
  await memory.close();

  provider.script(memoryWrite('call_chat', 'Indentation', 'The user prefers tabs.'), {
    content: 'Saved: you prefer tabs.',
  });
  await agent.send('Remember that I prefer tabs');
  const request = agent.approval('memory_write');
  await expect(request).toContainText("Save to the user's memory (all workspaces): Indentation");
  await request.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(agent.chat.replies.last()).toContainText('Saved: you prefer tabs.');
  await agent.idle();
  await expect(
    cove.page.getByRole('group', { name: 'Saved to memory: Indentation' }),
  ).toBeVisible();
  const withTools = provider.chatRequests().at(-2)?.body as {
    tools?: { function: { name: string } }[];
  };
  expect(withTools.tools?.map((tool) => tool.function.name)).toEqual([
    'memory_list',
    'memory_read',
    'memory_write',
    'memory_delete',
  ]);
  // Still a chat reply: the chat prompt, not the agent's file tools.
  expect(lastSystemPrompt(provider)).not.toContain('edit_file');
  await cove.page.screenshot({ path: test.info().outputPath('chat-memory.png') });

  await memory.open();
  await expect(memory.note('Indentation')).toContainText('The user prefers tabs.');
});
