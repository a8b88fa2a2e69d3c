/// <reference lib="webworker" />
// Cove's service worker: precaches the app shell (and Pyodide's core) so Cove opens offline,
// waits for the page's consent before a new version takes over (no mixed versions), keeps
// Python packages loaded from the package index for offline use, and adds the two headers
// that make the page cross-origin isolated — static hosts such as GitHub Pages cannot send
// them, and isolation is what lets Python be interrupted without killing its worker. It also
// keeps the page's network to an allow-list (network-gate.ts).
import {
  addPlugins,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core';
import { installNetworkGate } from './network-gate';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Cache of Python packages fetched from the package index; see src/runtime. */
const PYTHON_PACKAGE_CACHE = 'cove-python-packages';
/** llama.cpp's wasm for the in-browser model; see the route below. */
const LLAMA_WASM_CACHE = 'cove-llama-wasm';

const isolationHeaders: WorkboxPlugin = {
  handlerWillRespond: async ({ response }) => withIsolationHeaders(response),
};

function withIsolationHeaders(response: Response): Response {
  // Opaque and error responses cannot carry headers we add; leave them as they are.
  if (response.type === 'opaque' || response.type === 'opaqueredirect' || response.status === 0) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  // credentialless (not require-corp) so that images a person chooses to load from other
  // hosts still work, without cookies.
  headers.set('Cross-Origin-Embedder-Policy', 'credentialless');
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

// First of the fetch listeners: requests to origins Cove may not reach never get further.
installNetworkGate(self);

addPlugins([isolationHeaders]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every navigation inside Cove's scope gets the precached shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/\/__/] }));

// Python packages (wheels and archives) from whatever index the user configured: cache first,
// so a package loaded once works offline afterwards.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    /\.(whl|tar|tgz|zip)$/.test(url.pathname) &&
    url.origin !== self.location.origin,
  new CacheFirst({
    cacheName: PYTHON_PACKAGE_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true })],
  }),
);

// llama.cpp's wasm, for models run in the browser: not precached (most people never use it),
// kept after its first use so a stored model also works offline. Models themselves are the
// person's files, in OPFS: the service worker never sees them.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    /\/wllama-[\w-]+\.wasm$/.test(url.pathname),
  new CacheFirst({ cacheName: LLAMA_WASM_CACHE, plugins: [isolationHeaders] }),
);

// Anything else of our own origin that is not precached still gets the isolation headers.
// Other origins the network gate let through (model endpoints, MCP servers) are not routed:
// they go straight to the network.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET',
  new NetworkOnly({ plugins: [isolationHeaders] }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
