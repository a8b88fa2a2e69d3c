import { describe, expect, it } from 'vitest';
import { isCheckedTable, rowProblem } from '../../../src/store/row-schemas';

describe('row schemas', () => {
  it('accepts extra fields and absent, undefined or null optional ones', () => {
    const session = {
      id: 's1',
      workspaceId: 'w1',
      title: '',
      mode: 'agent',
      leafId: null,
      createdAt: 1,
      updatedAt: 2,
    };
    expect(rowProblem('sessions', session)).toBeUndefined();
    expect(rowProblem('sessions', { ...session, starred: undefined, model: null })).toBeUndefined();
    expect(rowProblem('sessions', { ...session, somethingNew: [1] })).toBeUndefined();
  });

  it('refuses what Cove dereferences, naming where', () => {
    expect(rowProblem('workspaces', { id: 'w1', name: 'A', createdAt: 1 })).toMatch(
      /^at updatedAt: /,
    );
    expect(rowProblem('workspaces', 'not a row')).toBeDefined();
    expect(rowProblem('workspaces', { id: '', name: 'A', createdAt: 1, updatedAt: 1 })).toMatch(
      /^at id: /,
    );
  });

  it('checks the values of the settings the start reads, by key', () => {
    expect(rowProblem('settings', { key: 'editor.tabs.w1', value: { paths: ['a.py'] } })).toBe(
      undefined,
    );
    expect(rowProblem('settings', { key: 'editor.tabs.w1', value: { paths: 'a.py' } })).toMatch(
      /^at value\.paths: /,
    );
    expect(
      rowProblem('settings', {
        key: 'editor.unsaved.w1',
        value: [{ path: 'a', text: 1, base: 1 }],
      }),
    ).toMatch(/^at value\[0\]\.text: /);
    expect(rowProblem('settings', { key: 'app.lastWorkspace', value: {} })).toMatch(/^value: /);
    // Keys read through their own checks, and sealed secrets, keep any value.
    expect(rowProblem('settings', { key: 'llm.providers', value: 7 })).toBeUndefined();
    expect(rowProblem('settings', { key: 'secret.providerKeys', value: { sealed: 1 } })).toBe(
      undefined,
    );
    expect(rowProblem('settings', { value: 1 })).toMatch(/^at key: /);
  });

  it('checks profile keys as far as a CryptoKey can be checked', () => {
    expect(rowProblem('profileKeys', { id: 'secrets', key: {}, createdAt: 1 })).toBeUndefined();
    expect(rowProblem('profileKeys', { id: 'secrets', key: 'raw', createdAt: 1 })).toMatch(/key/);
  });

  it('leaves unchecked tables alone', () => {
    expect(isCheckedTable('setAside')).toBe(false);
    expect(isCheckedTable('mcpServers')).toBe(false);
    expect(rowProblem('mcpServers', 5)).toBeUndefined();
  });
});
