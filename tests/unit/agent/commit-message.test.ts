import { describe, expect, it } from 'vitest';
import {
  cleanCommitMessage,
  COMMIT_INSTRUCTION,
  messageFromRun,
  proposeCommitMessage,
} from '../../../src/agent/commit-message';
import type { ProviderConfig } from '../../../src/llm';
import { makeScriptedChatClient } from '../../../src/llm/scripted-chat-client';

const model = { provider: { id: 'p' } as ProviderConfig, modelId: 'm' };
const files = [
  {
    path: 'src/main.py',
    diff: '--- a/src/main.py\n+++ b/src/main.py\n@@ -1 +1 @@\n-print(1)\n+print(2)\n',
  },
  { path: 'old.py', diff: '', deleted: true },
];

describe('the commit message of an agent run', () => {
  it('is asked of the model once, with the request and the diffs, and cleaned', async () => {
    const client = makeScriptedChatClient([
      {
        text: '<think>hmm</think>```\nCommit message: "Print two instead of one"\n\nold.py was unused.\n```',
      },
    ]);
    const proposed = await proposeCommitMessage({ client, model }, 'print two please', files);
    expect(proposed).toEqual({
      message: 'Print two instead of one\n\nold.py was unused.',
      source: 'model',
    });
    const request = client.requests[0]!;
    expect(request.messages[0]?.content).toBe(COMMIT_INSTRUCTION);
    expect(request.messages[1]?.content).toContain('print two please');
    expect(request.messages[1]?.content).toContain('+print(2)');
    expect(request.maxOutputTokens).toBeLessThanOrEqual(200);
  });

  it('is made from the run when there is no model, or the model fails or says nothing', async () => {
    const fromRun = 'Print two please\n\n- src/main.py\n- old.py (deleted)';
    const none = makeScriptedChatClient([]);
    expect(
      await proposeCommitMessage({ client: none, model: undefined }, 'print two please.', files),
    ).toEqual({
      message: fromRun,
      source: 'run',
    });
    expect(none.requests).toHaveLength(0);
    const failing = makeScriptedChatClient([
      { error: { kind: 'server', message: 'down' } as never },
    ]);
    expect(
      (await proposeCommitMessage({ client: failing, model }, 'print two please', files)).source,
    ).toBe('run');
    const silent = makeScriptedChatClient([{ text: '```\n```' }]);
    expect(
      (await proposeCommitMessage({ client: silent, model }, 'print two please', files)).message,
    ).toBe(fromRun);
  });

  it('made from the run, names the files when the request says nothing, and keeps to 72 characters', () => {
    const many = ['a.py', 'b/c.py', 'd.py', 'e.py'].map((path) => ({ path, diff: '' }));
    expect(messageFromRun('', many).split('\n')[0]).toBe('Update a.py, c.py, d.py and 1 more');
    const long = messageFromRun('x'.repeat(100), many).split('\n')[0]!;
    expect(long).toHaveLength(72);
    expect(cleanCommitMessage(`${'y'.repeat(80)}\nbody`)).toBe(`${'y'.repeat(72)}\n\nbody`);
    expect(cleanCommitMessage('  \n')).toBe('');
  });
});
