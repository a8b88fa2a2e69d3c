import type { Tool, ToolContext } from '../tool';
import { formatTodoList, type TodoList, type TodoStatus } from './todo-list';

/** What todo_write uses: the run's plan, which the UI shows. */
export interface TodoToolContext extends ToolContext {
  todos: TodoList;
}

export type TodoWriteArgs = { items: { text: string; status: TodoStatus }[] };

/** Items in one plan at most: a plan longer than this is not a plan. */
export const MAX_TODO_ITEMS = 50;

/**
 * todo_write: the agent writes its plan as a checklist, replacing the previous one. The
 * result is the checklist as text, so the model sees what the user sees.
 */
export const todoWriteTool: Tool<TodoWriteArgs, TodoToolContext> = {
  name: 'todo_write',
  description:
    'Write your plan for the task as a checklist the user sees, replacing the previous one. Use it for tasks of several steps: list the steps, mark the one you are working on in_progress (one at a time) and mark steps done as soon as they are. Send the whole list each time.',
  parameters: {
    type: 'object',
    properties: {
      items: {
        type: 'array',
        maxItems: MAX_TODO_ITEMS,
        items: {
          type: 'object',
          properties: {
            text: { type: 'string', minLength: 1, description: 'The step, in a short sentence.' },
            status: { type: 'string', enum: ['pending', 'in_progress', 'done'] },
          },
          required: ['text', 'status'],
          additionalProperties: false,
        },
      },
    },
    required: ['items'],
    additionalProperties: false,
  },
  approval: 'read',
  promptHint:
    'For tasks of several steps, keep a checklist with todo_write and update it as you go.',
  summarize: (args) => (Array.isArray(args['items']) ? `${args['items'].length} steps` : ''),
  async execute(args, context) {
    const items = args.items.map((item) => ({ text: item.text.trim(), status: item.status }));
    if (items.some((item) => item.text === '')) {
      return { content: 'Every item needs text; nothing was changed.', isError: true };
    }
    context.todos.set(items);
    const done = items.filter((item) => item.status === 'done').length;
    return {
      content: `Plan (${done} of ${items.length} done):\n${formatTodoList(items)}`,
      details: { items },
    };
  },
};
