import { AgentPanel } from './support/agent-panel';
import { expect, test } from './support/fixtures';
import { TracesPanel } from './support/traces-panel';

interface ExportedTrace {
  kind: string;
  run: { status: string; steps: number; model: string; usage: { totalTokens: number } };
  steps: {
    kind: string;
    toolName?: string;
    args?: Record<string, unknown>;
    result?: string;
    approval?: { decision: string; waitMs: number };
    text?: string;
    stopReason?: string;
  }[];
}

test('an agent run is recorded: listed in Traces, its steps in a timeline, exported as JSON and replayed step by step', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  const agent = new AgentPanel(cove);
  await agent.connect(provider);
  await agent.switchToAgent();
  provider.script(
    {
      toolCalls: [
        {
          id: 'call_write',
          name: 'write_file',
          arguments: { path: 'hello.py', content: 'print("hello")\n' },
        },
      ],
    },
    { content: 'Wrote hello.py; it prints hello.' },
  );
  await agent.send('Write hello.py');
  const approval = agent.approval('write_file');
  await expect(approval).toBeVisible();
  await approval.getByRole('button', { name: 'Approve', exact: true }).click();
  await agent.idle();
  await expect(cove.item('hello.py')).toBeVisible();

  const traces = new TracesPanel(cove);
  await traces.open();
  await expect(traces.runs).toHaveCount(1);
  const row = traces.runs.first();
  await expect(row).toContainText('Done');
  await expect(row).toContainText('chat-model · Fake');
  await expect(row.getByRole('cell').nth(4)).toHaveText('3');
  await cove.page.screenshot({ path: test.info().outputPath('traces-list.png') });

  await traces.openRun();
  await expect(traces.steps).toHaveCount(3);
  await expect(traces.steps.nth(0)).toContainText('Calls write_file');
  await expect(traces.steps.nth(0)).toContainText('stop: tool_calls');
  await expect(traces.steps.nth(1)).toHaveAccessibleName('Step 2, tool: write_file');
  await expect(traces.steps.nth(1)).toContainText(/approved after/);
  await expect(traces.steps.nth(2)).toContainText('Answers');
  await traces.steps.nth(1).getByText('Arguments and result').click();
  await expect(traces.steps.nth(1)).toContainText('hello.py');
  await cove.page.screenshot({ path: test.info().outputPath('traces-detail.png') });

  const exported = await traces.downloadJson(
    traces.dialog.getByRole('button', { name: 'Export JSON' }),
  );
  expect(exported.name).toMatch(/^cove-run-.*\.json$/);
  const trace = exported.json as ExportedTrace;
  expect(trace.kind).toBe('cove-run-trace');
  expect(trace.run).toMatchObject({ status: 'done', steps: 3 });
  expect(trace.run.model).toMatch(/\/chat-model$/);
  expect(trace.run.usage.totalTokens).toBeGreaterThan(0);
  expect(trace.steps.map((s) => s.kind)).toEqual(['model', 'tool', 'model']);
  expect(trace.steps[0]).toMatchObject({ stopReason: 'tool_calls' });
  expect(trace.steps[1]).toMatchObject({
    toolName: 'write_file',
    args: { path: 'hello.py', content: 'print("hello")\n' },
    approval: { decision: 'approved' },
  });
  expect(trace.steps[2]).toMatchObject({ text: 'Wrote hello.py; it prints hello.' });

  // Replay: one step at a time, from the recorded results only.
  const requestsBefore = provider.chatRequests().length;
  await traces.dialog.getByRole('button', { name: 'Replay' }).click();
  const position = traces.replay.getByRole('status');
  await expect(position).toContainText('Step 1 of 3');
  const replayed = traces.replay.getByRole('list', { name: 'Replayed steps' }).getByRole('article');
  await expect(replayed).toHaveCount(1);
  await expect(replayed.first()).toContainText('write_file');
  await traces.replay.getByRole('button', { name: 'Next step' }).click();
  await expect(position).toContainText('Step 2 of 3');
  await expect(replayed).toHaveCount(2);
  await expect(replayed.nth(1)).toHaveAccessibleName('Step 2, tool: write_file');
  await expect(replayed.nth(1)).toContainText('Created hello.py');
  await cove.page.screenshot({ path: test.info().outputPath('traces-replay.png') });
  await traces.replay.getByRole('button', { name: 'Next step' }).click();
  await expect(position).toContainText('Step 3 of 3');
  await expect(replayed.nth(2)).toContainText('Wrote hello.py; it prints hello.');
  await expect(traces.replay.getByRole('button', { name: 'Next step' })).toBeDisabled();
  await traces.replay.getByRole('button', { name: 'Previous step' }).click();
  await expect(position).toContainText('Step 2 of 3');
  await traces.replay.getByRole('button', { name: 'End replay' }).click();
  await expect(traces.steps).toHaveCount(3);
  await traces.close(traces.dialog);
  // Replaying asked nothing of the model (a session title request may come, no tool turns).
  const after = provider.chatRequests().slice(requestsBefore);
  expect(after.every((request) => !JSON.stringify(request.body).includes('"tools"'))).toBe(true);
});

test('a provider failure is in the Logs panel, filterable, exported without the key, kept over a reload', async ({
  cove,
  provider,
}) => {
  const key = 'sk-e2e-wrong-0123456789abcdefghij';
  provider.configure({ models: [{ id: 'chat-model', object: 'model', owned_by: 'fake' }] });
  await cove.openSettings();
  await cove.addProvider({ name: 'Fake', baseURL: provider.baseURL, apiKey: key });
  await cove.page.getByRole('button', { name: 'Close settings' }).click();
  await expect(cove.page.getByRole('combobox', { name: 'Model' })).toHaveValue(/\/chat-model$/);
  // The server now wants another key: it answers 401 and echoes the one it got.
  provider.configure({ apiKey: 'sk-the-server-wants-another-key' });
  const agent = new AgentPanel(cove);
  await agent.chat.messageBox.fill('Hello');
  await agent.chat.messageBox.press('Enter');
  await agent.idle();

  const traces = new TracesPanel(cove);
  await traces.openLogs();
  const providerEntry = traces.logEntries.filter({ hasText: 'provider' }).first();
  await expect(providerEntry).toBeVisible();
  await expect(providerEntry).toContainText('Error');
  await expect(providerEntry).toContainText('401');
  await expect(traces.logsDialog).not.toContainText(key);
  await cove.page.screenshot({ path: test.info().outputPath('logs.png') });

  const level = traces.logsDialog.getByRole('combobox', { name: 'Level' });
  await level.selectOption('warn');
  await expect(traces.logEntries.filter({ hasText: 'provider' })).toHaveCount(0);
  await level.selectOption('error');
  await expect(traces.logEntries.filter({ hasText: 'provider' }).first()).toBeVisible();

  const exported = await traces.downloadJson(
    traces.logsDialog.getByRole('button', { name: 'Export' }),
  );
  expect(exported.name).toMatch(/^cove-log-.*\.json$/);
  const log = exported.json as { kind: string; entries: { level: string; source: string }[] };
  expect(log.kind).toBe('cove-log');
  expect(log.entries.some((e) => e.level === 'error' && e.source === 'provider')).toBe(true);
  expect(JSON.stringify(exported.json)).not.toContain(key);

  // Entries survive a reload (the ring buffer is in IndexedDB); Clear empties it.
  await traces.close(traces.logsDialog);
  await cove.reload();
  await traces.openLogs();
  await expect(traces.logEntries.filter({ hasText: 'provider' }).first()).toBeVisible();
  await traces.logsDialog.getByRole('button', { name: 'Clear' }).click();
  await cove.page
    .getByRole('alertdialog', { name: 'Clear the log?' })
    .getByRole('button', { name: 'Clear' })
    .click();
  await expect(traces.logEntries).toHaveCount(0);
});
