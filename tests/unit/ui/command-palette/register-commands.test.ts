import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { createCommandRegistry } from '../../../../src/app/commands/command-registry';
import { createMemoryStore } from '../../../../src/store/memory-store';
import { registerCommands } from '../../../../src/ui/command-palette/register-commands';

describe('registerCommands', () => {
  it('lists a component’s commands while it lives, and drops them with it', () => {
    const registry = createCommandRegistry({
      settings: createMemoryStore().settings,
      onError: () => {},
    });
    const dispose = createRoot((dispose) => {
      registerCommands(registry, [{ id: 'panel.do', title: 'Do it', run: () => {} }]);
      return dispose;
    });
    expect(registry.commands().map((command) => command.title)).toEqual(['Do it']);
    dispose();
    expect(registry.commands()).toEqual([]);
  });
});
