/** The network constructors of a worker global that the guard wraps. */
export interface NetworkScope {
  XMLHttpRequest?: typeof XMLHttpRequest;
  WebSocket?: typeof WebSocket;
  EventSource?: typeof EventSource;
}

/**
 * Makes the common ways Python opens a connection (fetch and pyfetch, open_url's
 * XMLHttpRequest, WebSocket, EventSource) fail at once with a message that says why and
 * where to change it, and reports each refusal (the worker writes it into the run's
 * output). This is for the person reading the output, not the boundary: a script can reach
 * the original constructors through prototypes, and then the sandbox's
 * Content-Security-Policy refuses the connection without a word.
 *
 * @param refusal undefined when a URL may be opened, else the message to show
 * @returns a fetch that checks its URL before calling `fetchImpl`
 */
export function guardNetworkApis(
  scope: NetworkScope,
  fetchImpl: typeof fetch,
  refusal: (url: string) => string | undefined,
  report: (message: string) => void,
): typeof fetch {
  const check = (url: string | URL): void => {
    const message = refusal(String(url));
    if (message === undefined) return;
    report(message);
    throw new TypeError(message);
  };
  const Xhr = scope.XMLHttpRequest;
  if (Xhr) {
    const open = Xhr.prototype.open;
    Xhr.prototype.open = function guardedOpen(
      this: XMLHttpRequest,
      method: string,
      url: string | URL,
      ...rest: unknown[]
    ) {
      check(url);
      return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
    } as typeof open;
  }
  for (const name of ['WebSocket', 'EventSource'] as const) {
    const Original = scope[name] as
      (new (url: string | URL, ...rest: unknown[]) => object) | undefined;
    if (!Original) continue;
    const Guarded = function (this: unknown, url: string | URL, ...rest: unknown[]) {
      check(url);
      return new Original(url, ...rest);
    };
    Guarded.prototype = Original.prototype;
    Object.assign(Guarded, Original);
    (scope as Record<string, unknown>)[name] = Guarded;
  }
  return async (input, init) => {
    check(typeof input === 'string' || input instanceof URL ? input : input.url);
    return fetchImpl(input, init);
  };
}
