/**
 * The shape every row must have to be read from IndexedDB (the row guard,
 * dexie-row-guard.ts, checks each one). Strict on what Cove dereferences (ids, keys, the
 * numbers it formats, the strings it splits, the arrays it walks), lenient on the rest:
 * optional fields may be absent, undefined or null, and fields a row has beyond these are
 * allowed. A row written by any earlier Cove version must pass (the frozen fixtures in
 * tests/unit/store/migrations load through this): a field that older rows lack is optional
 * here even when records.ts now requires it.
 */
import { describeSchemaIssue, z } from '../base/schema';
import { acceptorOf, type Acceptor } from '../base/schema-acceptor';

/** An optional field: absent, undefined or null are all accepted. */
const maybe = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

const id = z.string().check(z.minLength(1));
const time = z.number();
const count = z.number();
const content = z.union([z.string(), z.instanceof(Uint8Array)]);

const workspace = z.object({ id, name: z.string(), createdAt: time, updatedAt: time });

const fileFields = {
  workspaceId: id,
  path: z.string().check(z.minLength(1)),
  kind: z.enum(['file', 'folder']),
  size: count,
  mtime: time,
  version: count,
};
const file = z.object({ ...fileFields, content });
const fileMeta = z.object({ ...fileFields, binary: maybe(z.boolean()) });

const session = z.object({
  id,
  workspaceId: id,
  title: z.string(),
  mode: z.enum(['chat', 'agent']),
  leafId: z.nullable(z.string()),
  createdAt: time,
  updatedAt: time,
  // Sessions written before stars existed have none.
  starred: maybe(z.boolean()),
  model: maybe(z.string()),
});

const toolCall = z.object({ id: z.string(), name: z.string(), arguments: z.string() });

const node = z.object({
  id,
  sessionId: id,
  parentId: z.nullable(z.string()),
  role: z.enum(['system', 'user', 'assistant', 'tool', 'compaction']),
  content: z.string(),
  status: z.enum(['streaming', 'complete', 'error', 'aborted', 'interrupted']),
  startedAt: time,
  finishedAt: maybe(time),
  reasoning: maybe(z.string()),
  reasoningMs: maybe(z.number()),
  toolCalls: maybe(z.array(toolCall)),
  toolCallId: maybe(z.string()),
  toolEffects: maybe(
    z.object({
      changedFiles: z.array(z.string()),
      diff: maybe(z.string()),
      deleted: maybe(z.array(z.string())),
    }),
  ),
  attachments: maybe(
    z.array(
      z.object({
        name: z.string(),
        text: z.string(),
        note: maybe(z.string()),
        // Read by the chip and the request; extra fields of a file pass as they are.
        image: maybe(z.object({ url: z.string(), width: z.number(), height: z.number() })),
        source: maybe(z.string()),
      }),
    ),
  ),
  compaction: maybe(
    z.object({
      firstKeptId: z.nullable(z.string()),
      focus: maybe(z.string()),
      tokensBefore: maybe(z.number()),
      tokensAfter: maybe(z.number()),
    }),
  ),
  usage: maybe(z.object({ inputTokens: z.number(), outputTokens: z.number() })),
  stopReason: maybe(z.string()),
  error: maybe(z.object({ code: z.string(), message: z.string(), hint: maybe(z.string()) })),
  model: maybe(z.string()),
});

const fileState = {
  blobHash: z.nullable(z.string()),
  version: z.nullable(z.number()),
  binary: maybe(z.boolean()),
};
const checkpoint = z.object({
  id,
  sessionId: id,
  workspaceId: id,
  nodeId: id,
  kind: maybe(z.enum(['turn', 'rewind'])),
  createdAt: time,
  seq: z.number(),
  settledAt: maybe(time),
  files: z.array(z.object({ path: z.string(), ...fileState, after: maybe(z.object(fileState)) })),
});

const blob = z.object({ hash: id, content });

const usage = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  totalTokens: z.number(),
  cost: maybe(z.number()),
});

const run = z.object({
  id,
  sessionId: id,
  model: z.string(),
  status: z.enum([
    'running',
    'done',
    'aborted',
    'error',
    'max_steps',
    'repeated_failure',
    'interrupted',
  ]),
  startedAt: time,
  finishedAt: maybe(time),
  steps: count,
  turns: count,
  usage,
  sessionTitle: maybe(z.string()),
  providerName: maybe(z.string()),
  error: maybe(z.object({ message: z.string() })),
});

const stepFields = { id, runId: id, seq: z.number(), turn: z.number(), startedAt: time };
const runStep = z.discriminatedUnion('kind', [
  z.object({
    ...stepFields,
    kind: z.literal('model'),
    model: z.string(),
    retries: z.number(),
    text: z.string(),
    reasoning: z.string(),
    toolCalls: z.array(toolCall),
    usage: maybe(usage),
    error: maybe(z.object({ message: z.string() })),
  }),
  z.object({
    ...stepFields,
    kind: z.literal('tool'),
    callId: z.string(),
    toolName: z.string(),
    args: z.record(z.string(), z.unknown()),
    outcome: z.string(),
    isError: z.boolean(),
    result: z.string(),
    truncatedChars: z.number(),
    durationMs: z.number(),
    changedFiles: maybe(z.array(z.string())),
  }),
]);

const log = z.object({
  seq: maybe(z.number()),
  at: time,
  level: z.enum(['error', 'warn', 'info']),
  source: z.string(),
  message: z.string(),
  detail: maybe(z.string()),
});

// A CryptoKey is an object IndexedDB clones as is; its class is checked by WebCrypto on use.
const profileKey = z.object({
  id,
  key: z.custom<object>((value) => typeof value === 'object' && value !== null),
  createdAt: time,
});

const setting = z.object({ key: z.string(), value: z.unknown() });

// A recently deleted conversation or branch holds rows of the tables above, checked as such:
// a restore writes them back as they are.
const trashFields = { id, workspaceId: id, sessionId: id, title: z.string(), deletedAt: time };
const trash = z.discriminatedUnion('kind', [
  z.object({
    ...trashFields,
    kind: z.literal('session'),
    session,
    nodes: z.array(node),
    runs: z.array(run),
    runSteps: z.array(runStep),
    settings: z.array(setting),
  }),
  z.object({
    ...trashFields,
    kind: z.literal('branch'),
    rootId: id,
    parentId: z.nullable(z.string()),
    leafId: z.nullable(z.string()),
    nodes: z.array(node),
  }),
]);

/**
 * Settings whose values Cove dereferences at start, by key prefix (or whole key): the
 * others are read through their own checks (providers, MCP servers, agent settings) or
 * only compared, so any value is kept for them. Secret settings are sealed and opened by
 * secret-values.ts, which refuses what it cannot open.
 */
const SETTING_VALUES: readonly [prefix: string, schema: z.core.$ZodType][] = [
  // The open editor tabs of a workspace (editor-service.ts): `paths` is walked at start.
  ['editor.tabs.', z.object({ paths: z.array(z.string()), active: maybe(z.string()) })],
  // Recently opened files of a workspace, most recent first (recent-files.ts).
  ['editor.recent.', z.array(z.string())],
  // Text the last visit could not save (editor-service.ts recoverUnsaved).
  ['editor.unsaved.', z.array(z.object({ path: z.string(), text: z.string(), base: z.number() }))],
  // Used as a key of `workspaces`: IndexedDB refuses an object or NaN as a key.
  ['app.lastWorkspace', z.string()],
  ['agent.policy.', z.string()],
  ['ui.preferences', z.object({ theme: maybe(z.string()), layout: maybe(z.object({})) })],
  [
    'python.settings',
    z.object({
      timeoutMs: maybe(z.number()),
      packageIndexUrl: maybe(z.string()),
      lockFileUrl: maybe(z.string()),
    }),
  ],
];

/** The tables whose rows are checked, with their row schema. */
export const ROW_SCHEMAS = {
  workspaces: workspace,
  files: file,
  fileMeta,
  settings: setting,
  sessions: session,
  nodes: node,
  checkpoints: checkpoint,
  blobs: blob,
  runs: run,
  runSteps: runStep,
  logs: log,
  profileKeys: profileKey,
  trash,
} as const;

export type CheckedTable = keyof typeof ROW_SCHEMAS;

/**
 * Whether rows of `table` are checked: `setAside` and the unused `mcpServers` are not, nor
 * `outlines`, a cache its reader checks entry by entry (node-outline.ts).
 */
export function isCheckedTable(table: string): table is CheckedTable {
  return Object.hasOwn(ROW_SCHEMAS, table);
}

/**
 * What is wrong with `row` as a row of `table`, as one sentence
 * ("at paths: Invalid input: expected array, received undefined"); undefined when it is
 * fine or the table is not checked.
 */
export function rowProblem(table: string, row: unknown): string | undefined {
  if (!isCheckedTable(table)) return undefined;
  // Nearly every row is sound: the quick check passes it without zod's slower walk.
  if (!quickCheck(table)(row)) {
    const checked = ROW_SCHEMAS[table].safeParse(row);
    if (!checked.success) return describeSchemaIssue(checked.error);
  }
  if (table === 'settings') return settingValueProblem(row as { key: string; value: unknown });
  return undefined;
}

const quickChecks = new Map<z.core.$ZodType, Acceptor>();

function quickCheck(table: CheckedTable): Acceptor {
  return acceptorFor(ROW_SCHEMAS[table]);
}

function acceptorFor(schema: z.core.$ZodType): Acceptor {
  let acceptor = quickChecks.get(schema);
  if (!acceptor) quickChecks.set(schema, (acceptor = acceptorOf(schema)));
  return acceptor;
}

function settingValueProblem({ key, value }: { key: string; value: unknown }) {
  const shape = SETTING_VALUES.find(([prefix]) =>
    prefix.endsWith('.') ? key.startsWith(prefix) : key === prefix,
  );
  if (!shape || acceptorFor(shape[1])(value)) return undefined;
  const checked = z.safeParse(shape[1], value);
  if (checked.success) return undefined;
  // The path is within the value: say so, so "at paths" reads as the value's `paths`.
  const issue = describeSchemaIssue(checked.error);
  if (!issue.startsWith('at ')) return `value: ${issue}`;
  const where = issue.slice(3);
  return `at value${where.startsWith('[') ? '' : '.'}${where}`;
}
