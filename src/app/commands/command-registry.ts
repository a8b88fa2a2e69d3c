import { createSignal, untrack, type Accessor } from 'solid-js';
import type { SettingsStore } from '../../store/settings-store';
import { withRecent } from '../recent-files';
import type { Command } from './command';

/** How many recently run commands are remembered. */
export const RECENT_COMMANDS_LIMIT = 20;

/** Where the ids of the recently run commands are kept (all workspaces share them). */
export const RECENT_COMMANDS_KEY = 'commands.recent';

/**
 * Every command of the app, as the command palette lists them. The parts of the interface
 * that own an action register it (the output panel its Run, the files panel its New file…),
 * so a command lives exactly as long as its handler, and is gone with it.
 */
export interface CommandRegistry {
  /**
   * Adds commands: a list, or an accessor read again whenever what it reads changes (a
   * command per workspace, a title that follows the theme). Returns their removal. When two
   * registered commands share an id, the one registered first is kept.
   */
  register(commands: readonly Command[] | Accessor<readonly Command[]>): () => void;
  /** The registered commands, in the order they were registered. */
  readonly commands: Accessor<readonly Command[]>;
  /** Ids of the commands run most recently, newest first; may name commands gone since. */
  readonly recent: Accessor<readonly string[]>;
  /**
   * Runs a command unless it is disabled now, and remembers it as the most recent. A throw
   * or a rejection is reported to `onError`. Returns whether it ran.
   */
  run(command: Command): boolean;
  /** Reads the recently run commands that were stored (empty when they cannot be read). */
  load(): Promise<void>;
}

export function createCommandRegistry(deps: {
  settings: SettingsStore;
  /** Told when a command fails or the recent list cannot be stored. */
  onError: (error: unknown, context: string) => void;
}): CommandRegistry {
  const [sources, setSources] = createSignal<readonly Accessor<readonly Command[]>[]>([]);
  const [recent, setRecent] = createSignal<readonly string[]>([]);

  const commands = () => {
    const seen = new Set<string>();
    return sources()
      .flatMap((source) => source())
      .filter((command) => !seen.has(command.id) && Boolean(seen.add(command.id)));
  };

  function remember(id: string) {
    const next = withRecent(recent(), id, RECENT_COMMANDS_LIMIT);
    setRecent(next);
    deps.settings
      .set(RECENT_COMMANDS_KEY, next)
      .catch((error: unknown) => deps.onError(error, 'Could not store the recent commands'));
  }

  return {
    register(list) {
      const source = typeof list === 'function' ? list : () => list;
      setSources((all) => [...all, source]);
      return () => setSources((all) => all.filter((each) => each !== source));
    },
    commands,
    recent,
    run(command) {
      // Called from event handlers and effects alike: nothing here subscribes the caller.
      return untrack(() => {
        if (command.disabledReason?.()) return false;
        remember(command.id);
        const failed = (error: unknown) => deps.onError(error, `“${command.title}” failed`);
        try {
          const result = command.run();
          if (result instanceof Promise) result.catch(failed);
        } catch (error) {
          failed(error);
        }
        return true;
      });
    },
    async load() {
      const saved = await deps.settings.get<unknown>(RECENT_COMMANDS_KEY).catch(() => undefined);
      if (!Array.isArray(saved)) return;
      const stored = saved.filter((id): id is string => typeof id === 'string');
      // Commands run while reading stay first.
      const now = recent();
      setRecent(
        [...now, ...stored.filter((id) => !now.includes(id))].slice(0, RECENT_COMMANDS_LIMIT),
      );
    },
  };
}
