import { describe, expect, it } from 'vitest';
import {
  blockedConnectionMessage,
  isPythonNetworkAccess,
  sandboxConnectSources,
} from '../../../src/runtime/python-network';
import { resolvePythonSettings } from '../../../src/runtime/runtime-settings';

describe('Python network setting', () => {
  it('defaults to the package index only', () => {
    expect(resolvePythonSettings({}).network).toBe('package-index');
  });

  it('refuses a stored value that is not a setting', () => {
    expect(() => resolvePythonSettings({ network: 'everything' as never })).toThrow(
      /not a network setting/,
    );
    expect(isPythonNetworkAccess('any')).toBe(true);
    expect(isPythonNetworkAccess(undefined)).toBe(false);
  });

  it('opens the sandbox policy only for any host', () => {
    expect(sandboxConnectSources('off')).toBe("'none'");
    expect(sandboxConnectSources('package-index')).toBe("'none'");
    expect(sandboxConnectSources('any')).toBe('http: https: ws: wss:');
  });

  it('tells what was blocked and where to allow it', () => {
    expect(blockedConnectionMessage('http://h/', 'package-index')).toContain(
      'change Settings → Python → Network (code could then send your files anywhere)',
    );
    expect(blockedConnectionMessage('http://h/', 'off')).toContain(
      "Python's network access is off",
    );
  });
});
