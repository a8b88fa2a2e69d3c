import type { FakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { AgentPanel } from './support/agent-panel';
import type { CovePage } from './support/cove-page';
import { expect, test } from './support/fixtures';

const BEFORE = Array.from({ length: 12 }, (_, i) => `value_${i} = ${i}\n`).join('');

const AFTER = BEFORE.replace('value_0 = 0\n', 'value_0 = 100\n').replace(
  'value_11 = 11\n',
  'value_11 = 1100\n',
);

/** An agent run (auto) that changes the first and the last line of values.py. */
async function runThatChangesBothEnds(
  cove: CovePage,
  provider: FakeOpenAIServer,
): Promise<AgentPanel> {
  const agent = new AgentPanel(cove);
  await agent.connect(provider);
  await agent.switchToAgent();
  await agent.policy.selectOption('auto');
  await cove.writePython('values.py', BEFORE);
  provider.script(
    { toolCalls: [{ id: 'call_read', name: 'read_file', arguments: { path: 'values.py' } }] },
    {
      toolCalls: [
        {
          id: 'call_edit',
          name: 'edit_file',
          arguments: {
            path: 'values.py',
            edits: [
              { old_text: 'value_0 = 0', new_text: 'value_0 = 100' },
              { old_text: 'value_11 = 11', new_text: 'value_11 = 1100' },
            ],
          },
        },
      ],
    },
    { content: 'Both ends are bigger now.' },
  );
  await agent.send('Make the first and the last value bigger');
  await expect(agent.chat.replies.last()).toContainText('Both ends are bigger now.');
  await agent.idle();
  await expect.poll(() => cove.editorText('values.py')).toBe(AFTER);
  return agent;
}

test('after a run, one change is undone by keyboard and the file is put back whole; a rewind still knows both', async ({
  cove,
  provider,
}) => {
  const agent = await runThatChangesBothEnds(cove, provider);

  // The changed file opens its diff with Keep and Undo for each of its two changes.
  await agent.changedFiles.getByRole('button', { name: 'Changes to values.py' }).click();
  const undo = agent.changedFiles.getByRole('button', { name: 'Undo this change' });
  await expect(undo).toHaveCount(2);
  await expect(agent.changedFiles.getByRole('button', { name: 'Keep this change' })).toHaveCount(2);
  await cove.page.screenshot({ path: test.info().outputPath('review-changes.png') });

  // The first change goes back, by keyboard; the second stays.
  await undo.first().focus();
  await cove.page.keyboard.press('Enter');
  await expect(cove.notices).toContainText('Undid a change to values.py.');
  await expect
    .poll(() => cove.editorText('values.py'))
    .toBe(AFTER.replace('value_0 = 100\n', 'value_0 = 0\n'));
  await expect(undo).toHaveCount(1);

  // Undo all puts the whole file back as it was before the run.
  await agent.changedFiles.getByRole('button', { name: 'Undo all changes to values.py' }).click();
  await expect(cove.notices).toContainText('Put values.py back as it was before the run.');
  await expect.poll(() => cove.editorText('values.py')).toBe(BEFORE);
  await expect(agent.changedFiles).toContainText('Nothing left to review.');

  // Undo of that brings the run's version back: each was one recorded change.
  await cove.notices
    .getByRole('status')
    .filter({ hasText: 'Put values.py back' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect
    .poll(() => cove.editorText('values.py'))
    .toBe(AFTER.replace('value_0 = 100\n', 'value_0 = 0\n'));
});

test('what was kept stays kept after a reload: the review shows only the change left, and Keep all leaves nothing', async ({
  cove,
  provider,
}) => {
  const agent = await runThatChangesBothEnds(cove, provider);
  const toggle = agent.changedFiles.getByRole('button', { name: 'Changes to values.py' });
  await toggle.click();
  const keep = agent.changedFiles.getByRole('button', { name: 'Keep this change' });
  await expect(keep).toHaveCount(2);
  await keep.first().focus();
  await cove.page.keyboard.press('Enter');
  await expect(keep).toHaveCount(1);
  // Keep changes nothing in the file.
  expect(await cove.editorText('values.py')).toBe(AFTER);

  await cove.reload();
  await agent.changedFiles.getByRole('button', { name: 'Changes to values.py' }).click();
  await expect(agent.changedFiles.getByRole('button', { name: 'Undo this change' })).toHaveCount(1);
  await expect(keep).toHaveCount(1);

  await agent.changedFiles.getByRole('button', { name: 'Keep all changes to values.py' }).click();
  await expect(agent.changedFiles).toContainText('Nothing left to review.');
  await cove.reload();
  await agent.changedFiles.getByRole('button', { name: 'Changes to values.py' }).click();
  await expect(agent.changedFiles).toContainText('Nothing left to review.');
  expect(await cove.editorText('values.py')).toBe(AFTER);
});
