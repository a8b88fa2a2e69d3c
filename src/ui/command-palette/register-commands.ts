import { onCleanup, type Accessor } from 'solid-js';
import type { Command } from '../../app/commands/command';
import type { CommandRegistry } from '../../app/commands/command-registry';

/**
 * Registers the commands of the component being created, and removes them with it (a panel
 * that reloads after an error registers its own again). Call where the actions' handlers
 * live, so each command's `run` is the very handler its button calls.
 */
export function registerCommands(
  registry: CommandRegistry,
  commands: readonly Command[] | Accessor<readonly Command[]>,
): void {
  onCleanup(registry.register(commands));
}
