import { For, onCleanup, onMount } from 'solid-js';

export interface MenuItem {
  label: string;
  run: () => void;
  danger?: boolean;
}

/**
 * A popup menu at a point (context menu or below a button). Arrow keys move, Enter runs,
 * Escape or a click elsewhere closes; focus returns to `returnFocus` when it closes.
 */
export function Menu(props: {
  label: string;
  items: MenuItem[];
  x: number;
  y: number;
  onClose: () => void;
  returnFocus?: HTMLElement;
}) {
  let menu!: HTMLUListElement;
  const items = () => [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const close = () => {
    props.onClose();
    props.returnFocus?.focus();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (!menu.contains(event.target as Node)) props.onClose();
  };
  onMount(() => {
    items()[0]?.focus();
    // Keep the menu inside the window.
    const rect = menu.getBoundingClientRect();
    if (rect.right > innerWidth) menu.style.left = `${Math.max(4, innerWidth - rect.width - 4)}px`;
    if (rect.bottom > innerHeight)
      menu.style.top = `${Math.max(4, innerHeight - rect.height - 4)}px`;
    document.addEventListener('pointerdown', onPointerDown, true);
  });
  onCleanup(() => document.removeEventListener('pointerdown', onPointerDown, true));
  const onKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') list[(at + 1) % list.length]?.focus();
    else if (event.key === 'ArrowUp') list[(at - 1 + list.length) % list.length]?.focus();
    else if (event.key === 'Home') list[0]?.focus();
    else if (event.key === 'End') list[list.length - 1]?.focus();
    else if (event.key === 'Escape' || event.key === 'Tab') close();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <ul
      ref={menu}
      class="menu"
      role="menu"
      aria-label={props.label}
      style={{ left: `${props.x}px`, top: `${props.y}px` }}
      onKeyDown={onKeyDown}
    >
      <For each={props.items}>
        {(item) => (
          <li
            role="menuitem"
            tabIndex={-1}
            classList={{ danger: item.danger }}
            onClick={() => {
              close();
              item.run();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                close();
                item.run();
              }
            }}
          >
            {item.label}
          </li>
        )}
      </For>
    </ul>
  );
}
