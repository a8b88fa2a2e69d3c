/// <reference lib="webworker" />
// A model in the browser: llama.cpp compiled to WebAssembly (@wllama/wllama), off the page's
// thread. wllama starts its own inner worker from a blob URL and fetches its .wasm from the
// URL given here, which is Cove's own build output: no CDN, so it works offline. The page
// unloads a model by terminating this worker (see src/llm/local-chat-client.ts).
import { Wllama } from '@wllama/wllama';
import wasmUrl from '@wllama/wllama/esm/wasm/wllama.wasm?url';
import {
  LOCAL_FALLBACK_CONTEXT,
  LOCAL_MAX_CONTEXT,
  type LocalModelRequest,
  type LocalModelResponse,
} from '../src/llm/local-model-protocol';
import { createLocalModelHost, type LocalEngine } from '../src/runtime/local-model-host';

let wllama: Wllama | undefined;

const engine: LocalEngine = {
  async load(file, options) {
    wllama = new Wllama(
      { default: new URL(wasmUrl, self.location.href).href },
      { suppressNativeLog: true, allowOffline: true },
    );
    await wllama.loadModel([file], {
      // The page chooses the window from the file's header (localWindowFor).
      n_ctx: Math.min(options.contextSize ?? LOCAL_FALLBACK_CONTEXT, LOCAL_MAX_CONTEXT),
      n_threads: options.threads,
      // One conversation at a time: the whole window for it (llama.cpp splits it per slot).
      n_parallel: 1,
    });
    const info = wllama.getLoadedContextInfo();
    return {
      // A window past what the model was trained for would only produce nonsense.
      contextSize: Math.min(info.n_ctx, info.n_ctx_train || info.n_ctx),
      trainedContext: info.n_ctx_train,
      threads: wllama.getNumThreads(),
      hasChatTemplate: wllama.getChatTemplate() !== null,
    };
  },
  async *chat(request) {
    if (!wllama) throw new Error('No model is loaded.');
    const chunks = await wllama.createChatCompletion({
      messages: request.messages as Parameters<Wllama['createChatCompletion']>[0]['messages'],
      stream: true,
      // llama.cpp's server code reads it: the last chunk then carries the token counts.
      ...({ stream_options: { include_usage: true } } as object),
      abortSignal: request.signal,
      ...(request.tools ? { tools: request.tools as never } : {}),
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    });
    yield* chunks;
  },
};

const post = (response: LocalModelResponse) => self.postMessage(response);
const handle = createLocalModelHost(engine, post, () => performance.now());
self.onmessage = (event: MessageEvent<LocalModelRequest>) => handle(event.data);
