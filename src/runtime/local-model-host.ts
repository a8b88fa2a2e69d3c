import {
  classifyGenerateError,
  classifyLoadError,
  type LoadedModelInfo,
  type LocalModelFailure,
  type LocalModelRequest,
  type LocalModelResponse,
} from '../llm/local-model-protocol';
import type { WireMessage } from '../llm/message-conversion';

/** What the host needs of llama.cpp; the worker adapts wllama to it, tests pass a fake. */
export interface LocalEngine {
  load(
    file: Blob,
    options: { contextSize?: number; threads: number },
  ): Promise<Omit<LoadedModelInfo, 'loadMs'>>;
  /** OpenAI-style chunks; stops (throwing or ending) soon after `signal` aborts. */
  chat(request: {
    messages: WireMessage[];
    tools?: unknown[];
    maxTokens?: number;
    temperature?: number;
    signal: AbortSignal;
  }): AsyncIterable<unknown>;
}

/**
 * The worker's side of the local model protocol: one load, then any number of generations,
 * one at a time; `cancel` stops the named one. Never throws: every request ends with
 * `loaded`, `finished` or `failed`.
 */
export function createLocalModelHost(
  engine: LocalEngine,
  post: (response: LocalModelResponse) => void,
  now: () => number,
): (request: LocalModelRequest) => void {
  const running = new Map<number, AbortController>();
  let loaded = false;

  const fail = (id: number, failure: LocalModelFailure) => post({ type: 'failed', id, failure });

  const load = async (request: Extract<LocalModelRequest, { type: 'load' }>) => {
    const control = new AbortController();
    running.set(request.id, control);
    const startedAt = now();
    try {
      const info = await engine.load(request.file, {
        ...(request.contextSize ? { contextSize: request.contextSize } : {}),
        threads: request.threads ?? 1,
      });
      // llama.cpp cannot stop half-way through a load; a cancelled one is reported as such.
      if (control.signal.aborted) return fail(request.id, { kind: 'aborted' });
      loaded = true;
      post({ type: 'loaded', id: request.id, info: { ...info, loadMs: now() - startedAt } });
    } catch (error) {
      fail(
        request.id,
        control.signal.aborted ? { kind: 'aborted' } : classifyLoadError(messageOf(error)),
      );
    } finally {
      running.delete(request.id);
    }
  };

  const generate = async (request: Extract<LocalModelRequest, { type: 'generate' }>) => {
    if (!loaded) return fail(request.id, { kind: 'not-loaded' });
    const control = new AbortController();
    running.set(request.id, control);
    try {
      const chunks = engine.chat({
        messages: request.messages,
        ...(request.tools?.length ? { tools: request.tools } : {}),
        ...(request.maxTokens !== undefined ? { maxTokens: request.maxTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        signal: control.signal,
      });
      for await (const chunk of chunks) {
        if (control.signal.aborted) break;
        post({ type: 'chunk', id: request.id, chunk });
      }
      if (control.signal.aborted) fail(request.id, { kind: 'aborted' });
      else post({ type: 'finished', id: request.id });
    } catch (error) {
      fail(
        request.id,
        control.signal.aborted ? { kind: 'aborted' } : classifyGenerateError(messageOf(error)),
      );
    } finally {
      running.delete(request.id);
    }
  };

  return (request) => {
    switch (request.type) {
      case 'load':
        void load(request);
        return;
      case 'generate':
        void generate(request);
        return;
      case 'cancel':
        running.get(request.id)?.abort();
        return;
    }
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
