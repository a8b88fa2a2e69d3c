/**
 * The closed list of messages between the page and the Python sandbox. The page never
 * exposes an object to the sandbox: no proxy, no property path, no method by name. The
 * worker inside runs the person's (or a model's) Python, so everything it sends is
 * untrusted: each message is plain data of one of the shapes below, checked on arrival by
 * {@link parseSandboxMessage}, and anything else (an unknown type, an extra field, a
 * prototype key, a Map, a transferred port) is refused.
 *
 * Page → sandbox: `call` (boot, sync, run) and `package-file` (the answer to a request).
 * Sandbox → page: `reply`/`failure` (the answer to a call), `event` (output, progress) and
 * `fetch-package` (the one thing the sandbox may ask of the page).
 */
import { checkPlainData } from '../../base/plain-data';
import { describeSchemaIssue, z } from '../../base/schema';
import type {
  BootOptions,
  BootReport,
  HostFetchResult,
  SyncDelta,
  WorkerBootOptions,
  WorkerEvent,
  WorkerRunOutcome,
  WorkerRunRequest,
} from '../python-protocol';
import { BOOT_STEPS } from '../python-protocol';
import { sniffRasterImage } from '../../base/raster-image';

/** The methods the page may call in the sandbox, with their argument and answer. */
export interface SandboxCalls {
  boot: { argument: BootOptions | WorkerBootOptions; answer: BootReport };
  sync: { argument: SyncDelta; answer: void };
  run: { argument: WorkerRunRequest; answer: WorkerRunOutcome };
}

export type SandboxMethod = keyof SandboxCalls;

/** What the page posts into the sandbox. The page is trusted; the worker still checks `type`. */
export type PageMessage =
  | {
      [M in SandboxMethod]: {
        type: 'call';
        id: number;
        method: M;
        argument: SandboxCalls[M]['argument'];
      };
    }[SandboxMethod]
  | { type: 'package-file'; id: number; result: HostFetchResult };

/** What the sandbox may post to the page: nothing else is accepted. */
export type SandboxMessage =
  | { type: 'reply'; id: number; answer: unknown }
  | { type: 'failure'; id: number; message: string }
  | { type: 'event'; event: WorkerEvent }
  | { type: 'fetch-package'; id: number; url: string };

/** Bounds on what one message may carry; well above anything Cove itself sends. */
export const SANDBOX_LIMITS = {
  /** Characters of one string field that names something (a path, a type, a version). */
  name: 4096,
  /** Characters of a message or traceback. */
  text: 1024 * 1024,
  /** Characters of one output chunk (the worker batches up to 64 Ki; its run cap is 1 Mi). */
  chunk: 2 * 1024 * 1024,
  /** Bytes of one file the run wrote, or one figure. */
  bytes: 256 * 1024 * 1024,
  /** Entries of a list (output chunks, written files, packages). */
  items: 100_000,
} as const;

const id = z.number().check(z.int(), z.nonnegative());
const count = z.number().check(z.nonnegative());
const name = z.string().check(z.maxLength(SANDBOX_LIMITS.name));
const text = z.string().check(z.maxLength(SANDBOX_LIMITS.text));
const bytes = z
  .instanceof(Uint8Array)
  .check(z.refine((value) => value.byteLength <= SANDBOX_LIMITS.bytes, 'is too large'));
const list = <T extends z.ZodMiniType>(item: T) =>
  z.array(item).check(z.maxLength(SANDBOX_LIMITS.items));

const tracebackFrame = z.strictObject({
  file: name,
  line: count,
  name,
  code: z.optional(text),
  inWorkspace: z.boolean(),
});

const pythonException = z.strictObject({
  type: name,
  message: text,
  traceback: text,
  frames: list(tracebackFrame),
  phase: z.enum(['compile', 'run']),
  file: z.optional(name),
  line: z.optional(count),
  column: z.optional(count),
  endLine: z.optional(count),
  endColumn: z.optional(count),
});

const packageFailure = z.strictObject({ name, message: text });

const bootReport = z.strictObject({
  fromSnapshot: z.boolean(),
  snapshot: z.enum(['loaded', 'created', 'disabled', 'failed']),
  snapshotError: z.optional(text),
  bootMs: count,
  phases: z.record(name, count),
  pyodideVersion: name,
  pythonVersion: name,
  isolated: z.boolean(),
  newSnapshot: z.optional(z.instanceof(ArrayBuffer)),
});

const runOutcome = z.strictObject({
  runId: name,
  lastSeq: z.number().check(z.int(), z.gte(-1)),
  outcome: z.enum(['ok', 'exception', 'interrupted', 'fatal']),
  exception: z.optional(pythonException),
  exitCode: z.optional(z.number().check(z.int())),
  duration: count,
  droppedBytes: count,
  changes: z.optional(
    z.strictObject({
      written: list(
        z.strictObject({ path: name, kind: z.enum(['file', 'folder']), bytes: z.optional(bytes) }),
      ),
      deleted: list(name),
    }),
  ),
  packages: z.strictObject({ loaded: list(name), failed: list(packageFailure) }),
  memoryBytes: count,
  timedOut: z.optional(z.boolean()),
  fatalMessage: z.optional(text),
});

const answers: { [M in SandboxMethod]: z.ZodMiniType<SandboxCalls[M]['answer']> } = {
  boot: bootReport as z.ZodMiniType<BootReport>,
  sync: z.undefined() as z.ZodMiniType<void>,
  run: runOutcome as z.ZodMiniType<WorkerRunOutcome>,
};

const eventBase = { runId: name, seq: id };
const workerEvent = z.discriminatedUnion('type', [
  z.strictObject({ ...eventBase, type: z.literal('boot-step'), step: z.enum(BOOT_STEPS) }),
  z.strictObject({ ...eventBase, type: z.literal('packages'), names: list(name) }),
  z.strictObject({ ...eventBase, type: z.literal('started'), startedAt: count }),
  z.strictObject({
    ...eventBase,
    type: z.literal('output'),
    chunks: list(
      z.strictObject({
        stream: z.enum(['stdout', 'stderr']),
        text: z.string().check(z.maxLength(SANDBOX_LIMITS.chunk)),
        input: z.optional(z.boolean()),
      }),
    ),
  }),
  z.strictObject({ ...eventBase, type: z.literal('output-truncated'), limitChars: count }),
  z
    .strictObject({
      ...eventBase,
      type: z.literal('figure'),
      mimeType: z.literal('image/png'),
      bytes,
    })
    .check(
      z.refine(
        (figure) => sniffRasterImage(figure.bytes) === figure.mimeType,
        'the figure is not the raster image its type claims',
      ),
    ),
  z.strictObject({ ...eventBase, type: z.literal('ended'), duration: count }),
]);

const sandboxMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('reply'), id, answer: z.unknown() }),
  z.strictObject({ type: z.literal('failure'), id, message: text }),
  z.strictObject({ type: z.literal('event'), event: workerEvent }),
  z.strictObject({ type: z.literal('fetch-package'), id, url: name }),
]);

/** A message accepted, or why it was refused. */
export type ParsedSandboxMessage =
  { ok: true; message: SandboxMessage } | { ok: false; reason: string };

/**
 * Checks one message from the sandbox: no transferred ports, plain data only (binary
 * where a shape names it), and one of the shapes of {@link SandboxMessage}. An answer's own
 * shape depends on the call it answers: check it with {@link parseAnswer}.
 */
export function parseSandboxMessage(
  data: unknown,
  ports: readonly unknown[],
): ParsedSandboxMessage {
  if (ports.length) return { ok: false, reason: 'it transferred a port' };
  const problem = checkPlainData(data, { binary: ['Uint8Array', 'ArrayBuffer'] });
  if (problem) return { ok: false, reason: problem };
  const parsed = sandboxMessage.safeParse(data);
  if (!parsed.success) return { ok: false, reason: describeSchemaIssue(parsed.error) };
  return { ok: true, message: parsed.data as SandboxMessage };
}

/** Checks the answer to a call of `method`. */
export function parseAnswer<M extends SandboxMethod>(
  method: M,
  answer: unknown,
): { ok: true; answer: SandboxCalls[M]['answer'] } | { ok: false; reason: string } {
  const parsed = answers[method].safeParse(answer);
  if (!parsed.success) {
    return { ok: false, reason: `the answer to ${method} ${describeSchemaIssue(parsed.error)}` };
  }
  return { ok: true, answer: parsed.data };
}
