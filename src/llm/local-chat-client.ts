import type { Clock } from '../base/clock';
import type { ChatClient, ChatRequest } from './chat-client';
import { DeltaAssembler } from './delta-assembler';
import { doneEvent, errorEvent } from './reply-events';
import { LlmError } from './llm-error';
import type { LlmEvent } from './llm-events';
export { LOCAL_PROVIDER_ID } from './local-model-protocol';
import type {
  LoadedModelInfo,
  LocalModelFailure,
  LocalModelPort,
  LocalModelResponse,
} from './local-model-protocol';
import { toWireMessages } from './message-conversion';
import { resolveModelSettings } from './provider-config';

export interface LocalChatClientDeps {
  /** Starts a worker (one per loaded model; terminating it unloads the model). */
  openWorker: () => LocalModelPort;
  /** The stored model file with this id, or undefined when it is gone. */
  readFile: (modelId: string) => Promise<Blob | undefined>;
  clock: Clock;
  /** The window to load a model with (from its file's header); the worker's default when absent. */
  contextSize?: (modelId: string) => number | undefined;
  /** Threads to ask for; 1 when absent. */
  threads?: () => number;
  /** Told once per load, so the page can say how long it took. */
  onLoaded?: (modelId: string, info: LoadedModelInfo) => void;
}

/** A {@link ChatClient} for models in the browser, which can also let go of its model. */
export interface LocalChatClient extends ChatClient {
  /** Frees the loaded model's memory (terminates its worker); the next request loads again. */
  unload(): void;
  /** The id of the loaded model, if any. */
  loadedModel(): string | undefined;
}

interface Loaded {
  modelId: string;
  port: LocalModelPort;
  /** Resolves with the load's outcome; shared by requests that arrive during the load. */
  ready: Promise<LoadedModelInfo | LocalModelFailure>;
  listeners: Map<number, (response: LocalModelResponse) => void>;
}

/**
 * The model client for GGUF models run in a worker by llama.cpp (wllama). It keeps the
 * ChatClient contract: `stream` never throws and ends with exactly one `done` or `error`.
 * The model is loaded on the first request for it (one model at a time; asking for another
 * unloads the first). Stop is immediate: an abort ends the stream at once and tells the
 * worker to stop generating; an abort during a load terminates the worker, since llama.cpp
 * cannot stop a load half-way.
 */
export function makeLocalChatClient(deps: LocalChatClientDeps): LocalChatClient {
  let loaded: Loaded | undefined;
  let nextId = 1;

  const drop = (which: Loaded | undefined) => {
    if (!which) return;
    which.port.terminate();
    for (const listener of which.listeners.values()) {
      listener({ type: 'failed', id: 0, failure: { kind: 'inference', detail: 'unloaded' } });
    }
    which.listeners.clear();
    if (loaded === which) loaded = undefined;
  };

  const load = (modelId: string, file: Blob): Loaded => {
    const port = deps.openWorker();
    const listeners = new Map<number, (response: LocalModelResponse) => void>();
    port.onmessage = (event) => listeners.get(event.data.id)?.(event.data);
    const id = nextId++;
    const entry: Loaded = {
      modelId,
      port,
      listeners,
      ready: new Promise((resolve) => {
        listeners.set(id, (response) => {
          listeners.delete(id);
          if (response.type === 'loaded') {
            deps.onLoaded?.(modelId, response.info);
            resolve(response.info);
          } else if (response.type === 'failed') resolve(response.failure);
        });
      }),
    };
    // The worker died (out of memory while growing the heap, usually): fail what waits.
    port.onerror = (event) => {
      const detail = describeWorkerError(event);
      for (const listener of [...listeners.values()]) {
        listener({ type: 'failed', id: 0, failure: classifyCrash(detail) });
      }
      drop(entry);
    };
    const contextSize = deps.contextSize?.(modelId);
    port.postMessage({
      type: 'load',
      id,
      file,
      threads: deps.threads?.() ?? 1,
      ...(contextSize ? { contextSize } : {}),
    });
    return entry;
  };

  return {
    unload: () => drop(loaded),
    loadedModel: () => loaded?.modelId,
    async *stream(request): AsyncGenerator<LlmEvent> {
      const startedAt = deps.clock.now();
      const assembler = new DeltaAssembler();
      let firstTokenAt: number | undefined;
      const failed = (error: LlmError): LlmEvent =>
        errorEvent(error, assembler.result(), {
          startedAt,
          attempts: 1,
          firstTokenAt,
          now: deps.clock.now(),
        });
      const signal = request.signal;
      if (signal?.aborted) return yield failed(new LlmError('aborted'));

      let current = loaded;
      if (current?.modelId !== request.model) {
        drop(current);
        const file = await deps.readFile(request.model).catch(() => undefined);
        if (!file) return yield failed(failureError({ kind: 'not-loaded' }, request));
        if (signal?.aborted) return yield failed(new LlmError('aborted'));
        current = loaded = load(request.model, file);
      }
      const outcome = await untilAborted(current.ready, signal);
      if (outcome === 'aborted') {
        // Only a load in progress is given up; a model already loaded stays.
        if (!(await settledWithin(current.ready))) drop(current);
        return yield failed(new LlmError('aborted'));
      }
      if (!('contextSize' in outcome)) {
        drop(current);
        return yield failed(failureError(outcome, request));
      }

      const id = nextId++;
      const inbox = new Inbox<LocalModelResponse>();
      current.listeners.set(id, (response) => inbox.put(response));
      current.port.postMessage({
        type: 'generate',
        id,
        messages: toWireMessages(request.messages, { sendReasoningBack: false, vision: false }),
        ...(request.tools?.length && request.toolChoice !== 'none'
          ? {
              tools: request.tools.map((tool) => ({
                type: 'function',
                function: {
                  name: tool.name,
                  description: tool.description,
                  parameters: tool.parameters,
                },
              })),
            }
          : {}),
        maxTokens: request.maxOutputTokens ?? replyRoom(request),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      });
      const owner = current;
      const stop = () => {
        owner.listeners.delete(id);
        owner.port.postMessage({ type: 'cancel', id });
      };
      try {
        for (;;) {
          const response = await untilAborted(inbox.take(), signal);
          if (response === 'aborted') {
            stop();
            return yield failed(new LlmError('aborted'));
          }
          if (response.type === 'chunk') {
            for (const event of assembler.push(response.chunk)) {
              firstTokenAt ??= deps.clock.now();
              yield event;
            }
          } else if (response.type === 'failed') {
            owner.listeners.delete(id);
            return yield failed(failureError(response.failure, request));
          } else if (response.type === 'finished') {
            owner.listeners.delete(id);
            break;
          }
        }
      } finally {
        // The caller broke out of the iteration: that is a Stop too.
        if (owner.listeners.has(id)) stop();
      }
      for (const event of assembler.flush()) yield event;
      yield doneEvent(assembler.result(), {
        startedAt,
        attempts: 1,
        firstTokenAt,
        now: deps.clock.now(),
      });
    },
  };
}

/**
 * The reply's limit when the person set none: the model's output limit up to a quarter of
 * its window, the room Cove's context budget keeps (src/agent/context-budget.ts). Without
 * it llama.cpp would write until the window is full, and the next message would not fit.
 */
function replyRoom(request: ChatRequest): number {
  const { capabilities } = resolveModelSettings(request.provider, request.model);
  return Math.min(capabilities.maxOutputTokens, Math.floor(capabilities.contextWindow / 4));
}

/** A queue of worker messages for one request, read one at a time. */
class Inbox<T> {
  private readonly items: T[] = [];
  private waiting: ((item: T) => void) | undefined;
  put(item: T): void {
    if (this.waiting) {
      const wake = this.waiting;
      this.waiting = undefined;
      wake(item);
    } else this.items.push(item);
  }
  take(): Promise<T> {
    const item = this.items.shift();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve) => (this.waiting = resolve));
  }
}

/** `promise`'s value, or 'aborted' as soon as the signal aborts. Never rejects. */
function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T | 'aborted'> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve) => {
    const onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}

/** Whether `promise` has already settled (checked after the current microtasks). */
async function settledWithin(promise: Promise<unknown>): Promise<boolean> {
  const pending = Symbol('pending');
  const result = await Promise.race([promise, Promise.resolve(pending)]);
  return result !== pending;
}

function describeWorkerError(event: unknown): string {
  const message = (event as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'the model worker stopped';
}

function classifyCrash(detail: string): LocalModelFailure {
  return /memory|allocat/i.test(detail)
    ? { kind: 'too-big', detail }
    : { kind: 'inference', detail };
}

/** The LlmError a person reads for a local model's failure. */
function failureError(failure: LocalModelFailure, request: ChatRequest): LlmError {
  const model = request.model;
  switch (failure.kind) {
    case 'aborted':
      return new LlmError('aborted');
    case 'too-big':
      return new LlmError(
        'bad-request',
        { reason: 'local-too-big', model },
        { detail: failure.detail },
      );
    case 'unreadable':
      return new LlmError(
        'bad-request',
        { reason: 'local-unreadable', model },
        { detail: failure.detail },
      );
    case 'not-loaded':
      return new LlmError('bad-request', { reason: 'local-missing', model });
    case 'context-overflow':
      return new LlmError('context-overflow', {}, { detail: failure.detail });
    case 'inference':
      return new LlmError(
        'server-error',
        { reason: 'local-failed', model },
        { detail: failure.detail },
      );
  }
}
