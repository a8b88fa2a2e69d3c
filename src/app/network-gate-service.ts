import { createEffect, createRoot, createSignal, type Accessor } from 'solid-js';
import type { Clock } from '../base/clock';
import {
  httpOrigin,
  type AllowListMessage,
  type AskAnswer,
  type AskMessage,
  type RefusedMessage,
} from '../base/network-gate-protocol';
import type { AppLog } from './app-log';

/** A host Cove may reach, and why. */
export interface AllowedHost {
  origin: string;
  /** For people: "Provider OpenAI", "MCP server docs", "Python's package index". */
  reason: string;
}

/** The page's network allow-list (src/base/network-gate-protocol.ts), as the app holds it. */
export interface NetworkGateService {
  /** The hosts Cove's configuration allows, sorted by origin (Settings → Network). */
  readonly hosts: Accessor<readonly AllowedHost[]>;
  /**
   * Whether the service worker enforces the list in this tab. It cannot before it controls
   * the tab: on the first visit, and after a reload that bypassed it (Shift+Reload).
   */
  readonly enforced: Accessor<boolean>;
  /**
   * Lets one request to `url`'s origin through in the next minute: for what the person
   * just asked for (a server tested before it is saved, a page fetch_url was approved to
   * read, an image clicked). Returns `url`.
   */
  grant(url: string): string;
  /** Whether a request to `url` would be let through now. */
  allows(url: string): boolean;
  dispose(): void;
}

/** The part of `navigator.serviceWorker` the gate uses; absent where there is none. */
export interface GateServiceWorker {
  readonly controller: { postMessage(message: unknown): void } | null;
  addEventListener(
    type: 'message' | 'controllerchange',
    listener: (event: MessageEvent) => void,
  ): void;
  removeEventListener(
    type: 'message' | 'controllerchange',
    listener: (event: MessageEvent) => void,
  ): void;
}

export interface NetworkGateDeps {
  /** The hosts the configuration names (providers, MCP servers, Python); tracked reactively. */
  configured: () => readonly AllowedHost[];
  serviceWorker: GateServiceWorker | undefined;
  /** Cove's own origin: always reachable, never listed. */
  pageOrigin: string;
  log: Pick<AppLog, 'warn'>;
  clock: Clock;
}

/** How long a {@link NetworkGateService.grant} holds. */
const GRANT_MS = 60_000;

/**
 * Keeps the service worker's allow-list equal to the configuration, answers its questions
 * about other origins, and logs what it refused.
 */
export function createNetworkGateService(deps: NetworkGateDeps): NetworkGateService {
  const grants = new Map<string, number>();
  const [enforced, setEnforced] = createSignal(!!deps.serviceWorker?.controller);
  const { worker, dispose: disposeRoot } = createRoot((dispose) => {
    const hosts = () => {
      const byOrigin = new Map<string, AllowedHost>();
      for (const host of deps.configured()) {
        const origin = httpOrigin(host.origin);
        if (!origin || origin === deps.pageOrigin || byOrigin.has(origin)) continue;
        byOrigin.set(origin, { origin, reason: host.reason });
      }
      return [...byOrigin.values()].sort((a, b) => a.origin.localeCompare(b.origin));
    };
    const [list, setList] = createSignal<readonly AllowedHost[]>([]);
    createEffect(() => {
      const next = hosts();
      setList(next);
      send(next);
    });
    return { worker: { list }, dispose };
  });

  function send(list: readonly AllowedHost[]): void {
    const message: AllowListMessage = {
      type: 'cove-network-allow-list',
      origins: list.map((host) => host.origin),
    };
    deps.serviceWorker?.controller?.postMessage(message);
  }

  function allows(url: string): boolean {
    const origin = httpOrigin(url);
    if (!origin) return false;
    if (origin === deps.pageOrigin) return true;
    if (worker.list().some((host) => host.origin === origin)) return true;
    const until = grants.get(origin);
    if (until !== undefined && until >= deps.clock.now()) return true;
    grants.delete(origin);
    return false;
  }

  const onMessage = (event: MessageEvent) => {
    const data = event.data as Partial<AskMessage | RefusedMessage> | null;
    if (data?.type === 'cove-network-ask' && typeof data.url === 'string') {
      const answer: AskAnswer = { allowed: allows(data.url) };
      event.ports[0]?.postMessage(answer);
    } else if (data?.type === 'cove-network-refused' && typeof data.url === 'string') {
      deps.log.warn(
        'network',
        `Cove refused a request to ${data.url}: it is not a host Cove may reach.`,
        'Settings → Network lists the hosts Cove may reach: those of your providers, MCP servers and Python package index.',
      );
    }
  };
  const onControllerChange = () => {
    setEnforced(!!deps.serviceWorker?.controller);
    send(worker.list());
  };
  deps.serviceWorker?.addEventListener('message', onMessage);
  deps.serviceWorker?.addEventListener('controllerchange', onControllerChange);

  return {
    hosts: worker.list,
    enforced,
    grant(url) {
      const origin = httpOrigin(url);
      if (origin) grants.set(origin, deps.clock.now() + GRANT_MS);
      return url;
    },
    allows,
    dispose() {
      deps.serviceWorker?.removeEventListener('message', onMessage);
      deps.serviceWorker?.removeEventListener('controllerchange', onControllerChange);
      disposeRoot();
    },
  };
}
