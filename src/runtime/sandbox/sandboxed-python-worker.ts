import type { Clock } from '../../base/clock';
import { Listeners } from '../../base/listeners';
import { describeError } from '../../base/errors';
import { PackageFilePolicy } from '../package-file-policy';
import {
  PYTHON_CONNECT,
  type BootOptions,
  type BootReport,
  type HostFetchResult,
  type PythonWorkerApi,
  type WorkerBootOptions,
  type WorkerEvent,
} from '../python-protocol';
import { sandboxConnectSources } from '../python-network';
import { STOPPED_BY_COVE, type PythonWorkerConnection } from '../python-worker-connection';
import type { PyodideAssets } from './pyodide-assets';
import { SANDBOX_INIT, createSandboxFrame } from './sandbox-frame';
import { connectSandboxHost } from './sandbox-host';

/** What a sandboxed connection needs from the page. */
export interface SandboxEnvironment {
  assets: PyodideAssets;
  document: Document;
  /** The page's fetch, for package files the policy allows. */
  fetch: typeof fetch;
  clock: Clock;
  /**
   * How long the frame may take, from its creation, to start its worker. A frame
   * whose script the page's policy refused never starts; this turns that into an error.
   * Default 30 000 ms.
   */
  startLimitMs?: number;
  /**
   * Dev server only: run the worker as a plain same-origin worker from this factory instead
   * of a sandbox frame (the dev server's unbundled modules cannot load in the sandbox).
   * Never set in a production build.
   */
  unsandboxed?: () => Worker;
  /**
   * Told when the sandbox broke the protocol (a message refused, a flood); the connection
   * is ended. Default: a console warning, which the app log records.
   */
  onViolation?: (reason: string) => void;
}

/** A message from the frame's script on the control port. */
type FrameMessage = { type: 'started' } | { type: 'error'; message: string };

/**
 * A Python worker inside its own sandbox frame (sandbox-frame.ts), as a
 * {@link PythonWorkerConnection}. The frame is made when the client boots the worker,
 * because its policy depends on the network setting in the boot options; until then calls
 * wait on their ports. The page answers the worker's requests for package files after
 * checking them ({@link PackageFilePolicy}), adds the core files and snapshot to the boot,
 * and keeps the snapshot a cold boot returns. Terminating removes the frame, which ends the
 * worker however busy it is.
 */
export function spawnSandboxedPythonWorker(env: SandboxEnvironment): PythonWorkerConnection {
  const channel = new MessageChannel();
  const control = new MessageChannel();
  const listeners = new Listeners<WorkerEvent>();
  let frame: HTMLIFrameElement | undefined;
  let plain: Worker | undefined;
  let dead = false;
  let settle: (reason: string) => void = () => {};
  const failed = new Promise<string>((resolve) => {
    settle = (reason) => {
      dead = true;
      resolve(reason);
    };
  });
  let cancelStartLimit: (() => void) | undefined;
  control.port1.onmessage = (event: MessageEvent<FrameMessage>) => {
    if (event.data?.type === 'started') cancelStartLimit?.();
    if (event.data?.type === 'error') {
      settle(event.data.message || 'the Python worker stopped with an error');
    }
  };
  // Settles with the policy once the boot has the lock file (it adopts that promise).
  let resolvePolicy: (policy: Promise<PackageFilePolicy>) => void = () => {};
  const policyReady = new Promise<PackageFilePolicy>((resolve) => {
    resolvePolicy = resolve;
  });
  policyReady.catch(() => undefined); // A boot that cannot read the files fails on its own.
  const host = connectSandboxHost(channel.port1, {
    fetchPackageFile: (url) => fetchPackageFile(policyReady, env.fetch, url),
    onEvent: (event) => listeners.emit(event),
    onViolation: (reason) => {
      (env.onViolation ?? warnViolation)(reason);
      terminate(
        `${STOPPED_BY_COVE}its sandbox sent a message Cove does not accept (${reason}), so nothing more it sent was used.`,
      );
    },
    now: () => env.clock.now(),
  });
  const worker = host.api;

  /**
   * Starts the frame and its worker. It runs while the core files are still being taken
   * from the cache: the package policy needs the lock file only when the worker first
   * asks for a package, so its requests wait for `lockFile`.
   */
  const open = async (options: BootOptions, lockFile: Promise<ArrayBuffer>): Promise<void> => {
    const policy = lockFile.then(
      (bytes) =>
        new PackageFilePolicy(
          options.network,
          options.packageIndexUrl,
          parseJson(bytes),
          options.lockFileUrl,
        ),
    );
    resolvePolicy(policy);
    // The frame (a new process) starts while the worker's code is read.
    const code = env.assets.workerCode();
    if (env.unsandboxed) {
      await code;
      if (dead) return;
      plain = env.unsandboxed();
      plain.addEventListener('error', (event) => {
        event.preventDefault();
        settle(event.message || 'the Python worker stopped with an error');
      });
      plain.postMessage({ type: PYTHON_CONNECT, channel: channel.port2 }, [channel.port2]);
      return;
    }
    frame = createSandboxFrame(env.document, sandboxConnectSources(options.network));
    const limit = env.startLimitMs ?? 30_000;
    cancelStartLimit = env.clock.schedule(
      () => settle(`the sandbox frame did not start within ${limit / 1000} s`),
      limit,
    );
    const [workerCode] = await Promise.all([
      code,
      new Promise<void>((resolve) =>
        frame!.addEventListener('load', () => resolve(), { once: true }),
      ),
    ]);
    if (dead) return;
    frame.contentWindow!.postMessage(
      { type: SANDBOX_INIT, code: workerCode, connectType: PYTHON_CONNECT },
      '*',
      [control.port2, channel.port2],
    );
  };

  const boot = async (options: BootOptions): Promise<BootReport> => {
    // The core files and the snapshot are Blobs the worker reads itself; only the lock
    // file (read by the frame's policy) is transferred.
    const assets = Promise.all([
      env.assets.coreFiles(options.lockFileUrl),
      options.useSnapshot ? env.assets.snapshot() : undefined,
    ]);
    const opened = open(
      options,
      assets.then(([core]) => core.lockFile.slice(0)),
    );
    const [[core, snapshot]] = await Promise.all([assets, opened]);
    const full: WorkerBootOptions = { ...options, core };
    if (snapshot) full.snapshot = snapshot;
    const report = await worker.boot(full);
    if (report.newSnapshot) {
      void env.assets.saveSnapshot(report.newSnapshot);
      delete report.newSnapshot;
    } else if (snapshot && !report.fromSnapshot) {
      void env.assets.dropSnapshot();
    }
    return report;
  };

  function terminate(reason: string): void {
    cancelStartLimit?.();
    control.port1.postMessage({ type: 'terminate' });
    frame?.remove();
    plain?.terminate();
    host.close();
    control.port1.close();
    settle(reason);
  }

  const api: PythonWorkerApi = {
    boot: (options) =>
      boot(options).catch((error: unknown) => {
        throw new Error(`the Python sandbox did not start: ${describeError(error)}`);
      }),
    sync: (delta) => worker.sync(delta),
    run: (request) => worker.run(request),
  };
  return {
    api,
    onEvent: (listener) => listeners.subscribe(listener),
    failed,
    terminate: () => terminate('terminated'),
  };
}

function warnViolation(reason: string): void {
  console.warn(`Cove refused a message from the Python sandbox and stopped it: ${reason}`);
}

/** The lock file's JSON, or undefined when it is not JSON (the policy then allows nothing). */
function parseJson(bytes: ArrayBuffer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/** A package file for the sandbox, fetched only when the policy allows `url`. */
async function fetchPackageFile(
  policy: Promise<PackageFilePolicy>,
  fetchImpl: typeof fetch,
  url: string,
): Promise<HostFetchResult> {
  const refusal = await policy.then(
    (ready) => ready.refusal(url),
    () => 'Cove could not read the package lock file, so no package can be loaded.',
  );
  if (refusal) return { ok: false, status: 0, message: refusal };
  try {
    const response = await fetchImpl(url, { credentials: 'omit' });
    if (!response.ok) {
      return {
        ok: false,
        status: response.status,
        message: `${url} answered HTTP ${response.status}`,
      };
    }
    return {
      ok: true,
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      bytes: await response.arrayBuffer(),
    };
  } catch (error) {
    return {
      ok: false,
      status: 0,
      message: `${url} could not be fetched: ${describeError(error)}`,
    };
  }
}
