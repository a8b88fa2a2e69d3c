import { describe, expect, it } from 'vitest';
import pyodidePackage from 'pyodide/package.json';
import loaderSource from 'pyodide/pyodide.mjs?raw';
import {
  DEFAULT_PACKAGE_INDEX_URL,
  DEFAULT_PYTHON_SETTINGS,
  PYODIDE_VERSION,
  resolvePythonSettings,
} from '../../../src/runtime/runtime-settings';

describe('runtime settings', () => {
  it('names the installed Pyodide and the URL scheme its loader uses', () => {
    expect(PYODIDE_VERSION).toBe(pyodidePackage.version);
    expect(loaderSource).toContain('https://cdn.jsdelivr.net/pyodide/v${');
    expect(DEFAULT_PACKAGE_INDEX_URL).toBe(
      `https://cdn.jsdelivr.net/pyodide/v${pyodidePackage.version}/full/`,
    );
  });

  it('fills defaults and adds the trailing slash of a folder URL', () => {
    expect(resolvePythonSettings({})).toEqual(DEFAULT_PYTHON_SETTINGS);
    expect(
      resolvePythonSettings({ packageIndexUrl: 'http://127.0.0.1:9000/py' }).packageIndexUrl,
    ).toBe('http://127.0.0.1:9000/py/');
    expect(resolvePythonSettings({ lockFileUrl: '' })).not.toHaveProperty('lockFileUrl');
  });

  it.each([
    [{ timeoutMs: 10 }, /out of range/],
    [{ timeoutMs: Number.NaN }, /out of range/],
    [{ packageIndexUrl: 'not a url' }, /is not a URL/],
    [{ packageIndexUrl: 'file:///etc/' }, /must start with https/],
    [{ lockFileUrl: 'ftp://x/lock.json' }, /must start with https/],
  ])('refuses %j', (input, message) => {
    expect(() => resolvePythonSettings(input)).toThrow(message);
  });
});
