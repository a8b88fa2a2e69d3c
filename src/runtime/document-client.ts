import * as Comlink from 'comlink';
import type { DocumentReader, DocumentWorkerApi } from './document-protocol';

/** Starts the document worker; Vite makes it a separate chunk, fetched on first use. */
export function spawnDocumentWorker(): Worker {
  return new Worker(new URL('../../workers/document.worker.ts', import.meta.url), {
    type: 'module',
    name: 'cove-documents',
  });
}

/**
 * Reads documents in a worker, started at the first call and kept for the next ones (PDF.js
 * is parsed once). A worker that fails to start or dies rejects the calls in flight and is
 * replaced at the next call. The bytes are copied to the worker: the caller keeps its own.
 */
export function createDocumentClient(spawn: () => Worker = spawnDocumentWorker): DocumentReader {
  let current:
    { worker: Worker; api: Comlink.Remote<DocumentWorkerApi>; died: Promise<never> } | undefined;
  const connection = () => {
    if (current) return current;
    const worker = spawn();
    const died = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (event) => {
        current = undefined;
        worker.terminate();
        reject(new Error(event.message || 'The document reader stopped.'));
      });
    });
    died.catch(() => undefined);
    current = { worker, api: Comlink.wrap<DocumentWorkerApi>(worker), died };
    return current;
  };
  const call = <T>(run: (api: Comlink.Remote<DocumentWorkerApi>) => Promise<T>): Promise<T> => {
    const { api, died } = connection();
    return Promise.race([run(api), died]);
  };
  return {
    pdfPageCount: (bytes) => call((api) => api.pdfPageCount(bytes)),
    pdfText: (bytes, maxPages) => call((api) => api.pdfText(bytes, maxPages)),
    docxMarkdown: (bytes) => call((api) => api.docxMarkdown(bytes)),
  };
}
