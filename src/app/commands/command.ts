import type { KeyChord } from './key-chord';

/**
 * One action of the app by name, as the command palette lists it. A command only names an
 * action that exists elsewhere (a button, a menu, a key): `run` calls the same service
 * function or handler, never a second implementation of it.
 */
export interface Command {
  /** Stable and unique ("python.run"); recently used commands are remembered by it. */
  readonly id: string;
  /** What it does, in sentence case; "…" when it asks something before acting. */
  readonly title: string;
  /** The area it belongs to ("Python", "Files"), shown beside the title. */
  readonly category?: string;
  /** Its keyboard shortcut, where it has one. */
  readonly keys?: KeyChord;
  /**
   * Why it cannot run now (a sentence the palette shows), or undefined when it can. Read
   * where it is shown, so it may read signals. Absent: always available.
   */
  readonly disabledReason?: () => string | undefined;
  /** Does it. A rejected promise or a throw is reported, never left unhandled. */
  run(): unknown;
}
