import { AgentPanel } from './support/agent-panel';
import { expect, test } from './support/fixtures';
import { RewindDialog } from './support/rewind-dialog';

test('rewind after an agent run that created, edited and deleted files: preview, hand edit flagged, confirm, Undo, reload', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  const agent = new AgentPanel(cove);
  const rewind = new RewindDialog(cove);
  await agent.connect(provider);
  await agent.switchToAgent();
  await agent.policy.selectOption('auto');
  // The first visit opens main.py; the editor must follow what the rewind puts back.
  await expect(cove.editor('main.py')).toContainText('Welcome to Cove.');
  const original = await cove.editorText('main.py');

  provider.script(
    {
      toolCalls: [{ id: 'read', name: 'read_file', arguments: { path: 'main.py' } }],
    },
    {
      content: 'Changing three files.',
      toolCalls: [
        {
          id: 'edit',
          name: 'edit_file',
          arguments: {
            path: 'main.py',
            edits: [{ old_text: 'Welcome to Cove.', new_text: 'Rewritten by the agent.' }],
          },
        },
        {
          id: 'create',
          name: 'write_file',
          arguments: { path: 'notes.txt', content: 'written by the agent\n' },
        },
        { id: 'delete', name: 'delete_path', arguments: { path: 'README.md' } },
      ],
    },
    { content: 'Done: edited main.py, wrote notes.txt, deleted README.md.' },
  );
  await agent.send('Change some files');
  await expect(agent.chat.replies.last()).toContainText('Done: edited main.py');
  await agent.idle();
  await expect(cove.item('notes.txt')).toBeVisible();
  await expect(cove.item('README.md')).toHaveCount(0);
  await expect(cove.editor('main.py')).toContainText('Rewritten by the agent.');

  // A hand edit after the run: the preview flags it before anything is overwritten.
  await cove.item('notes.txt').click();
  await cove.typeInto('notes.txt', 'my own notes');
  await cove.expectSaved();
  await cove.tab('main.py').click();

  const question = agent.chat.questions.first();
  await rewind.open(question);
  await expect(rewind.files).toHaveCount(3);
  await expect(rewind.file('main.py')).toHaveAccessibleName('main.py: Restore');
  await expect(rewind.file('README.md')).toHaveAccessibleName('README.md: Recreate');
  await expect(rewind.file('notes.txt')).toHaveAccessibleName('notes.txt: Delete, changed by hand');
  await expect(rewind.file('notes.txt')).toContainText('Changed by hand after the agent wrote it');
  await expect(rewind.dialog.getByRole('alert')).toContainText('One file was changed by hand');
  await cove.page.screenshot({ path: 'test-results/rewind-preview.png' });

  await rewind.confirm('Rewind files');
  await expect(cove.notices).toContainText('Rewound 3 files.');
  await expect(cove.item('README.md')).toBeVisible();
  await expect(cove.item('notes.txt')).toHaveCount(0);
  await expect.poll(() => cove.editorText('main.py')).toBe(original);
  // Files only: the conversation stays as it was.
  await expect(agent.chat.replies.last()).toContainText('Done: edited main.py');

  // Undo puts the agent's version (and the hand edit) back.
  await rewind.undo();
  await expect(cove.item('notes.txt')).toBeVisible();
  await expect(cove.item('README.md')).toHaveCount(0);
  await expect(cove.editor('main.py')).toContainText('Rewritten by the agent.');

  // Everything survives a reload, and the rewind is still offered then.
  await cove.reload();
  await expect(cove.item('notes.txt')).toBeVisible();
  await expect(cove.item('README.md')).toHaveCount(0);
  await cove.item('notes.txt').click();
  await expect.poll(() => cove.editorText('notes.txt')).toBe('my own notes');
  await rewind.open(agent.chat.questions.first());
  await expect(rewind.files).toHaveCount(3);
  await rewind.confirm('Rewind conversation and files');
  await expect(cove.item('README.md')).toBeVisible();
  await expect(cove.item('notes.txt')).toHaveCount(0);
  // The conversation goes back to before the question, whose text is back in the message
  // box to send again; the run stays in the tree (Undo shows it again).
  await expect(agent.chat.replies).toHaveCount(0);
  await expect(agent.chat.questions).toHaveCount(0);
  await expect(agent.chat.messageBox).toHaveValue('Change some files');
  await cove.reload();
  await expect(cove.item('README.md')).toBeVisible();
  await expect(cove.item('notes.txt')).toHaveCount(0);
  await expect(agent.chat.replies).toHaveCount(0);
  await expect(agent.chat.questions).toHaveCount(0);
});
