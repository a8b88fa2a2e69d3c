import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import type { FetchLike } from '../../../src/llm/fetch-like';
import {
  FETCH_DEADLINE_MS,
  fetchUrlTool,
  MAX_FETCH_BYTES,
} from '../../../src/tools/web/fetch-url-tool';
import { checkFetchUrl } from '../../../src/tools/web/url-policy';
import type { WebToolContext } from '../../../src/tools/web/web-tool-context';

const ARTICLE = `<!doctype html><html><head><title>Site | Tides explained</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a> <a href="/shop">Shop</a></nav>
<article>
<h1>Tides explained</h1>
<p>Tides are the rise and fall of sea levels caused by the combined effects of the gravitational forces exerted by the Moon and the Sun, and the rotation of the Earth. ${'The Moon matters most. '.repeat(20)}</p>
<h2>Spring tides</h2>
<p>When the Sun and Moon line up, their pull adds up and tides run higher. See <a href="/glossary#spring">the glossary</a> for terms. ${'Alignment matters. '.repeat(20)}</p>
<pre><code>height = a * cos(w * t)</code></pre>
</article>
<script>trackEverything()</script>
<footer>© Example Ltd. Cookie settings.</footer>
</body></html>`;

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function respond(body: BodyInit | null, init: ResponseInit & { url?: string } = {}): Response {
  const response = new Response(body, init);
  if (init.url) Object.defineProperty(response, 'url', { value: init.url });
  return response;
}

/** What a page's fetch answers to `redirect: 'manual'`: no status, no headers, no target. */
function opaqueRedirect(): Response {
  const response = new Response(null);
  Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
  Object.defineProperty(response, 'status', { value: 0 });
  return response;
}

const redirect = (location: string, status = 302) =>
  respond(null, { status, headers: { location } });

function setup(
  handler: (url: string, init?: RequestInit) => Response | Promise<Response>,
  extra: Partial<WebToolContext> = {},
) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = String(input);
    calls.push({ url, init });
    return handler(url, init);
  };
  const controller = new AbortController();
  const context: WebToolContext = {
    signal: controller.signal,
    update: () => undefined,
    fetch,
    parseHtml: (html, url) => new JSDOM(html, { url }).window.document,
    clock: new ManualClock(0),
    ...extra,
  };
  return { context, calls, abort: () => controller.abort() };
}

const html = (body: string, init: ResponseInit & { url?: string } = {}) =>
  respond(body, { ...init, headers: { 'content-type': 'text/html; charset=utf-8' } });

describe('fetch_url', () => {
  it('turns an article page into readable Markdown with absolute links, without the clutter', async () => {
    const { context, calls } = setup(() => html(ARTICLE));
    const result = await fetchUrlTool.execute({ url: 'https://example.com/tides' }, context);
    expect(result.isError).toBeUndefined();
    expect(result.content).toMatch(
      /^# .*Tides explained\nSource: https:\/\/example.com\/tides\n\n/,
    );
    expect(result.content).toContain('\n\nTides are the rise and fall of sea levels');
    expect(result.content).toContain('## Spring tides');
    expect(result.content).toContain('[the glossary](https://example.com/glossary#spring)');
    expect(result.content).toContain('```\nheight = a * cos(w * t)\n```');
    expect(result.content).not.toContain('trackEverything');
    expect(result.content).not.toContain('Cookie settings');
    expect(result.content).not.toContain('[Shop]');
    expect(calls[0]!.init).toMatchObject({ method: 'GET', credentials: 'omit' });
  });

  it('converts a page that is not an article whole', async () => {
    const { context } = setup(() =>
      html(
        '<html><head><title>Index</title></head><body><ul><li><a href="a.html">A</a></li></ul></body></html>',
      ),
    );
    const result = await fetchUrlTool.execute({ url: 'https://example.com/docs/' }, context);
    expect(result.content).toContain('# Index');
    expect(result.content).toMatch(/^- +\[A\]\(https:\/\/example.com\/docs\/a.html\)$/m);
  });

  it('returns text and JSON as they are', async () => {
    const { context } = setup(() =>
      respond('{"tide": "high"}', { headers: { 'content-type': 'application/json' } }),
    );
    const result = await fetchUrlTool.execute({ url: 'https://api.example.com/now' }, context);
    expect(result.content).toBe('Source: https://api.example.com/now\n\n{"tide": "high"}');
  });

  it('refuses binary content', async () => {
    const { context } = setup(() =>
      respond(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } }),
    );
    const result = await fetchUrlTool.execute({ url: 'https://example.com/a.png' }, context);
    expect(result).toMatchObject({ isError: true });
    expect(result.content).toContain('is image/png, not text');
  });

  it('pages long text under the result cap and says where to read on', async () => {
    const text = 'x'.repeat(25_000);
    const { context } = setup(() => respond(text, { headers: { 'content-type': 'text/plain' } }));
    const first = await fetchUrlTool.execute({ url: 'https://example.com/big.txt' }, context);
    expect(first.content.length).toBeLessThanOrEqual(10_000);
    expect(first.content).toMatch(
      /Showing characters 0–(\d+) of 25000\. To read on, call fetch_url again with start=\1\./,
    );
    const end = Number(/start=(\d+)/.exec(first.content)![1]);
    const next = await fetchUrlTool.execute(
      { url: 'https://example.com/big.txt', start: end },
      context,
    );
    expect(next.content).toContain(`Showing characters ${end}–`);
  });

  it(`downloads at most ${MAX_FETCH_BYTES} bytes and says the page was cut`, async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode('y'.repeat(64 * 1024));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const { context } = setup(() =>
      respond(endless, { headers: { 'content-type': 'text/plain' } }),
    );
    const result = await fetchUrlTool.execute({ url: 'https://example.com/stream' }, context);
    expect(result.content).toContain('Only the first 2.0 MB of the response were downloaded');
    expect(result.details).toMatchObject({ characters: MAX_FETCH_BYTES, downloadTruncated: true });
    expect(pulled).toBeLessThan(MAX_FETCH_BYTES + 4 * chunk.length);
  });

  it.each([
    'http://127.0.0.1:8000/',
    'http://localhost/',
    'http://[::1]/',
    'http://10.1.2.3/',
    'http://172.20.0.1/',
    'http://192.168.1.1/admin',
    'http://169.254.169.254/latest/meta-data',
    'http://[fd12::1]/',
    'http://printer.local/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/',
    'http://localhost.:8080/',
    'http://LOCALHOST./',
    'http://app.localhost./',
    'http://0x7f000001/',
    'http://127.1/',
    'http://0177.0.0.1/',
    'http://0.0.0.0/',
    'http://[::]/',
    'http://[::7f00:1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://100.64.0.1/',
    'http://224.0.0.251/',
    'http://255.255.255.255/',
    'http://240.0.0.1/',
  ])('refuses the local address %s unless the user allows it', async (url) => {
    const { context, calls } = setup(() => html('<p>secret</p>'));
    const refused = await fetchUrlTool.execute({ url }, context);
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain('does not reach this computer or private networks');
    expect(calls).toHaveLength(0);
    const allowed = await fetchUrlTool.execute({ url }, { ...context, allowPrivateNetwork: true });
    expect(allowed.isError).toBeUndefined();
  });

  it('checks every redirect before it follows it, and never requests a refused host', async () => {
    const { context, calls } = setup((url) => {
      if (url === 'https://example.com/go') return redirect('http://localhost.:8080/admin');
      return html('<p>router admin</p>');
    });
    const result = await fetchUrlTool.execute({ url: 'https://example.com/go' }, context);
    expect(result.isError).toBe(true);
    expect(result.content).toContain(
      'https://example.com/go redirects to http://localhost.:8080/admin, which is refused',
    );
    expect(calls.map((call) => call.url)).toEqual(['https://example.com/go']);
    expect(calls[0]!.init).toMatchObject({ redirect: 'manual', credentials: 'omit' });
  });

  it('follows allowed redirects by hand, relative ones too, and names where it landed', async () => {
    const { context, calls } = setup((url) => {
      if (url === 'http://example.com/docs') return redirect('https://example.com/docs', 301);
      if (url === 'https://example.com/docs') return redirect('/docs/', 308);
      return html('<html><head><title>Docs</title></head><body><p>Welcome</p></body></html>');
    });
    const result = await fetchUrlTool.execute({ url: 'http://example.com/docs' }, context);
    expect(result.isError).toBeUndefined();
    expect(result.content).toContain('Source: https://example.com/docs/');
    expect(calls.map((call) => [call.url, call.init?.redirect])).toEqual([
      ['http://example.com/docs', 'manual'],
      ['https://example.com/docs', 'manual'],
      ['https://example.com/docs/', 'manual'],
    ]);
  });

  it('stops after 10 redirects', async () => {
    const { context, calls } = setup((url) => redirect(`${url}x`));
    const result = await fetchUrlTool.execute({ url: 'https://example.com/a' }, context);
    expect(result.content).toBe(
      'https://example.com/a redirects more than 10 times; nothing was read.',
    );
    expect(calls).toHaveLength(11);
  });

  it('refuses a redirect the browser hides, saying what to fetch instead, unless private networks are allowed', async () => {
    const { context, calls } = setup(() => opaqueRedirect());
    const refused = await fetchUrlTool.execute({ url: 'http://example.com/docs' }, context);
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain('http://example.com/docs redirects to another address');
    expect(refused.content).toContain('fetch that address directly');
    expect(refused.content).toContain('https://example.com/docs or http://example.com/docs/');
    expect(refused.content).toContain('Settings → Agent');
    expect(refused.details).toEqual({ redirectsFrom: 'http://example.com/docs' });
    expect(calls).toHaveLength(1);

    const followed = setup((_url, init) =>
      init?.redirect === 'follow'
        ? respond('landed', { headers: { 'content-type': 'text/plain' }, url: 'http://10.0.0.2/x' })
        : opaqueRedirect(),
    );
    const result = await fetchUrlTool.execute(
      { url: 'http://example.com/docs' },
      { ...followed.context, allowPrivateNetwork: true },
    );
    expect(result.content).toBe('Source: http://10.0.0.2/x\n\nlanded');
    expect(followed.calls.map((call) => call.init?.redirect)).toEqual(['manual', 'follow']);
  });

  it('stops at its deadline, aborts the request and says so', async () => {
    const clock = new ManualClock(0);
    let requestSignal: AbortSignal | undefined;
    const { context } = setup(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          requestSignal = init?.signal ?? undefined;
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
      { clock },
    );
    const pending = fetchUrlTool.execute({ url: 'https://slow.example/' }, context);
    await clock.advance(FETCH_DEADLINE_MS - 1);
    expect(requestSignal?.aborted).toBe(false);
    await clock.advance(1);
    const result = await pending;
    expect(requestSignal?.aborted).toBe(true);
    expect(result).toMatchObject({ isError: true });
    expect(result.content).toBe(
      'https://slow.example/ did not answer in full within 30 s, so fetch_url stopped the request; nothing was read. Try again later, or look for the content elsewhere.',
    );
  });

  // Invariant 11: hard limits win, and the UI is usable afterwards.
  it('stops a download that trickles past the deadline', async () => {
    const clock = new ManualClock(0);
    let cancelled = false;
    const trickle = new ReadableStream<Uint8Array>({
      pull: () => new Promise(() => undefined),
      cancel: () => {
        cancelled = true;
      },
    });
    const { context } = setup(
      () => respond(trickle, { headers: { 'content-type': 'text/plain' } }),
      { clock },
    );
    const pending = fetchUrlTool.execute({ url: 'https://slow.example/big' }, context);
    await clock.advance(FETCH_DEADLINE_MS);
    const result = await pending;
    expect(result.content).toContain('did not answer in full within 30 s');
    expect(cancelled).toBe(true);
  });

  it('hands Stop on as an abort, not as a result', async () => {
    const { context, abort } = setup(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = fetchUrlTool.execute({ url: 'https://slow.example/' }, context);
    abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses other schemes and credentials in the URL', () => {
    expect(checkFetchUrl('file:///etc/passwd', false)).toMatchObject({ ok: false });
    expect(checkFetchUrl('ftp://example.com/', false)).toMatchObject({ ok: false });
    expect(checkFetchUrl('https://user:pw@example.com/', false)).toMatchObject({ ok: false });
    expect(checkFetchUrl('not a url', false)).toMatchObject({ ok: false });
    expect(checkFetchUrl('https://example.com/', false)).toMatchObject({ ok: true });
  });

  it('says a CORS refusal is one, when the site answered a no-cors probe', async () => {
    // A no-cors probe must follow redirects, so it is only sent when every host is allowed.
    const { context } = setup(
      (_url, init) => {
        if (init?.mode === 'no-cors') return respond(null, { status: 200 });
        throw new TypeError('Failed to fetch');
      },
      { allowPrivateNetwork: true },
    );
    const result = await fetchUrlTool.execute({ url: 'https://example.com/' }, context);
    expect(result.isError).toBe(true);
    expect(result.content).toContain('the site does not allow pages to read it (CORS)');
    expect(result.content).not.toContain('could not be reached');
  });

  it('says an unreachable site is one', async () => {
    const { context } = setup(
      () => {
        throw new TypeError('Failed to fetch');
      },
      { allowPrivateNetwork: true },
    );
    const result = await fetchUrlTool.execute({ url: 'https://nowhere.example/' }, context);
    expect(result.content).toContain('Could not reach https://nowhere.example/: no answer');
  });

  it('sends no probe, which would follow redirects, while private networks are refused', async () => {
    const { context, calls } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const result = await fetchUrlTool.execute({ url: 'https://example.com/' }, context);
    expect(calls).toHaveLength(1);
    expect(result.content).toContain('either the site does not allow pages to read it (CORS)');
    expect(result.content).toContain('Or the site could not be reached');
  });

  it('reports an HTTP error status', async () => {
    const { context } = setup(() => respond('gone', { status: 404, statusText: 'Not Found' }));
    const result = await fetchUrlTool.execute({ url: 'https://example.com/x' }, context);
    expect(result).toMatchObject({
      isError: true,
      content: 'https://example.com/x answered 404 Not Found; nothing was read.',
    });
  });

  it('needs network approval and previews the URL', async () => {
    const { context } = setup(() => html(''));
    expect([fetchUrlTool.approval, fetchUrlTool.needs]).toEqual(['network', 'web']);
    expect(await fetchUrlTool.preview!({ url: 'https://example.com' }, context)).toEqual({
      summary: 'Fetch https://example.com/',
    });
  });
});
