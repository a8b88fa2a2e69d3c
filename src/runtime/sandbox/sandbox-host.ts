import type { HostFetchResult, PythonWorkerApi, WorkerEvent } from '../python-protocol';
import {
  parseAnswer,
  parseSandboxMessage,
  type PageMessage,
  type SandboxCalls,
  type SandboxMethod,
} from './sandbox-messages';

/** The page's end of a sandbox channel, as {@link connectSandboxHost} builds it. */
export interface SandboxHostOptions {
  /** Answers the sandbox's one request: a package file, fetched only if the policy allows. */
  fetchPackageFile(url: string): Promise<HostFetchResult>;
  /** Each accepted event, in order. */
  onEvent(event: WorkerEvent): void;
  /**
   * The sandbox broke the protocol (a refused message, a flood): the caller logs `reason`
   * and ends the sandbox. Called once; everything after it is ignored, and calls in flight
   * never settle (the caller learns of the end from the sandbox's own end).
   */
  onViolation(reason: string): void;
  /** Monotonic milliseconds, for the flood limit. */
  now(): number;
}

/** Messages per second the sandbox may sustain, and the burst above it. */
const FLOOD_RATE = 1000;
const FLOOD_BURST = 5000;
/** Package requests that may wait for an answer at once. */
const MAX_PENDING_FETCHES = 64;

/** What the page holds for one call in flight. */
interface PendingCall {
  method: SandboxMethod;
  resolve(answer: unknown): void;
  reject(error: Error): void;
}

/**
 * Serves the page's side of a sandbox channel over `port`: calls into the sandbox (boot,
 * sync, run) as a {@link PythonWorkerApi}, its events, and its package requests. Every
 * message is checked against the closed list (sandbox-messages.ts) before anything reads
 * it; a dispatcher picks what to do by the message's type and never walks a property path
 * or calls a method named by the sandbox.
 */
export function connectSandboxHost(
  port: MessagePort,
  options: SandboxHostOptions,
): { api: PythonWorkerApi; close(): void } {
  const pending = new Map<number, PendingCall>();
  let nextId = 1;
  let fetches = 0;
  let broken = false;
  let tokens = FLOOD_BURST;
  let refilledAt = options.now();

  const violate = (reason: string) => {
    if (broken) return;
    broken = true;
    port.onmessage = null;
    pending.clear();
    options.onViolation(reason);
  };

  const withinRate = (): boolean => {
    const now = options.now();
    tokens = Math.min(FLOOD_BURST, tokens + ((now - refilledAt) * FLOOD_RATE) / 1000);
    refilledAt = now;
    tokens -= 1;
    return tokens >= 0;
  };

  const post = (message: PageMessage, transfer: Transferable[] = []) => {
    port.postMessage(message, transfer);
  };

  port.onmessage = (event: MessageEvent) => {
    if (broken) return;
    if (!withinRate()) return violate('it sent messages faster than Cove accepts');
    const parsed = parseSandboxMessage(event.data, event.ports);
    if (!parsed.ok) return violate(`a message was refused: ${parsed.reason}`);
    const message = parsed.message;
    switch (message.type) {
      case 'event':
        options.onEvent(message.event);
        return;
      case 'reply':
      case 'failure': {
        const call = pending.get(message.id);
        if (!call) return violate(`it answered call ${message.id}, which was not made`);
        pending.delete(message.id);
        if (message.type === 'failure') {
          call.reject(new Error(message.message));
          return;
        }
        const answer = parseAnswer(call.method, message.answer);
        if (!answer.ok) return violate(answer.reason);
        call.resolve(answer.answer);
        return;
      }
      case 'fetch-package': {
        if (fetches >= MAX_PENDING_FETCHES) {
          return violate(`it asked for more than ${MAX_PENDING_FETCHES} files at once`);
        }
        fetches++;
        const requestId = message.id;
        void options
          .fetchPackageFile(message.url)
          .catch((error: unknown): HostFetchResult => ({
            ok: false,
            status: 0,
            message: `the package file could not be fetched: ${String(error)}`,
          }))
          .then((result) => {
            fetches--;
            if (broken) return;
            post({ type: 'package-file', id: requestId, result }, result.ok ? [result.bytes] : []);
          });
        return;
      }
    }
  };

  const call = <M extends SandboxMethod>(
    method: M,
    argument: SandboxCalls[M]['argument'],
    transfer: Transferable[] = [],
  ): Promise<SandboxCalls[M]['answer']> => {
    if (broken) return Promise.reject(new Error('the Python sandbox was shut down'));
    const callId = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(callId, { method, resolve: resolve as (answer: unknown) => void, reject });
      post({ type: 'call', id: callId, method, argument } as PageMessage, transfer);
    });
  };

  const api: PythonWorkerApi = {
    boot: (options) => call('boot', options, 'core' in options ? [options.core.lockFile] : []),
    sync: (delta) => call('sync', delta),
    run: (request) => call('run', request),
  };
  return {
    api,
    close() {
      broken = true;
      port.onmessage = null;
      port.close();
      pending.clear();
    },
  };
}
