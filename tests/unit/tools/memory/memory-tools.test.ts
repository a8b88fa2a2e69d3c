import { describe, expect, it } from 'vitest';
import {
  createAssistantMemoryStore,
  MEMORY_ENTRY_MAX_CHARS,
  type MemoryScope,
} from '../../../../src/store/assistant-memory-store';
import { createMemoryStore } from '../../../../src/store/memory-store';
import { memoryDeleteTool } from '../../../../src/tools/memory/memory-delete-tool';
import { savedReceipt, savedResult } from '../../../../src/tools/memory/memory-receipt';
import { memoryListTool, memoryReadTool } from '../../../../src/tools/memory/memory-read-tools';
import type { MemoryToolContext } from '../../../../src/tools/memory/memory-tool-context';
import { memoryWriteTool, planMemoryText } from '../../../../src/tools/memory/memory-write-tool';

function context(options: { off?: MemoryScope[]; outside?: string; workspaceId?: string } = {}) {
  const store = createAssistantMemoryStore(createMemoryStore().settings, () => 1);
  const ctx: MemoryToolContext = {
    signal: new AbortController().signal,
    update: () => undefined,
    memory: {
      store,
      ...(options.workspaceId === undefined ? { workspaceId: 'w1' } : {}),
      enabled: (scope) => !options.off?.includes(scope),
      outsideSource: () => options.outside,
    },
  };
  return { ctx, store };
}

describe('planMemoryText', () => {
  it('creates, appends, and replaces exactly one passage', () => {
    const args = { scope: 'user', title: 'T' } as const;
    expect(planMemoryText(undefined, { ...args, mode: 'create', text: 'A' })).toEqual({
      text: 'A',
    });
    expect(planMemoryText({ text: 'A\n' }, { ...args, mode: 'append', text: 'B' })).toEqual({
      text: 'A\nB',
    });
    expect(planMemoryText(undefined, { ...args, mode: 'append', text: 'B' })).toEqual({
      text: 'B',
    });
    expect(
      planMemoryText(
        { text: 'uses tabs' },
        { ...args, mode: 'replace', old_text: 'tabs', text: 'spaces' },
      ),
    ).toEqual({ text: 'uses spaces' });
    expect(
      planMemoryText({ text: 'a a' }, { ...args, mode: 'replace', old_text: 'a', text: 'b' }),
    ).toMatchObject({ error: expect.stringContaining('more than once') });
    expect(
      planMemoryText({ text: 'a' }, { ...args, mode: 'replace', old_text: 'z', text: 'b' }),
    ).toMatchObject({ error: expect.stringContaining('not in the note') });
  });
});

describe('memory tools', () => {
  it('memory_write saves a note, and its result reads back as the chip’s receipt', async () => {
    const { ctx, store } = context();
    const result = await memoryWriteTool.execute(
      { scope: 'user', title: 'Indentation', mode: 'create', text: 'The user prefers tabs.' },
      ctx,
    );
    expect(result.isError).toBeUndefined();
    expect(result.content).toBe('Saved to memory (user, revision 1): "Indentation"');
    expect(memoryWriteTool.receipt!({}, result.content)).toEqual({
      kind: 'memory',
      scope: 'user',
      title: 'Indentation',
      revision: 1,
    });
    expect((await store.find({ scope: 'user' }, 'indentation'))?.text).toBe(
      'The user prefers tabs.',
    );
    expect(memoryWriteTool.approval).toBe('edit');
  });

  it('flags a write after outside text came into the run, in the approval, the result and the note', async () => {
    const { ctx, store } = context({ outside: 'fetch_url' });
    const args = {
      scope: 'workspace',
      title: 'API',
      mode: 'create',
      text: 'Base URL is x.',
    } as const;
    const card = await memoryWriteTool.describeApproval!(args, ctx);
    expect(card.note).toContain('fetch_url');
    expect(card.view).toEqual({ kind: 'code', language: 'markdown', code: 'Base URL is x.' });
    const result = await memoryWriteTool.execute(args, ctx);
    expect(savedReceipt(result.content)).toMatchObject({
      flagged: 'fetch_url',
      scope: 'workspace',
    });
    expect((await store.find({ scope: 'workspace', workspaceId: 'w1' }, 'API'))?.flagged).toBe(
      'fetch_url',
    );
    const read = await memoryReadTool.execute({ title: 'API' }, ctx);
    expect(read.content).toContain('Flagged');
  });

  it('shows a change to an existing note as a diff, and a cap as the approval’s problem', async () => {
    const { ctx } = context();
    await memoryWriteTool.execute(
      { scope: 'user', title: 'Editor', mode: 'create', text: 'Vim' },
      ctx,
    );
    const card = await memoryWriteTool.describeApproval!(
      { scope: 'user', title: 'Editor', mode: 'append', text: 'with plugins' },
      ctx,
    );
    expect(card.view).toMatchObject({ kind: 'diff', before: 'Vim', after: 'Vim\nwith plugins' });
    const long = {
      scope: 'user',
      title: 'Long',
      mode: 'create',
      text: 'a'.repeat(MEMORY_ENTRY_MAX_CHARS + 1),
    } as const;
    expect((await memoryWriteTool.describeApproval!(long, ctx)).problem).toContain(
      `at most ${MEMORY_ENTRY_MAX_CHARS}`,
    );
    const refused = await memoryWriteTool.execute(long, ctx);
    expect(refused).toMatchObject({
      isError: true,
      content: expect.stringContaining('a note holds at most'),
    });
  });

  it('refuses a scope the user turned off, and lists and reads what is on', async () => {
    const { ctx } = context({ off: ['workspace'] });
    const off = await memoryWriteTool.execute(
      { scope: 'workspace', title: 'X', mode: 'create', text: 'y' },
      ctx,
    );
    expect(off).toMatchObject({ isError: true, content: expect.stringContaining('turned') });
    await memoryWriteTool.execute(
      { scope: 'user', title: 'Name', mode: 'create', text: 'Ada' },
      ctx,
    );
    const listed = await memoryListTool.execute({}, ctx);
    expect(listed.content).toContain('user:\n- Name');
    expect(listed.content).toContain('turned');
    expect((await memoryReadTool.execute({ title: 'name' }, ctx)).content).toContain('Ada');
    expect((await memoryReadTool.execute({ title: 'Nope' }, ctx)).isError).toBe(true);
  });

  it('memory_delete asks showing the note and deletes it', async () => {
    const { ctx, store } = context();
    await memoryWriteTool.execute(
      { scope: 'user', title: 'Gone', mode: 'create', text: 'Soon' },
      ctx,
    );
    const card = await memoryDeleteTool.describeApproval!({ scope: 'user', title: 'Gone' }, ctx);
    expect(card.view).toMatchObject({ kind: 'code', code: 'Soon' });
    expect(
      (await memoryDeleteTool.execute({ scope: 'user', title: 'Gone' }, ctx)).isError,
    ).toBeUndefined();
    expect(await store.list({ scope: 'user' })).toEqual([]);
  });

  it('reads back a title with quotes from its result', () => {
    const text = savedResult('user', 'Say "hi"', 7, 'read_file');
    expect(savedReceipt(text)).toEqual({
      kind: 'memory',
      scope: 'user',
      title: 'Say "hi"',
      revision: 7,
      flagged: 'read_file',
    });
    expect(savedReceipt('No note is titled "x".')).toBeUndefined();
  });
});
