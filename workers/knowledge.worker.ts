/// <reference lib="webworker" />
// The knowledge index off the page's thread: reads the workspace's files through its own
// connection to Cove's database, cuts and indexes them (minisearch), writes the passages
// back, and answers searches. The page forwards the store's change feed (sync) and the
// embedding calls (they need the provider's key, which stays in the page).
import * as Comlink from 'comlink';
import { createKnowledgeHost } from '../src/runtime/knowledge-host';
import type { KnowledgeBackend, KnowledgeWorkerApi } from '../src/runtime/knowledge-protocol';
import { LocalChangeFeed } from '../src/store/change-feed';
import { openDexieStore } from '../src/store/dexie-store';
import { extractDocuments } from '../src/workspace/knowledge/document-extractor';
import { planPathRepairs } from '../src/workspace/path-repair';

let opening: ReturnType<typeof openDexieStore> | undefined;
let host: KnowledgeBackend | undefined;
const ready = async () => {
  if (!opening) throw new Error('The knowledge worker is not connected to a database.');
  return (host ??= createKnowledgeHost(await opening, { extract: extractDocuments }));
};

const api: KnowledgeWorkerApi = {
  connect: async (databaseName) => {
    opening ??= openDexieStore({
      name: databaseName,
      // The index writes only its own tables, which no tab follows: nothing to announce.
      changes: new LocalChangeFeed(),
      planPathRenames: planPathRepairs,
    });
    await opening;
  },
  open: async (workspaceId, embedding) => (await ready()).open(workspaceId, embedding),
  add: async (path) => (await ready()).add(path),
  remove: async (path) => (await ready()).remove(path),
  reindex: async (path) => (await ready()).reindex(path),
  sync: async () => (await ready()).sync(),
  search: async (query, limit) => (await ready()).search(query, limit),
  close: () => void opening?.then((store) => store.close()),
};

Comlink.expose(api);
