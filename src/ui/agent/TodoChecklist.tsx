import { For, Show } from 'solid-js';
import { useI18n } from '../common/i18n';

/** One step of the agent's plan. */
export interface TodoStep {
  text: string;
  status: 'pending' | 'in_progress' | 'done';
}

/**
 * The agent's plan (todo_write) as a checklist above the conversation: done steps ticked
 * and struck through, the current one marked. Nothing is shown while the plan is empty.
 */
export function TodoChecklist(props: { items: readonly TodoStep[] }) {
  const { t, formats } = useI18n();
  const done = () => props.items.filter((item) => item.status === 'done').length;
  return (
    <Show when={props.items.length}>
      <details class="todo-checklist" open>
        <summary>
          {t('plan.title')}{' '}
          <span class="todo-count">
            {t('plan.count', formats().number(done()), formats().number(props.items.length))}
          </span>
        </summary>
        <ul aria-label={t('plan.title')}>
          <For each={props.items}>
            {(item) => (
              <li class="todo-item" data-status={item.status}>
                <span class="todo-mark" aria-hidden="true">
                  {item.status === 'done' ? '✓' : item.status === 'in_progress' ? '▸' : ''}
                </span>
                <span class="todo-text">{item.text}</span>
                <span class="visually-hidden"> ({t(`plan.${item.status}`)})</span>
              </li>
            )}
          </For>
        </ul>
      </details>
    </Show>
  );
}
