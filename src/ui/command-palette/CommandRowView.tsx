import { For, Show } from 'solid-js';
import type { RankedCommand } from '../../app/commands/command-ranking';
import { chordKeys } from '../../app/commands/key-chord';
import { MarkedText } from '../quick-open/MarkedText';
import './command-palette.css';

/**
 * One command in the palette: its title (the matched letters marked), its category, why it
 * cannot run now (dimmed), and its shortcut as keys. The option's accessible name is the
 * title alone (set on the option); the shortcut is its `aria-keyshortcuts`.
 */
export function CommandRowView(props: { row: RankedCommand; apple: boolean; reasonId: string }) {
  const command = () => props.row.command;
  return (
    <>
      <span class="quick-open-name">
        <MarkedText text={command().title} positions={props.row.positions} />
      </span>
      <Show when={command().category}>
        <span class="quick-open-detail">{command().category}</span>
      </Show>
      <Show when={props.row.disabled}>
        <span id={props.reasonId} class="quick-open-detail command-disabled-reason">
          {props.row.disabled}
        </span>
      </Show>
      <Show when={command().keys}>
        {(keys) => (
          <span class="command-keys" aria-hidden="true">
            <For each={chordKeys(keys(), props.apple)}>{(key) => <kbd>{key}</kbd>}</For>
          </span>
        )}
      </Show>
    </>
  );
}
