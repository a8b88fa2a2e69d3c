import { For, Show } from 'solid-js';

/** One step of the agent's plan. */
export interface TodoStep {
  text: string;
  status: 'pending' | 'in_progress' | 'done';
}

const STATUS_WORDS: Record<TodoStep['status'], string> = {
  pending: 'to do',
  in_progress: 'in progress',
  done: 'done',
};

/**
 * The agent's plan (todo_write) as a checklist above the conversation: done steps ticked
 * and struck through, the current one marked. Nothing is shown while the plan is empty.
 */
export function TodoChecklist(props: { items: readonly TodoStep[] }) {
  const done = () => props.items.filter((item) => item.status === 'done').length;
  return (
    <Show when={props.items.length}>
      <details class="todo-checklist" open>
        <summary>
          Plan{' '}
          <span class="todo-count">
            {done()} of {props.items.length} done
          </span>
        </summary>
        <ul aria-label="Plan">
          <For each={props.items}>
            {(item) => (
              <li class="todo-item" data-status={item.status}>
                <span class="todo-mark" aria-hidden="true">
                  {item.status === 'done' ? '✓' : item.status === 'in_progress' ? '▸' : ''}
                </span>
                <span class="todo-text">{item.text}</span>
                <span class="visually-hidden"> ({STATUS_WORDS[item.status]})</span>
              </li>
            )}
          </For>
        </ul>
      </details>
    </Show>
  );
}
