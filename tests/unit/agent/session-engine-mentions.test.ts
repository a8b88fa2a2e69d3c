import { describe, expect, it } from 'vitest';
import { fileMention } from '../../../src/agent/mention-content';
import { engineHarness } from './support/engine-harness';

describe('session engine: a message with mentions', () => {
  it('stores the mentions on the user node and sends them to the model before the text', async () => {
    const ctx = engineHarness([{ text: 'It greets.' }, { text: 'Still greets.' }], {
      fileContext: false,
    });
    const session = await ctx.engine.create('w', 'What does it do?');
    const mention = fileMention('main.py', 'def greet():\n    print("hi")\n');
    expect(
      await ctx.engine.send(session.id, undefined, 'What does it do?', undefined, [mention]),
    ).toBe('answered');
    const question = (await ctx.store.sessions.nodes(session.id)).find((n) => n.role === 'user')!;
    expect(question.attachments).toEqual([mention]);
    expect(question.content).toBe('What does it do?');
    expect(ctx.client.requests[0]!.messages.at(-1)).toEqual({
      role: 'user',
      content: `${mention.text}\n\nWhat does it do?`,
    });

    // Editing the words keeps what was attached.
    expect(await ctx.engine.edit(session.id, question.id, 'And now?')).toBe('answered');
    const edited = (await ctx.store.sessions.nodes(session.id)).find(
      (n) => n.role === 'user' && n.content === 'And now?',
    )!;
    expect(edited.attachments).toEqual([mention]);
    expect(ctx.client.requests[1]!.messages.at(-1)?.content).toContain('def greet()');
  });
});
