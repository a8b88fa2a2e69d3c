import { Listeners } from '../../base/listeners';

export type TodoStatus = 'pending' | 'in_progress' | 'done';

/** One step of the agent's plan. */
export interface TodoItem {
  text: string;
  status: TodoStatus;
}

const MARKS: Record<TodoStatus, string> = { pending: '[ ]', in_progress: '[~]', done: '[x]' };

/**
 * The agent's plan for the current run as a checklist: replaced as a whole by each
 * todo_write call. The timeline subscribes to show it above the conversation;
 * `subscribe` returns its unsubscribe and a throwing listener does not stop the others.
 */
export class TodoList {
  private current: readonly TodoItem[] = [];
  private readonly listeners = new Listeners<readonly TodoItem[]>();

  /** The items, in order. Frozen copies: change them with `set`. */
  get items(): readonly TodoItem[] {
    return this.current;
  }

  /** Replaces the whole list and tells the subscribers. */
  set(items: readonly TodoItem[]): void {
    this.current = Object.freeze(items.map((item) => Object.freeze({ ...item })));
    this.listeners.emit(this.current);
  }

  /** Calls `listener` with the new items on every change; returns its unsubscribe. */
  subscribe(listener: (items: readonly TodoItem[]) => void): () => void {
    return this.listeners.subscribe(listener);
  }
}

/** The checklist as text: "[x] done step", "[~] current step", "[ ] later step". */
export function formatTodoList(items: readonly TodoItem[]): string {
  if (!items.length) return '(the plan is empty)';
  return items.map((item) => `${MARKS[item.status]} ${item.text}`).join('\n');
}
