import { createSignal, type Accessor } from 'solid-js';

/**
 * Where the app learns whether the browser is online. The composition root builds it from
 * `navigator.onLine` and the window's online/offline events; tests pass a hand-driven one.
 */
export interface ConnectivitySource {
  /** The browser's current belief (navigator.onLine): false means surely offline. */
  isOnline(): boolean;
  /** Calls `listener` on every change; returns its unsubscribe. */
  subscribe(listener: (online: boolean) => void): () => void;
}

/** Whether Cove is online, for the header's offline indicator. */
export interface ConnectivityService {
  /** False while the browser says it is offline. */
  readonly online: Accessor<boolean>;
}

/** A source that never goes offline: Node, tests, demos. */
export const alwaysOnline: ConnectivitySource = {
  isOnline: () => true,
  subscribe: () => () => {},
};

export function createConnectivityService(source: ConnectivitySource): ConnectivityService {
  const [online, setOnline] = createSignal(source.isOnline());
  source.subscribe(setOnline);
  return { online };
}
