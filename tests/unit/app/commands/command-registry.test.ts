import { createRoot, createSignal } from 'solid-js';
import { describe, expect, it, vi } from 'vitest';
import type { Command } from '../../../../src/app/commands/command';
import {
  createCommandRegistry,
  RECENT_COMMANDS_KEY,
  RECENT_COMMANDS_LIMIT,
} from '../../../../src/app/commands/command-registry';
import { createMemoryStore } from '../../../../src/store/memory-store';

const command = (id: string, more: Partial<Command> = {}): Command => ({
  id,
  title: id,
  run: vi.fn(),
  ...more,
});
const written = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const store = createMemoryStore();
  const onError = vi.fn();
  const make = () => createCommandRegistry({ settings: store.settings, onError });
  return { store, onError, registry: make(), make };
}

describe('createCommandRegistry', () => {
  it('lists what is registered, in order, until it is removed', () => {
    const { registry } = setup();
    const removeA = registry.register([command('a'), command('b')]);
    registry.register([command('c')]);
    expect(registry.commands().map((c) => c.id)).toEqual(['a', 'b', 'c']);
    removeA();
    expect(registry.commands().map((c) => c.id)).toEqual(['c']);
  });

  it('keeps the first of two commands with one id', () => {
    const { registry } = setup();
    registry.register([command('a', { title: 'first' })]);
    registry.register([command('a', { title: 'second' })]);
    expect(registry.commands().map((c) => c.title)).toEqual(['first']);
  });

  it('reads a registered accessor again when what it reads changes', () => {
    createRoot((dispose) => {
      const { registry } = setup();
      const [names, setNames] = createSignal(['one']);
      registry.register(() => names().map((name) => command(`open.${name}`)));
      expect(registry.commands().map((c) => c.id)).toEqual(['open.one']);
      setNames(['one', 'two']);
      expect(registry.commands().map((c) => c.id)).toEqual(['open.one', 'open.two']);
      dispose();
    });
  });

  it('runs an enabled command and remembers it, newest first, across visits', async () => {
    const { registry, make } = setup();
    const a = command('a');
    const b = command('b');
    expect(registry.run(a)).toBe(true);
    registry.run(b);
    registry.run(a);
    expect(a.run).toHaveBeenCalledTimes(2);
    expect(registry.recent()).toEqual(['a', 'b']);
    await written();
    const later = make();
    await later.load();
    expect(later.recent()).toEqual(['a', 'b']);
  });

  it('does not run a disabled command, nor remember it', () => {
    const { registry } = setup();
    const off = command('off', { disabledReason: () => 'Not now.' });
    expect(registry.run(off)).toBe(false);
    expect(off.run).not.toHaveBeenCalled();
    expect(registry.recent()).toEqual([]);
  });

  it('reports a command that throws or rejects', async () => {
    const { registry, onError } = setup();
    const boom = new Error('boom');
    registry.run(
      command('throws', {
        run: () => {
          throw boom;
        },
      }),
    );
    registry.run(command('rejects', { run: () => Promise.reject(boom) }));
    await written();
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledWith(boom, '“throws” failed');
    expect(onError).toHaveBeenCalledWith(boom, '“rejects” failed');
  });

  it('keeps the recent list short, and reads a damaged one as empty', async () => {
    const { registry, store, make } = setup();
    for (let i = 0; i < RECENT_COMMANDS_LIMIT + 5; i++) registry.run(command(`c${i}`));
    expect(registry.recent()).toHaveLength(RECENT_COMMANDS_LIMIT);
    await store.settings.set(RECENT_COMMANDS_KEY, { not: 'a list' });
    const later = make();
    await later.load();
    expect(later.recent()).toEqual([]);
  });

  it('commands run while the stored list is read stay first', async () => {
    const { store, make } = setup();
    await store.settings.set(RECENT_COMMANDS_KEY, ['old', 'a', 7]);
    const registry = make();
    const loading = registry.load();
    registry.run(command('a'));
    await loading;
    expect(registry.recent()).toEqual(['a', 'old']);
  });
});
