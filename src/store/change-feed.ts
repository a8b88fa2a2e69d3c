import { Listeners } from '../base/listeners';

/** What changed in the store. Published after the transaction commits. */
export type StoreChange =
  | { type: 'workspaces' }
  | { type: 'files'; workspaceId: string; paths: string[] }
  | { type: 'settings'; key: string }
  | { type: 'sessions'; workspaceId: string; sessionId: string }
  | { type: 'restored' }
  /** A damaged row was moved to, or deleted from, the set-aside rows. */
  | { type: 'setAside' }
  /** A conversation or branch went into, or out of, the workspace's Recently deleted. */
  | { type: 'trash'; workspaceId: string };

/** A change and whether it came from this tab (`local`) or another one. */
export interface ChangeNotice {
  change: StoreChange;
  local: boolean;
}

/**
 * Tells every tab of the app what changed, so trees, tabs and lists refresh within about a
 * second (invariant 12) without polling.
 */
export interface ChangeFeed {
  publish(change: StoreChange): void;
  subscribe(listener: (notice: ChangeNotice) => void): () => void;
  close(): void;
}

/** Delivers only within this process. For tests and the in-memory store. */
export class LocalChangeFeed implements ChangeFeed {
  private readonly listeners = new Listeners<ChangeNotice>();
  publish(change: StoreChange): void {
    this.listeners.emit({ change, local: true });
  }
  subscribe(listener: (notice: ChangeNotice) => void): () => void {
    return this.listeners.subscribe(listener);
  }
  close(): void {}
}

/** Delivers here and, over a BroadcastChannel, to every other tab of the same origin. */
export class BroadcastChangeFeed implements ChangeFeed {
  private readonly listeners = new Listeners<ChangeNotice>();
  private readonly channel: BroadcastChannel;

  constructor(name: string) {
    this.channel = new BroadcastChannel(name);
    this.channel.onmessage = (event: MessageEvent<StoreChange>) =>
      this.listeners.emit({ change: event.data, local: false });
  }

  publish(change: StoreChange): void {
    this.listeners.emit({ change, local: true });
    this.channel.postMessage(change);
  }

  subscribe(listener: (notice: ChangeNotice) => void): () => void {
    return this.listeners.subscribe(listener);
  }

  close(): void {
    this.channel.close();
  }
}
