import { describe, expect, it, vi } from 'vitest';
import type { HostFetchResult } from '../../../../src/runtime/python-protocol';
import { makeSandboxFetch } from '../../../../src/runtime/sandbox/sandbox-fetch';
import { guardNetworkApis, type NetworkScope } from '../../../../src/runtime/sandbox/network-guard';

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

function setup(answer: HostFetchResult) {
  const fallback = vi.fn(async () => new Response('from the network'));
  const host = { fetchPackageFile: vi.fn(async () => answer) };
  const refused: string[] = [];
  const fetch = makeSandboxFetch({
    files: new Map([
      ['https://core.invalid/a.wasm', { bytes: bytes('wasm'), contentType: 'application/wasm' }],
    ]),
    routed: (url) => url.startsWith('https://index.example/'),
    host,
    fallback: fallback as unknown as typeof globalThis.fetch,
    onRefused: (message) => refused.push(message),
  });
  return { fetch, fallback, host, refused };
}

describe('the sandbox fetch', () => {
  it('serves core files from memory with their type', async () => {
    const { fetch, fallback } = setup({ ok: false, status: 0, message: 'no' });
    const response = await fetch('https://core.invalid/a.wasm');
    expect(response.headers.get('content-type')).toBe('application/wasm');
    expect(await response.text()).toBe('wasm');
    expect(fallback).not.toHaveBeenCalled();
  });

  it('asks the page for package files; a refusal is a network error that says why', async () => {
    const { fetch, host, refused } = setup({ ok: false, status: 0, message: 'network is off' });
    await expect(fetch('https://index.example/p.whl')).rejects.toThrow('network is off');
    expect(host.fetchPackageFile).toHaveBeenCalledWith('https://index.example/p.whl');
    expect(refused).toEqual(['network is off']);
  });

  it('passes the page’s bytes and HTTP errors on as responses', async () => {
    const ok = setup({
      ok: true,
      status: 200,
      contentType: 'application/zip',
      bytes: bytes('whl'),
    });
    expect(await (await ok.fetch('https://index.example/p.whl')).text()).toBe('whl');
    const missing = setup({ ok: false, status: 404, message: 'answered HTTP 404' });
    expect((await missing.fetch('https://index.example/p.whl')).status).toBe(404);
  });

  it('leaves everything else to the fallback (where the policy decides)', async () => {
    const { fetch, fallback } = setup({ ok: false, status: 0, message: 'no' });
    expect(await (await fetch('https://other.example/')).text()).toBe('from the network');
    expect(fallback).toHaveBeenCalledOnce();
  });
});

describe('the network guard', () => {
  // Invariant 16: code Cove runs cannot reach keys, storage or other hosts.
  it('refuses fetch, XMLHttpRequest, WebSocket and EventSource with the reason, reporting each', async () => {
    const opened: string[] = [];
    class FakeXhr {
      open(method: string, url: string) {
        opened.push(`${method} ${url}`);
      }
    }
    class FakeSocket {
      constructor(readonly url: string) {
        opened.push(`socket ${url}`);
      }
    }
    const scope = {
      XMLHttpRequest: FakeXhr,
      WebSocket: FakeSocket,
      EventSource: FakeSocket,
    } as unknown as NetworkScope;
    const reports: string[] = [];
    const platform = vi.fn(async () => new Response('ok'));
    const fetch = guardNetworkApis(
      scope,
      platform as unknown as typeof globalThis.fetch,
      (url) => (url.includes('blocked') ? `blocked ${url}` : undefined),
      (message) => reports.push(message),
    );
    await expect(fetch('http://blocked/1')).rejects.toThrow('blocked http://blocked/1');
    expect(await (await fetch('http://fine/')).text()).toBe('ok');
    expect(() => new scope.XMLHttpRequest!().open('GET', 'http://blocked/2')).toThrow(TypeError);
    new scope.XMLHttpRequest!().open('GET', 'http://fine/x');
    expect(() => new scope.WebSocket!('ws://blocked/3')).toThrow('blocked ws://blocked/3');
    expect(() => new scope.EventSource!('http://blocked/4')).toThrow(TypeError);
    expect(new scope.WebSocket!('ws://fine/')).toBeInstanceOf(FakeSocket);
    expect(reports).toEqual([
      'blocked http://blocked/1',
      'blocked http://blocked/2',
      'blocked ws://blocked/3',
      'blocked http://blocked/4',
    ]);
    expect(opened).toEqual(['GET http://fine/x', 'socket ws://fine/']);
  });
});
