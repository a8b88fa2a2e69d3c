import type {
  HostFetchResult,
  PythonWorkerApi,
  SandboxHostApi,
  WorkerEvent,
} from '../python-protocol';
import type { PageMessage, SandboxMessage } from './sandbox-messages';

const transfers = new WeakMap<object, Transferable[]>();

/**
 * Marks buffers inside `value` to be transferred, not copied, when it is sent as the
 * answer to a call. Returns `value`.
 */
export function transferring<T extends object>(value: T, transfer: Transferable[]): T {
  transfers.set(value, transfer);
  return value;
}

/** The sandbox's end of the channel, as the Python worker uses it. */
export interface SandboxWorkerChannel {
  /** The page's one service: package files. */
  readonly host: SandboxHostApi;
  /** Posts an event (output, progress) without waiting. */
  postEvent(event: WorkerEvent, transfer?: Transferable[]): void;
  /** Answers the page's calls with `api`'s methods; call once. */
  serve(api: PythonWorkerApi): void;
}

/**
 * The worker's side of the closed protocol of sandbox-messages.ts over `port`. The page
 * checks everything this sends; this side only needs to speak the protocol, and it ignores
 * messages of other shapes (the page is its only peer, but Python shares the worker).
 */
export function openSandboxWorkerChannel(port: MessagePort): SandboxWorkerChannel {
  const fetches = new Map<number, (result: HostFetchResult) => void>();
  let nextId = 1;
  let api: PythonWorkerApi | undefined;
  const post = (message: SandboxMessage, transfer: Transferable[] = []) =>
    port.postMessage(message, transfer);

  const answer = async (message: Extract<PageMessage, { type: 'call' }>) => {
    try {
      if (!api) throw new Error('The worker is not ready for calls.');
      let result: unknown;
      if (message.method === 'boot') result = await api.boot(message.argument);
      else if (message.method === 'sync') result = await api.sync(message.argument);
      else if (message.method === 'run') result = await api.run(message.argument);
      else throw new Error('Unknown call.');
      const transfer = result && typeof result === 'object' ? (transfers.get(result) ?? []) : [];
      post({ type: 'reply', id: message.id, answer: result }, transfer);
    } catch (error) {
      post({ type: 'failure', id: message.id, message: describe(error) });
    }
  };

  port.onmessage = (event: MessageEvent<PageMessage>) => {
    const message = event.data;
    if (message?.type === 'call') {
      void answer(message);
    } else if (message?.type === 'package-file') {
      const resolve = fetches.get(message.id);
      fetches.delete(message.id);
      resolve?.(message.result);
    }
  };

  return {
    host: {
      fetchPackageFile(url: string): Promise<HostFetchResult> {
        const requestId = nextId++;
        return new Promise((resolve) => {
          fetches.set(requestId, resolve);
          post({ type: 'fetch-package', id: requestId, url });
        });
      },
    },
    postEvent(event, transfer = []) {
      post({ type: 'event', event }, transfer);
    },
    serve(served) {
      api = served;
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
