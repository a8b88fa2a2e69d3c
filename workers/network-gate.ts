/// <reference lib="webworker" />
// The service worker's half of the page's network allow-list (src/base/network-gate-protocol.ts):
// a request of a page of Cove's to another origin goes out only when that origin is on the
// list the page sent, or the page says it is allowed when asked. Everything else is refused
// and the page is told, so the refusal is logged.
import {
  httpOrigin,
  withoutQuery,
  type AllowListMessage,
  type AskAnswer,
  type AskMessage,
  type RefusedMessage,
} from '../src/base/network-gate-protocol';

/** Where the list is kept, so a restarted service worker still has it. */
const CACHE = 'cove-network-allow-list';
const KEY = 'allow-list.json';
/** How long the page has to answer a question; no answer is a refusal. */
const ASK_LIMIT_MS = 5000;

/**
 * Installs the gate's fetch listener. Call it before any other fetch listener (workbox's
 * routes): for a request it refuses or answers itself, it stops the others.
 */
export function installNetworkGate(scope: ServiceWorkerGlobalScope): void {
  const own = scope.location.origin;
  let allowed: Set<string> | undefined;
  const loaded = readList().then((list) => {
    allowed ??= new Set(list);
  });

  scope.addEventListener('message', (event) => {
    const data = event.data as Partial<AllowListMessage> | null;
    if (data?.type !== 'cove-network-allow-list' || !Array.isArray(data.origins)) return;
    const origins = data.origins.filter((origin): origin is string => typeof origin === 'string');
    allowed = new Set(origins);
    event.waitUntil(writeList(origins).then(() => event.ports[0]?.postMessage('stored')));
  });

  scope.addEventListener('fetch', (event) => {
    const { request } = event;
    const origin = httpOrigin(request.url);
    // Cove's own files, and what is not http(s) (data:, blob:), are not the gate's.
    if (!origin || origin === own) return;
    if (allowed?.has(origin)) return;
    event.stopImmediatePropagation();
    event.respondWith(
      decide(event.clientId, request.url).then(async (ok) => {
        if (ok) return fetch(request);
        await tell(event.clientId, {
          type: 'cove-network-refused',
          url: withoutQuery(request.url),
        });
        return Response.error();
      }),
    );
  });

  /** On the list (once read), or allowed by the page that asked. */
  async function decide(clientId: string, url: string): Promise<boolean> {
    await loaded;
    const origin = httpOrigin(url);
    if (origin && allowed?.has(origin)) return true;
    const client = clientId ? await scope.clients.get(clientId) : undefined;
    if (!client) return false;
    const channel = new MessageChannel();
    const answer = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ASK_LIMIT_MS);
      channel.port1.onmessage = (message: MessageEvent<AskAnswer>) => {
        clearTimeout(timer);
        resolve(message.data?.allowed === true);
      };
    });
    const ask: AskMessage = { type: 'cove-network-ask', url: withoutQuery(url) };
    client.postMessage(ask, [channel.port2]);
    return answer;
  }

  async function tell(clientId: string, message: RefusedMessage): Promise<void> {
    const client = clientId ? await scope.clients.get(clientId) : undefined;
    client?.postMessage(message);
  }

  async function readList(): Promise<string[]> {
    try {
      const response = await (await caches.open(CACHE)).match(KEY);
      const list: unknown = response ? await response.json() : [];
      return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  }

  async function writeList(origins: string[]): Promise<void> {
    try {
      await (await caches.open(CACHE)).put(KEY, Response.json(origins));
    } catch {
      // Storage full or gone: the list in memory still holds until the worker restarts.
    }
  }
}
