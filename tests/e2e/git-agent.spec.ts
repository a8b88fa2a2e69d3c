import { AgentPanel } from './support/agent-panel';
import { expect, test } from './support/fixtures';
import { setGitAuthor, SourceControl } from './support/source-control';

test("the agent commits after its approval shows the message and the diff; then the person commits a run's changes with the model's message, edited", async ({
  cove,
  provider,
}) => {
  const page = cove.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await setGitAuthor(cove, 'Ada Lovelace', 'ada@example.com');
  await cove.createWorkspace('Agent git');
  await cove.uploadFile('main.py', 'print(1)\n');
  const git = new SourceControl(page);
  await git.show();
  await git.panel.getByRole('button', { name: 'Initialize repository' }).click();
  await git.panel.getByRole('button', { name: 'Stage main.py' }).click();
  await expect(git.list('Staged changes')).toContainText('main.py');
  await git.commit('Add main');

  const agent = new AgentPanel(cove);
  await agent.connect(provider);
  await agent.switchToAgent();
  await agent.policy.selectOption('ask');

  // git_commit asks as an edit does, and its request shows the message and the diff.
  provider.script(
    { toolCalls: [{ id: 'call_read', name: 'read_file', arguments: { path: 'main.py' } }] },
    {
      toolCalls: [
        {
          id: 'call_edit',
          name: 'edit_file',
          arguments: { path: 'main.py', edits: [{ old_text: 'print(1)', new_text: 'print(2)' }] },
        },
      ],
    },
    {
      toolCalls: [
        {
          id: 'call_commit',
          name: 'git_commit',
          arguments: { message: 'Print two\n\nOne was too few.', paths: ['main.py'] },
        },
      ],
    },
    { content: 'Committed the change.' },
  );
  await agent.send('Print two, and commit it');
  await agent.approval('edit_file').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(agent.chip('edit_file')).toHaveAccessibleName(/^edit_file, .*done/);
  const request = agent.approval('git_commit');
  await expect(request).toContainText('Commit 1 file: "Print two"');
  await expect(request.getByLabel('Commit message')).toHaveText('Print two\n\nOne was too few.');
  const diff = request.getByLabel('Staged diff');
  await expect(diff).toContainText('-print(1)');
  await expect(diff).toContainText('+print(2)');
  await page.screenshot({ path: test.info().outputPath('git-commit-approval.png') });
  await request.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(agent.chat.replies.last()).toContainText('Committed the change.');
  await agent.idle();
  await expect(agent.chip('git_commit')).toHaveAccessibleName(/^git_commit, .*done/);
  await git.show();
  await expect(git.history.getByRole('listitem').first()).toContainText('Print two');
  await expect(git.panel.getByText('No changes since the last commit.')).toBeVisible();

  // After a run, its changes are committed with the model's message, as the person edits it.
  await agent.policy.selectOption('auto-edit');
  provider.script(
    {
      toolCalls: [
        {
          id: 'call_write',
          name: 'write_file',
          arguments: { path: 'notes.md', content: '# Notes\n' },
        },
      ],
    },
    { content: 'Started the notes.' },
    // The commit message the model proposes, asked after the run.
    { content: 'Add a notes file\n\nA heading to start from.' },
  );
  await agent.send('Start a notes file');
  await expect(agent.chat.replies.last()).toContainText('Started the notes.');
  await agent.idle();
  await expect(agent.changedFiles).toContainText('notes.md');
  const form = page.getByRole('region', { name: "Commit the agent's changes" });
  await form.getByRole('button', { name: "Commit the agent's changes…" }).click();
  const message = form.getByRole('textbox', { name: 'Commit message' });
  await expect(message).toHaveValue('Add a notes file\n\nA heading to start from.');
  await expect(form).toContainText('Proposed by the model.');
  const asked = provider.chatRequests().at(-1)!.body as { messages: { content: string }[] };
  expect(asked.messages[1]!.content).toContain('Start a notes file');
  expect(asked.messages[1]!.content).toContain('+# Notes');
  await message.fill('Add the notes file\n\nA heading to start from.');
  await page.screenshot({ path: test.info().outputPath('agent-commit-form.png') });
  await form.getByRole('button', { name: 'Commit 1 file' }).click();
  await expect(form.getByRole('status')).toContainText(
    /^Committed [0-9a-f]{7}: Add the notes file$/,
  );
  await git.show();
  await expect(git.history.getByRole('listitem')).toHaveCount(3);
  await expect(git.history.getByRole('listitem').first()).toContainText('Add the notes file');
  await expect(git.panel.getByText('No changes since the last commit.')).toBeVisible();
});
