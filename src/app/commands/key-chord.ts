/**
 * A keyboard shortcut as data: one key and the modifiers held with it. `mod` is the
 * platform's command key (Cmd on Apple systems, Ctrl elsewhere), so one chord serves both.
 * The same chord matches a key press and is shown to the person, so the two cannot drift.
 */
export interface KeyChord {
  /** The key as `KeyboardEvent.key` names it: a letter (either case), "Enter", "F5"… */
  key: string;
  mod?: boolean;
  shift?: boolean;
  alt?: boolean;
}

/** The parts of a keyboard event that decide whether it is a chord. */
export type ChordEvent = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/**
 * Whether `event` is `chord` on this platform: its key (by the character, so the letter of
 * the person's layout, case ignored) with exactly its modifiers. On Apple systems Ctrl never
 * stands for `mod`: Ctrl+letter is the text fields' own editing there (Ctrl+P, previous line).
 */
export function matchesChord(event: ChordEvent, chord: KeyChord, apple: boolean): boolean {
  if (event.key.toLowerCase() !== chord.key.toLowerCase()) return false;
  if (event.shiftKey !== Boolean(chord.shift) || event.altKey !== Boolean(chord.alt)) return false;
  const mod = Boolean(chord.mod);
  return apple ? event.metaKey === mod && !event.ctrlKey : event.ctrlKey === mod && !event.metaKey;
}

/**
 * The keys to show for `chord`, in the order they are held: ["Ctrl", "Shift", "P"], or
 * ["Cmd", "Shift", "P"] on Apple systems (Alt is "Option" there). Letters are capitals.
 */
export function chordKeys(chord: KeyChord, apple: boolean): string[] {
  return [
    ...(chord.mod ? [apple ? 'Cmd' : 'Ctrl'] : []),
    ...(chord.shift ? ['Shift'] : []),
    ...(chord.alt ? [apple ? 'Option' : 'Alt'] : []),
    keyName(chord.key),
  ];
}

/** `chord` as written in a sentence or a tooltip: "Ctrl+Shift+P", "Cmd+Enter". */
export function chordLabel(chord: KeyChord, apple: boolean): string {
  return chordKeys(chord, apple).join('+');
}

/**
 * `chord` in the form of the `aria-keyshortcuts` attribute ("Control+Shift+P",
 * "Meta+Enter"), which names modifiers by their `KeyboardEvent` names.
 */
export function ariaKeyShortcuts(chord: KeyChord, apple: boolean): string {
  return [
    ...(chord.mod ? [apple ? 'Meta' : 'Control'] : []),
    ...(chord.shift ? ['Shift'] : []),
    ...(chord.alt ? ['Alt'] : []),
    keyName(chord.key),
  ].join('+');
}

const keyName = (key: string) => (key.length === 1 ? key.toUpperCase() : key);
