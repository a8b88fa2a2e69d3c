import { describe, expect, it } from 'vitest';
import { PackageFilePolicy } from '../../../src/runtime/package-file-policy';

const INDEX = 'https://index.example/pyodide/v1/full/';
const LOCK = {
  packages: {
    numpy: { file_name: 'numpy-2.0-cp313-pyodide.whl' },
    evil: { file_name: '../../elsewhere.whl' },
    broken: { file_name: 42 },
  },
};

describe('PackageFilePolicy', () => {
  it('allows the package files the lock file lists, under the index', () => {
    const policy = new PackageFilePolicy('package-index', INDEX, LOCK);
    expect(policy.refusal(`${INDEX}numpy-2.0-cp313-pyodide.whl`)).toBeUndefined();
  });

  it('refuses other hosts, other files, queries and fragments: no proxy, no data in URLs', () => {
    const policy = new PackageFilePolicy('package-index', INDEX, LOCK);
    expect(policy.refusal('http://127.0.0.1:9999/steal')).toMatch(
      /blocked a connection to http:\/\/127\.0\.0\.1:9999\/steal: Python may only load packages from the package index/,
    );
    expect(policy.refusal(`${INDEX}numpy-2.0-cp313-pyodide.whl?key=sk-1`)).toMatch(/blocked/);
    expect(policy.refusal(`${INDEX}numpy-2.0-cp313-pyodide.whl#sk-1`)).toMatch(/blocked/);
    expect(policy.refusal(`${INDEX}not-listed.whl`)).toMatch(
      /lists no package file "not-listed.whl"/,
    );
    expect(policy.refusal(`${INDEX}../elsewhere.whl`)).toMatch(/blocked/);
    expect(policy.refusal('not a url')).toMatch(/not a URL/);
  });

  it('allows the configured lock file itself', () => {
    const lockUrl = 'https://mirror.example/lock.json';
    const policy = new PackageFilePolicy('package-index', INDEX, LOCK, lockUrl);
    expect(policy.refusal(lockUrl)).toBeUndefined();
  });

  it('with the network off, refuses everything and says where to change it', () => {
    const policy = new PackageFilePolicy('off', INDEX, LOCK);
    expect(policy.refusal(`${INDEX}numpy-2.0-cp313-pyodide.whl`)).toMatch(
      /Python's network access is off\. To allow it, change Settings → Python → Network/,
    );
  });

  it('a malformed lock file allows no files', () => {
    const policy = new PackageFilePolicy('any', INDEX, 'garbage');
    expect(policy.refusal(`${INDEX}numpy-2.0-cp313-pyodide.whl`)).toMatch(/lists no package file/);
  });
});
