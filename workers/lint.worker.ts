/// <reference lib="webworker" />
// Ruff (WebAssembly) off the main thread: lint and format Python for the editor. The wasm
// is fetched and compiled on the first request only.
import * as Comlink from 'comlink';
import { CoveError, toErrorParts } from '../src/base/errors';
import initRuff, { PositionEncoding, Workspace } from '@astral-sh/ruff-wasm-web';
import ruffWasmUrl from '@astral-sh/ruff-wasm-web/ruff_wasm_bg.wasm?url';
import {
  LINT_CONNECT,
  type LintConnectMessage,
  type LintSettings,
  type LintWorkerApi,
} from '../src/runtime/lint-protocol';
import { makeRuffLinter, ruffSettings } from '../src/runtime/ruff-linter';
import type { PythonLinter } from '../src/runtime/lint-protocol';

declare const self: DedicatedWorkerGlobalScope;

let ready: Promise<void> | undefined;
let settings: LintSettings = {};
let linter: { workspace: Workspace; linter: PythonLinter } | undefined;

async function current(): Promise<PythonLinter> {
  ready ??= initRuff({ module_or_path: ruffWasmUrl }).then(() => undefined);
  await ready;
  if (!linter) {
    const workspace = new Workspace(ruffSettings(settings), PositionEncoding.Utf16);
    linter = { workspace, linter: makeRuffLinter(workspace) };
  }
  return linter.linter;
}

const api: LintWorkerApi = {
  async configure(next) {
    settings = next;
    linter?.workspace.free();
    linter = undefined;
  },
  async lint(source, path) {
    return (await current()).lint(source, path);
  },
  async format(source, path) {
    try {
      return await (await current()).format(source, path);
    } catch (error) {
      // Comlink would carry only the message, and this worker has no English installed: the
      // page rebuilds the error from its parts (src/runtime/lint-client.ts).
      throw error instanceof CoveError ? toErrorParts(error) : error;
    }
  },
};

self.addEventListener('message', (event: MessageEvent<LintConnectMessage>) => {
  if (event.data?.type !== LINT_CONNECT) return;
  Comlink.expose(api, event.data.rpc);
});
