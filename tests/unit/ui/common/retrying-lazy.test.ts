import { expect, test } from 'vitest';
import { retrying } from '../../../../src/ui/common/retrying-lazy';

test('a component whose chunk failed to load loads when it is asked for again', async () => {
  let calls = 0;
  const load = retrying(
    async () => {
      calls++;
      if (calls === 1) throw new TypeError('Importing a module script failed.');
      return { Panel: 'the panel' };
    },
    (module) => module.Panel,
  );
  await expect(load()).rejects.toThrow('Importing a module script failed.');
  await expect(load()).resolves.toEqual({ default: 'the panel' });
  expect(calls).toBe(2);
});
