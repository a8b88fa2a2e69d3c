import type { WireMessage } from './message-conversion';

/** The provider id under which models stored in this browser appear in the model picker. */
export const LOCAL_PROVIDER_ID = 'in-browser';

/**
 * The typed messages between the page and the worker that runs a model in the browser
 * (workers/local-model.worker.ts). One model is loaded at a time. Every request carries an
 * id; `cancel` names the request to stop (a load or a generation). Unloading is done by
 * terminating the worker, which frees all of the model's memory at once.
 */
export type LocalModelRequest =
  | {
      type: 'load';
      id: number;
      file: Blob;
      /** Context window to allocate; the model's own when absent (capped by the host). */
      contextSize?: number;
      /** Threads; 1 unless the page is cross-origin isolated and asks for more. */
      threads?: number;
    }
  | {
      type: 'generate';
      id: number;
      messages: WireMessage[];
      /** OpenAI-style tool definitions, for models whose chat template supports tools. */
      tools?: unknown[];
      maxTokens?: number;
      temperature?: number;
    }
  | { type: 'cancel'; id: number };

/** The most context any model is loaded with. */
export const LOCAL_MAX_CONTEXT = 32768;
/** The window when the file does not say what its cache costs (nor, maybe, its own window). */
export const LOCAL_FALLBACK_CONTEXT = 8192;
/** What llama.cpp's key/value cache may take: a bigger one is memory a tab rarely gets. */
const KV_CACHE_BUDGET = 512 * 1024 ** 2;
/** A window this small is granted even past the budget: less would be no use for chat. */
const LOCAL_MIN_CONTEXT = 4096;

/**
 * The window a model is loaded with, from its file's header: its own, as far as the cache
 * budget allows (a 0.5 B model gets 32k, a 1.5 B one 18k, bigger ones 4k). The page asks
 * the worker for this window and shows it in the picker before the first load.
 */
export function localWindowFor(facts: {
  trainedContext?: number;
  kvBytesPerToken?: number;
}): number {
  const trained = facts.trainedContext ?? LOCAL_FALLBACK_CONTEXT;
  if (!facts.kvBytesPerToken) return Math.min(trained, LOCAL_FALLBACK_CONTEXT);
  const affordable = Math.floor(KV_CACHE_BUDGET / facts.kvBytesPerToken / 1024) * 1024;
  return Math.min(trained, LOCAL_MAX_CONTEXT, Math.max(LOCAL_MIN_CONTEXT, affordable));
}

/** What the worker reports about a loaded model. */
export interface LoadedModelInfo {
  /** The context window allocated, in tokens. */
  contextSize: number;
  /** The context the model was trained for, read from the file. */
  trainedContext: number;
  threads: number;
  loadMs: number;
  /** Whether the file carries a chat template (else a generic one is used). */
  hasChatTemplate: boolean;
}

/** Why a load or a generation failed, in terms the page can word. */
export type LocalModelFailure =
  | { kind: 'aborted' }
  | { kind: 'too-big'; detail: string }
  | { kind: 'unreadable'; detail: string }
  | { kind: 'not-loaded' }
  /** The conversation no longer fits the window the model was loaded with. */
  | { kind: 'context-overflow'; detail: string }
  | { kind: 'inference'; detail: string };

export type LocalModelResponse =
  | { type: 'loaded'; id: number; info: LoadedModelInfo }
  /** One OpenAI-style `chat.completion.chunk`, as llama.cpp's server writes it. */
  | { type: 'chunk'; id: number; chunk: unknown }
  | { type: 'finished'; id: number }
  | { type: 'failed'; id: number; failure: LocalModelFailure };

/**
 * The page's end of the worker, structurally a Worker; tests pass a fake. `terminate` must
 * stop everything at once (it is how Stop during a load and unloading work).
 */
export interface LocalModelPort {
  postMessage(message: LocalModelRequest): void;
  onmessage: ((event: { data: LocalModelResponse }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  terminate(): void;
}

/** Messages the words "out of memory" describe, from wasm, the allocator or llama.cpp. */
const MEMORY_WORDS =
  /out of memory|memory access out of bounds|array buffer allocation failed|failed to allocate|could not allocate|cannot enlarge memory|failed to grow memory|allocation failed/i;

/** Classifies an error thrown while generating. */
export function classifyGenerateError(message: string): LocalModelFailure {
  if (/exceeds the available context size|context (size|window|length)/i.test(message)) {
    return { kind: 'context-overflow', detail: message };
  }
  return { kind: 'inference', detail: message };
}

/** Classifies a load error thrown by the engine. */
export function classifyLoadError(message: string): LocalModelFailure {
  if (MEMORY_WORDS.test(message)) return { kind: 'too-big', detail: message };
  return { kind: 'unreadable', detail: message };
}
