import { stringArgument } from '../call-summary';
import { isAbortError } from '../../base/errors';
import { probeReachability } from '../../llm/cors-probe';
import { formatBytes } from '../../workspace/file-content';
import { errorResult } from '../files/file-tool-results';
import { outputBudget } from '../python/tool-output';
import type { Tool, ToolResult } from '../tool';
import { readCappedBody } from './capped-body';
import { fetchChecked, type CheckedFetch } from './checked-fetch';
import { checkFetchUrl } from './url-policy';
import type { WebToolContext } from './web-tool-context';

export type FetchUrlArgs = { url: string; start?: number };

/** Most bytes of a response fetch_url downloads; the rest is not read. */
export const MAX_FETCH_BYTES = 2 * 1024 * 1024;

/** Content types read as text as they are (HTML is converted, everything else refused). */
const TEXT_TYPES =
  /^(text\/|application\/(json|[\w.+-]+\+json|xml|[\w.+-]+\+xml|javascript|x-python|yaml|x-yaml|toml|csv|x-ndjson))/;
const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)/;

/** The charset a Content-Type names, if TextDecoder knows it; else UTF-8. */
function decoderFor(contentType: string): TextDecoder {
  const charset = /charset="?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

/** Longest a fetch_url call may take, from the first request to the last byte read. */
export const FETCH_DEADLINE_MS = 30_000;

const CORS_REFUSAL = `the site does not allow pages to read it (CORS). Browsers only let a web app read sites that send Access-Control-Allow-Origin; look for the same content where that is allowed (an API, a raw file on a CDN such as raw.githubusercontent.com).`;

/**
 * Why a fetch that never got a response failed. Browsers give one opaque error for a CORS
 * refusal and an unreachable site. A `no-cors` probe tells them apart, but such a probe
 * must follow redirects (the Fetch standard refuses `no-cors` with any other redirect
 * mode), so it is only sent when every host is allowed; otherwise the answer names both.
 */
async function networkFailure(
  url: string,
  context: WebToolContext,
  signal: AbortSignal,
  allowPrivate: boolean,
): Promise<ToolResult> {
  if (allowPrivate) {
    const reach = await probeReachability(context.fetch, url, context.clock, { signal });
    if (reach === 'reachable') return errorResult(`Could not read ${url}: ${CORS_REFUSAL}`);
    if (reach === 'unreachable') {
      return errorResult(
        `Could not reach ${url}: no answer (offline, a mistyped host, or the site is down).`,
      );
    }
  }
  return errorResult(
    `Could not read ${url}: either ${CORS_REFUSAL} Or the site could not be reached (offline, or a mistyped host).`,
  );
}

/**
 * A signal that aborts with `outer` or after `ms` on `clock`, whichever comes first.
 * `expired()` tells the deadline from the outer abort; `dispose()` stops the timer.
 */
function deadlineSignal(outer: AbortSignal, clock: WebToolContext['clock'], ms: number) {
  const controller = new AbortController();
  let expired = false;
  const cancelTimer = clock.schedule(() => {
    expired = true;
    controller.abort(new DOMException(`fetch_url's deadline of ${ms} ms passed`, 'TimeoutError'));
  }, ms);
  const onAbort = () => controller.abort(outer.reason);
  if (outer.aborted) onAbort();
  else outer.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    expired: () => expired,
    dispose() {
      cancelTimer();
      outer.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * fetch_url: GETs a page the browser may read (CORS) and returns it as text the model can
 * use: HTML as readable Markdown (Readability, then Turndown), text and JSON as they are.
 * Downloads at most MAX_FETCH_BYTES and shows a window of the text under the result cap,
 * saying where to `start` to read on. Loopback and private-network hosts are refused
 * unless the user allows them, and no request goes to one: redirects are checked before
 * they are followed (src/tools/web/checked-fetch.ts). No cookies are sent. The whole call
 * ends within FETCH_DEADLINE_MS: then the request is aborted and the result says so.
 */
export const fetchUrlTool: Tool<FetchUrlArgs, WebToolContext> = {
  name: 'fetch_url',
  description: `Fetch a web page or file by URL (GET, http or https) and return it as text: HTML pages as readable Markdown (main content only, absolute links), text and JSON as they are. Only sites that allow browser apps to read them (CORS) work. At most ${formatBytes(MAX_FETCH_BYTES)} is downloaded; long pages come in parts: pass \`start\` to read on. Local and private-network addresses are refused unless the user allows them; a URL that redirects may be refused too, with what to fetch instead.`,
  parameters: {
    type: 'object',
    properties: {
      url: { type: 'string', description: 'The full URL, starting with https:// or http://.' },
      start: {
        type: 'integer',
        minimum: 0,
        description: 'Character of the converted text to start at, to read on (default 0).',
      },
    },
    required: ['url'],
    additionalProperties: false,
  },
  approval: 'network',
  outsideText: true,
  needs: 'web',
  promptHint: 'fetch_url reads a web page as Markdown; use it only when the task needs the web.',
  summarize: (args) => stringArgument(args, 'url') ?? '',
  async describeApproval(args) {
    return { title: `Fetch ${args.url}`, view: { kind: 'url', url: args.url } };
  },
  async preview(args, context) {
    const check = checkFetchUrl(args.url, context.allowPrivateNetwork ?? false);
    return check.ok
      ? { summary: `Fetch ${check.url.href}` }
      : { summary: `Fetch ${args.url}`, error: check.reason };
  },
  async execute(args, context) {
    const allowPrivate = context.allowPrivateNetwork ?? false;
    const check = checkFetchUrl(args.url, allowPrivate);
    if (!check.ok) return errorResult(check.reason);
    const deadline = deadlineSignal(context.signal, context.clock, FETCH_DEADLINE_MS);
    try {
      return await fetchPage(check.url, args.start ?? 0, context, deadline.signal, allowPrivate);
    } catch (error) {
      if (deadline.expired() && !context.signal.aborted) {
        return errorResult(
          `${check.url.href} did not answer in full within ${FETCH_DEADLINE_MS / 1000} s, so fetch_url stopped the request; nothing was read. Try again later, or look for the content elsewhere.`,
        );
      }
      throw error;
    } finally {
      deadline.dispose();
    }
  },
};

async function fetchPage(
  url: URL,
  start: number,
  context: WebToolContext,
  signal: AbortSignal,
  allowPrivate: boolean,
): Promise<ToolResult> {
  let fetched: CheckedFetch;
  try {
    fetched = await fetchChecked(context.fetch, url, {
      allowPrivate,
      signal,
      headers: {
        Accept: 'text/html, text/markdown, text/plain, application/json;q=0.9, */*;q=0.5',
      },
    });
  } catch (error) {
    if (isAbortError(error) || signal.aborted) throw error;
    return networkFailure(url.href, context, signal, allowPrivate);
  }
  if (!fetched.ok) {
    return { ...errorResult(fetched.reason), details: { redirectsFrom: fetched.redirectsFrom } };
  }
  const { response, url: finalUrl } = fetched;
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return errorResult(
      `${finalUrl} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}; nothing was read.`,
    );
  }
  const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
  const isHtml = HTML_TYPES.test(contentType);
  if (contentType && !isHtml && !TEXT_TYPES.test(contentType)) {
    await response.body?.cancel().catch(() => undefined);
    return errorResult(
      `${finalUrl} is ${contentType.split(';')[0]}, not text; fetch_url reads web pages and text files only.`,
    );
  }
  const body = await readCappedBody(response, MAX_FETCH_BYTES, signal);
  const raw = decoderFor(contentType).decode(body.bytes);
  const looksHtml = isHtml || (!contentType && /^\s*<(!doctype html|html)/i.test(raw));
  // Readability and Turndown load with the first page, not with the app.
  const page = looksHtml
    ? (await import('./html-to-markdown')).htmlToMarkdown(raw, finalUrl, context.parseHtml)
    : { title: '', markdown: raw, article: false };
  return pageResult({
    url: finalUrl,
    page,
    truncatedDownload: body.truncated,
    start,
    budget: outputBudget(context),
  });
}

function pageResult(options: {
  url: string;
  page: { title: string; markdown: string; article: boolean };
  truncatedDownload: boolean;
  start: number;
  budget: number;
}): ToolResult {
  const { url, page, start, budget } = options;
  const text = page.markdown;
  if (start > 0 && start >= text.length) {
    return errorResult(
      `The text of ${url} has ${text.length} characters; start must be below that.`,
    );
  }
  const end = Math.min(text.length, start + budget);
  const header = [`Source: ${url}`];
  if (page.title) header.unshift(`# ${page.title}`);
  const notes: string[] = [];
  if (options.truncatedDownload) {
    notes.push(
      `Only the first ${formatBytes(MAX_FETCH_BYTES)} of the response were downloaded (fetch_url's cap); the rest of the page is not here.`,
    );
  }
  if (start > 0 || end < text.length) {
    notes.push(
      end < text.length
        ? `Showing characters ${start}–${end} of ${text.length}. To read on, call fetch_url again with start=${end}.`
        : `Showing characters ${start}–${end} of ${text.length} (the end).`,
    );
  }
  const content = [
    header.join('\n'),
    text.slice(start, end) || '(the page has no readable text)',
    ...notes,
  ].join('\n\n');
  return {
    content,
    details: {
      url,
      title: page.title,
      characters: text.length,
      start,
      end,
      downloadTruncated: options.truncatedDownload,
      article: page.article,
    },
  };
}
