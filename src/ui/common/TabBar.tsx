import { For } from 'solid-js';

/** One tab of a {@link TabBar}. */
export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  title: string;
}

/**
 * A row of tabs as the ARIA pattern has them: one Tab stop (the selected tab), arrow keys
 * move between them. Tab `id` is `${prefix}-tab-${id}` and controls `${prefix}-panel-${id}`,
 * which the caller renders with role tabpanel.
 */
export function TabBar<Id extends string>(props: {
  prefix: string;
  label: string;
  class: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  /** `byArrow`: chosen with an arrow key, so the focus stays on the tab. */
  onSelect: (id: Id, byArrow: boolean) => void;
}) {
  const elements: HTMLButtonElement[] = [];
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const tabs = props.tabs;
    const next = (index + step + tabs.length) % tabs.length;
    props.onSelect(tabs[next]!.id, true);
    elements[next]?.focus();
  };
  return (
    <div class={`tab-bar ${props.class}`} role="tablist" aria-label={props.label}>
      <For each={props.tabs}>
        {(tab, index) => (
          <button
            ref={(element) => (elements[index()] = element)}
            type="button"
            role="tab"
            id={`${props.prefix}-tab-${tab.id}`}
            aria-selected={props.selected === tab.id}
            aria-controls={`${props.prefix}-panel-${tab.id}`}
            tabIndex={props.selected === tab.id ? 0 : -1}
            title={tab.title}
            onClick={() => props.onSelect(tab.id, false)}
            onKeyDown={(event) => onKeyDown(event, index())}
          >
            {tab.label}
          </button>
        )}
      </For>
    </div>
  );
}
