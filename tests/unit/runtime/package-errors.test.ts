import { describe, expect, it } from 'vitest';
import { describePackageFailure, probePackageUrl } from '../../../src/runtime/package-errors';

const index = 'https://example.org/pyodide/';
const answer = (status: number, contentType = 'application/zip') =>
  (async () =>
    new Response('x', { status, headers: { 'content-type': contentType } })) as typeof fetch;

describe('probePackageUrl', () => {
  it('tells unreachable, missing, HTML fallbacks, server errors and available apart', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await probePackageUrl(`${index}a.whl`, offline)).toEqual({ kind: 'unreachable' });
    expect(await probePackageUrl(`${index}a.whl`, answer(404))).toEqual({
      kind: 'missing',
      status: 404,
    });
    expect(await probePackageUrl(`${index}a.whl`, answer(200, 'text/html'))).toMatchObject({
      kind: 'not-a-package',
    });
    expect(await probePackageUrl(`${index}a.whl`, answer(503))).toEqual({
      kind: 'http-error',
      status: 503,
    });
    expect(await probePackageUrl(`${index}a.whl`, answer(200))).toEqual({ kind: 'available' });
  });
});

describe('describePackageFailure', () => {
  it('names the package and the cause', () => {
    const base = { name: 'numpy', indexUrl: index };
    expect(
      describePackageFailure({ ...base, probe: { kind: 'unreachable' }, online: false }),
    ).toMatch(/^could not load numpy: offline and not cached/);
    expect(
      describePackageFailure({ ...base, probe: { kind: 'unreachable' }, online: true }),
    ).toMatch(/^could not load numpy: https:\/\/example.org\/pyodide\/ could not be reached/);
    expect(
      describePackageFailure({ ...base, probe: { kind: 'missing', status: 404 }, online: true }),
    ).toBe('could not load numpy: not available from https://example.org/pyodide/');
    expect(
      describePackageFailure({ ...base, probe: { kind: 'http-error', status: 500 }, online: true }),
    ).toBe('could not load numpy: https://example.org/pyodide/ answered HTTP 500');
    expect(
      describePackageFailure({
        ...base,
        probe: { kind: 'available' },
        online: true,
        detail: 'Integrity check failed\nmore',
      }),
    ).toBe('could not load numpy: Integrity check failed');
  });
});
