import { describe, expect, it } from 'vitest';
import { autoTitle, cleanTitle, TITLE_INSTRUCTION } from '../../../src/agent/session-auto-title';
import { makeScriptedChatClient } from '../../../src/llm/scripted-chat-client';
import type { ProviderConfig } from '../../../src/llm';
import { createMemoryStore } from '../../../src/store/memory-store';
import type { NodeRecord } from '../../../src/store/records';

const provider = { id: 'p' } as ProviderConfig;

async function setup(title = 'How do I read a CSV file in Python') {
  const store = createMemoryStore();
  await store.sessions.put({
    id: 's',
    workspaceId: 'w',
    title,
    mode: 'chat',
    leafId: null,
    createdAt: 1,
    updatedAt: 1,
    starred: false,
  });
  const base = { sessionId: 's', status: 'complete' } as const;
  await store.sessions.append(
    {
      ...base,
      id: 'q',
      parentId: null,
      role: 'user',
      content: 'How do I read a CSV file in Python',
      startedAt: 1,
    } as NodeRecord,
    1,
  );
  await store.sessions.append(
    {
      ...base,
      id: 'a',
      parentId: 'q',
      role: 'assistant',
      content: 'Use the csv module.',
      startedAt: 2,
    } as NodeRecord,
    2,
  );
  return store;
}

describe('automatic session titles', () => {
  it('asks the model once after the first exchange and stores its title', async () => {
    const store = await setup();
    const client = makeScriptedChatClient([{ text: '"Reading CSV files in Python."' }]);
    const title = await autoTitle(
      { sessions: store.sessions, client, model: () => ({ provider, modelId: 'm' }) },
      's',
    );
    expect(title).toBe('Reading CSV files in Python');
    expect((await store.sessions.get('s'))?.title).toBe('Reading CSV files in Python');
    expect(client.requests[0]?.messages[0]?.content).toBe(TITLE_INSTRUCTION);
    expect(client.requests[0]?.maxOutputTokens).toBeLessThanOrEqual(32);
  });

  it('keeps the first words when the call fails', async () => {
    const store = await setup();
    const client = makeScriptedChatClient([
      { error: { kind: 'overloaded', message: 'Overloaded', hint: 'Later' } },
    ]);
    const title = await autoTitle(
      { sessions: store.sessions, client, model: () => ({ provider, modelId: 'm' }) },
      's',
    );
    expect(title).toBeUndefined();
    expect((await store.sessions.get('s'))?.title).toBe('How do I read a CSV file in Python');
  });

  it('never replaces a title the person gave', async () => {
    const store = await setup('My CSV notes');
    const client = makeScriptedChatClient([{ text: 'Something else' }]);
    await autoTitle(
      { sessions: store.sessions, client, model: () => ({ provider, modelId: 'm' }) },
      's',
    );
    expect(client.requests).toHaveLength(0);
    expect((await store.sessions.get('s'))?.title).toBe('My CSV notes');
  });

  it('asks nothing without a model', async () => {
    const store = await setup();
    const client = makeScriptedChatClient([]);
    await autoTitle({ sessions: store.sessions, client, model: () => undefined }, 's');
    expect(client.requests).toHaveLength(0);
  });

  it('cleans what models add around a title', () => {
    expect(cleanTitle('Title: **Parsing dates**\nmore')).toBe('Parsing dates');
    expect(cleanTitle('<think>hm</think>\n"Sorting lists".')).toBe('Sorting lists');
    expect(cleanTitle('   ')).toBe('');
  });
});
