import type { JSX } from 'solid-js';

/** Stroke paths of the sessions UI's own icons (16×16, like src/ui/common/icons.tsx). */
const paths = {
  // Three lines with bullets: the list of conversations.
  list: 'M5.5 4h8 M5.5 8h8 M5.5 12h8 M2.5 4h.01 M2.5 8h.01 M2.5 12h.01',
  // A stem with two branches ending in dots: the tree of a conversation.
  tree: 'M4 2.5v11 M4 5.5h3.5 M4 11.5h3.5 M12.5 5.5a1.75 1.75 0 1 1-3.5 0 1.75 1.75 0 1 1 3.5 0 M12.5 11.5a1.75 1.75 0 1 1-3.5 0 1.75 1.75 0 1 1 3.5 0',
  // A stem that splits in two (a Y): a fork.
  fork: 'M8 13.5V9 M8 9 4.5 5.5V2.5 M8 9l3.5-3.5V2.5',
  star: 'M8 1.8l1.9 3.9 4.3.6-3.1 3 .7 4.3L8 11.6l-3.8 2 .7-4.3-3.1-3 4.3-.6z',
} as const;

/** An icon of the sessions UI; `filled` fills the shape (a starred star). */
export function SessionIcon(props: { name: keyof typeof paths; filled?: boolean }): JSX.Element {
  return (
    <svg
      viewBox="0 0 16 16"
      fill={props.filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      stroke-width="1.3"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
    >
      <path d={paths[props.name]} />
    </svg>
  );
}
