import type { LocalModelPort } from '../llm/local-model-protocol';

/** Starts the worker that runs a model in the browser (workers/local-model.worker.ts). */
export function openLocalModelWorker(): LocalModelPort {
  const worker = new Worker(new URL('../../workers/local-model.worker.ts', import.meta.url), {
    type: 'module',
    name: 'cove-local-model',
  });
  return worker as unknown as LocalModelPort;
}
