/**
 * Reading a session export (session-export.ts) back: the file is checked completely before
 * anything is written, and refused with an error that says what is wrong and what to do
 * (invariants 5 and 6). Accepted rows get new ids, so importing the same file twice gives
 * two sessions and never touches an existing one. The caller stores the result in one
 * transaction (SessionStore.insert): nothing is ever half-imported.
 */
import { Validator } from '@cfworker/json-schema';
import type { NodeRecord, SessionRecord } from '../store/records';
import { agentError } from './agent-errors';
import { SESSION_EXPORT_FORMAT, SESSION_EXPORT_VERSION, type ExportedNode } from './session-export';
import { sessionTitle } from './session-title';

/**
 * What is wrong with a file, as the params of its `bad-import` error: `variant` names the
 * problem, the rest what the sentence names (the catalog words it, in
 * src/app/messages/agent-messages.ts). Ids are the file's own, as they are in it.
 */
export type ImportProblem =
  | { variant: 'not-json' }
  | { variant: 'no-session' }
  /** Another format: `expected` is the one an export has. */
  | { variant: 'format'; expected: string }
  /** `found` is the file's version as JSON ("2", "undefined" when missing). */
  | { variant: 'version'; found: string; supported: number; newer: boolean }
  /** The shape is wrong: `where` in the file, `detail` the schema check's words. */
  | { variant: 'damaged'; where: string; detail: string }
  | { variant: 'duplicate-id'; id: string }
  | { variant: 'missing-parent'; id: string; parentId: string }
  | { variant: 'cycle'; id: string }
  | { variant: 'missing-leaf'; id: string };

const refuse = (problem: ImportProblem) => agentError('bad-import', problem);

const nonEmpty = { type: 'string', minLength: 1 };
const time = { type: 'number' };

/**
 * The shape of version 1. Interpreted (no code generation): Ajv's `new Function` is
 * forbidden by Cove's Content-Security-Policy.
 */
const SCHEMA = {
  type: 'object',
  required: ['format', 'version', 'session', 'nodes'],
  properties: {
    session: {
      type: 'object',
      required: ['title', 'mode', 'leafId', 'createdAt', 'updatedAt'],
      properties: {
        title: { type: 'string' },
        mode: { enum: ['chat', 'agent'] },
        leafId: { type: ['string', 'null'] },
        createdAt: time,
        updatedAt: time,
        starred: { type: 'boolean' },
        model: { type: 'string' },
      },
    },
    nodes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'parentId', 'role', 'content', 'status', 'startedAt'],
        properties: {
          id: nonEmpty,
          parentId: { type: ['string', 'null'] },
          role: { enum: ['system', 'user', 'assistant', 'tool', 'compaction'] },
          content: { type: 'string' },
          reasoning: { type: 'string' },
          status: { enum: ['streaming', 'complete', 'error', 'aborted', 'interrupted'] },
          startedAt: time,
          finishedAt: time,
          toolCallId: { type: 'string' },
          // Mentions go to the model and into token counts: strings or the file is refused.
          attachments: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'text'],
              properties: {
                name: { type: 'string' },
                text: { type: 'string' },
                note: { type: 'string' },
                source: { type: 'string' },
                image: {
                  type: 'object',
                  required: ['url', 'width', 'height'],
                  properties: {
                    url: { type: 'string' },
                    width: { type: 'number' },
                    height: { type: 'number' },
                  },
                },
              },
            },
          },
          toolCalls: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'name', 'arguments'],
              properties: {
                id: { type: 'string' },
                name: { type: 'string' },
                arguments: { type: 'string' },
              },
            },
          },
        },
      },
    },
  },
} as const;

let validator: Validator | undefined;

/** Where the import goes and how new rows are made. */
export interface SessionImportTarget {
  workspaceId: string;
  newId: () => string;
}

/** A checked import, ready for SessionStore.insert. */
export interface ImportedSession {
  session: SessionRecord;
  nodes: NodeRecord[];
}

/** Checks the shape, version and format; throws `bad-import` naming the first problem. */
function checkShape(value: unknown): asserts value is {
  session: Omit<SessionRecord, 'id' | 'workspaceId'>;
  nodes: ExportedNode[];
} {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw refuse({ variant: 'no-session' });
  }
  const record = value as Record<string, unknown>;
  if (record.format !== SESSION_EXPORT_FORMAT) {
    throw refuse({ variant: 'format', expected: SESSION_EXPORT_FORMAT });
  }
  if (record.version !== SESSION_EXPORT_VERSION) {
    throw refuse({
      variant: 'version',
      found: String(JSON.stringify(record.version)),
      supported: SESSION_EXPORT_VERSION,
      newer: typeof record.version === 'number' && record.version > SESSION_EXPORT_VERSION,
    });
  }
  validator ??= new Validator(SCHEMA as unknown as Record<string, unknown>, '2020-12', false);
  const result = validator.validate(value);
  if (!result.valid) {
    const inner = result.errors.at(-1) ?? result.errors[0];
    const where = inner?.instanceLocation.replace(/^#\/?/, '').replace(/\//g, '.') || 'the file';
    throw refuse({ variant: 'damaged', where, detail: inner?.error ?? 'unexpected shape' });
  }
}

/**
 * Checks the tree: ids unique, every parent present, no cycle, the leaf present. Throws
 * `bad-import` naming the node at fault.
 */
function checkTree(nodes: readonly ExportedNode[], leafId: string | null): void {
  const byId = new Map<string, ExportedNode>();
  for (const node of nodes) {
    if (byId.has(node.id)) throw refuse({ variant: 'duplicate-id', id: node.id });
    byId.set(node.id, node);
  }
  for (const node of nodes) {
    if (node.parentId !== null && !byId.has(node.parentId)) {
      throw refuse({ variant: 'missing-parent', id: node.id, parentId: node.parentId });
    }
  }
  // Each walk up ends at a root or at a node already known to reach one: linear overall.
  const reachesRoot = new Set<string>();
  for (const node of nodes) {
    const walked: string[] = [];
    const onWalk = new Set<string>();
    let current: ExportedNode | undefined = node;
    while (current && !reachesRoot.has(current.id)) {
      if (onWalk.has(current.id)) {
        throw refuse({ variant: 'cycle', id: current.id });
      }
      onWalk.add(current.id);
      walked.push(current.id);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    for (const id of walked) reachesRoot.add(id);
  }
  if (leafId !== null && !byId.has(leafId)) {
    throw refuse({ variant: 'missing-leaf', id: leafId });
  }
}

/**
 * Parses and checks an exported session and returns it as new rows of `target.workspaceId`
 * with fresh ids. Throws CoveError `bad-import` (params: an {@link ImportProblem}, which
 * the catalog words as what is wrong and what to do) for text that is not JSON, another
 * format, another version, a damaged shape, duplicate ids, a parent not in the file, a
 * cycle, or a leaf not in the file.
 */
export function parseSessionImport(text: string, target: SessionImportTarget): ImportedSession {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refuse({ variant: 'not-json' });
  }
  checkShape(value);
  const { session: source, nodes: exported } = value;
  checkTree(exported, source.leafId);

  const sessionId = target.newId();
  const ids = new Map(exported.map((node) => [node.id, target.newId()]));
  const nodes: NodeRecord[] = exported.map((node) => ({
    ...node,
    id: ids.get(node.id)!,
    sessionId,
    parentId: node.parentId === null ? null : ids.get(node.parentId)!,
    // Nobody is writing an imported reply any more.
    status: node.status === 'streaming' ? 'interrupted' : node.status,
    // A compaction names the first node it keeps, by its id in the file.
    ...(node.compaction
      ? {
          compaction: {
            ...node.compaction,
            firstKeptId: node.compaction.firstKeptId
              ? (ids.get(node.compaction.firstKeptId) ?? null)
              : null,
          },
        }
      : {}),
  }));
  const firstQuestion = exported.find((node) => node.role === 'user')?.content ?? '';
  const session: SessionRecord = {
    id: sessionId,
    workspaceId: target.workspaceId,
    title: source.title.trim() || sessionTitle(firstQuestion) || 'Imported conversation',
    mode: source.mode,
    leafId: source.leafId === null ? null : ids.get(source.leafId)!,
    createdAt: source.createdAt,
    updatedAt: source.updatedAt,
    starred: source.starred ?? false,
    ...(source.model ? { model: source.model } : {}),
  };
  return { session, nodes };
}
