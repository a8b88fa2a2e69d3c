import { createSignal, onCleanup, type Accessor } from 'solid-js';

/** Whether a CSS media query matches, kept current; released with its owner. */
export function createMediaQuery(query: string): Accessor<boolean> {
  const list = window.matchMedia(query);
  const [matches, setMatches] = createSignal(list.matches);
  const listener = (event: MediaQueryListEvent) => setMatches(event.matches);
  list.addEventListener('change', listener);
  onCleanup(() => list.removeEventListener('change', listener));
  return matches;
}
