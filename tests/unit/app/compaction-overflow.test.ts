import { describe, expect, it } from 'vitest';
import { type ScriptStep } from '../../../src/llm';
import { createMemoryStore } from '../../../src/store/memory-store';
import { openChatApp } from '../../fakes/chat-app';

const open = (steps: ScriptStep[]) => openChatApp(createMemoryStore(), steps);

const text = (content: unknown) => (typeof content === 'string' ? content : '');
const overflow = {
  error: {
    kind: 'context-overflow' as const,
    message: 'The conversation is longer than the model accepts.',
    hint: '',
  },
};

describe('compaction from the chat panel', () => {
  it('an agent run the provider says overflowed compacts once and goes on with its question in view', async () => {
    const app = await open([
      { text: 'Earlier answer.' },
      { toolCalls: [{ id: 'r', name: 'list_files', arguments: {} }] },
      overflow,
      { text: '## Goal\nList the files.' },
      { text: 'Here they are.' },
    ]);
    app.chat.newSession('agent');
    app.chat.agent.setPolicy('auto');
    await app.chat.send('Earlier question');
    await app.chat.send('List the files');

    const requests = app.client.requests;
    expect(requests).toHaveLength(5);
    expect(text(requests[3]!.messages[0]!.content)).toContain('You compact');
    const retried = requests[4]!.messages.map((m) => text(m.content));
    expect(retried[1]).toContain('## Goal\nList the files.');
    expect(retried).toContain('List the files');
    expect(retried).not.toContain('Earlier question');
    expect(app.chat.messages().at(-1)!.content()).toBe('Here they are.');
    const roles = app.chat.messages().map((m) => m.role);
    expect(roles).toContain('compaction');
  });

  it('/compact in the composer: a failed summary changes nothing and says so; "nothing" for a short chat', async () => {
    const app = await open([
      { text: 'one' },
      { text: 'two' },
      { error: { kind: 'server-error', message: 'The server failed (500).', hint: '' } },
    ]);
    await app.chat.send('/compact');
    expect(app.notices.notices().at(-1)!.text).toContain('Nothing to compact yet');
    await app.chat.send('q1');
    await app.chat.send('q2');
    const before = app.chat.messages().map((m) => m.id);
    app.chat.setDraft('/compact tests');
    await app.chat.send('/compact tests');
    expect(app.notices.notices().at(-1)).toMatchObject({
      kind: 'error',
      text: expect.stringContaining('The summary failed: The server failed (500).'),
    });
    expect(app.chat.messages().map((m) => m.id)).toEqual(before);
    expect(app.chat.draft()).toBe('/compact tests');
    expect(app.chat.busy()).toBe(false);
    // The meter: estimated from the path until a reply reports usage.
    expect(app.chat.context()).toMatchObject({ window: 32_000, anchored: false });
  });
});
