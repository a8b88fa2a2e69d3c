import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { formatTodoList, TodoList, type TodoItem } from '../../../src/tools/todo/todo-list';
import { todoWriteTool, type TodoToolContext } from '../../../src/tools/todo/todo-write-tool';

function context(): TodoToolContext {
  return { signal: new AbortController().signal, update: () => undefined, todos: new TodoList() };
}

describe('todo_write', () => {
  it('replaces the plan, tells subscribers, and returns the checklist text', async () => {
    const ctx = context();
    const seen: (readonly TodoItem[])[] = [];
    const unsubscribe = ctx.todos.subscribe((items) => seen.push(items));
    const result = await todoWriteTool.execute(
      {
        items: [
          { text: 'Read the failing test', status: 'done' },
          { text: 'Fix the parser', status: 'in_progress' },
          { text: 'Run the tests', status: 'pending' },
        ],
      },
      ctx,
    );
    expect(result.content).toBe(
      'Plan (1 of 3 done):\n[x] Read the failing test\n[~] Fix the parser\n[ ] Run the tests',
    );
    expect(seen).toHaveLength(1);
    expect(ctx.todos.items.map((item) => item.status)).toEqual(['done', 'in_progress', 'pending']);
    await todoWriteTool.execute({ items: [{ text: '  Only step  ', status: 'pending' }] }, ctx);
    expect(ctx.todos.items).toEqual([{ text: 'Only step', status: 'pending' }]);
    unsubscribe();
    await todoWriteTool.execute({ items: [] }, ctx);
    expect(seen).toHaveLength(2);
    expect(formatTodoList(ctx.todos.items)).toBe('(the plan is empty)');
  });

  it('refuses blank items without changing the plan; the schema refuses unknown statuses', async () => {
    const ctx = context();
    ctx.todos.set([{ text: 'Keep me', status: 'pending' }]);
    const result = await todoWriteTool.execute({ items: [{ text: '   ', status: 'done' }] }, ctx);
    expect(result).toEqual({
      content: 'Every item needs text; nothing was changed.',
      isError: true,
    });
    expect(ctx.todos.items).toEqual([{ text: 'Keep me', status: 'pending' }]);
    const validate = new Ajv({ strict: true }).compile(todoWriteTool.parameters);
    expect(validate({ items: [{ text: 'a', status: 'started' }] })).toBe(false);
    expect(validate({ items: [{ text: 'a', status: 'in_progress' }] })).toBe(true);
  });

  it('a throwing subscriber does not stop the others', () => {
    const list = new TodoList();
    const errors: unknown[] = [];
    // Listeners report through console.error by default; keep the test output clean.
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      let reached = false;
      list.subscribe(() => {
        throw new Error('bad listener');
      });
      list.subscribe(() => (reached = true));
      list.set([{ text: 'x', status: 'pending' }]);
      expect(reached).toBe(true);
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });
});
