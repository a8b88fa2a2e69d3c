/**
 * A quick yes for values a zod schema accepts: `acceptorOf(schema)` walks the schema's
 * definition once and returns a plain function that answers true only for values the
 * schema would accept. It says false when it is not sure (a kind of schema or check it
 * does not know), and the caller then asks zod itself, which also says what is wrong.
 *
 * Why: Cove's CSP forbids eval, so zod runs `jitless`, and checking every row read from
 * IndexedDB through zod took about as long as reading them (10,000 session nodes: 30 to
 * 120 ms more on a cold open). Sound rows are nearly all rows; they now take the quick path.
 */
import type { z } from './schema';

/** True only when the schema accepts `value`; false means "ask zod". */
export type Acceptor = (value: unknown) => boolean;

interface Def {
  type: string;
  [field: string]: unknown;
}

type Schema = z.core.$ZodType;

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

const never: Acceptor = () => false;

/** Builds the quick check for `schema` (once; the result is reused for every value). */
export function acceptorOf(schema: Schema): Acceptor {
  const def = defOf(schema);
  const checks = (def.checks as readonly Schema[] | undefined) ?? [];
  const base = baseAcceptor(def);
  if (!checks.length) return base;
  const checked = checks.map(checkAcceptor);
  if (checked.includes(never)) return never;
  return (value) => base(value) && checked.every((check) => check(value));
}

function baseAcceptor(def: Def): Acceptor {
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'unknown':
    case 'any':
      return () => true;
    case 'enum': {
      const values = new Set(Object.values(def.entries as Record<string, unknown>));
      return (value) => values.has(value);
    }
    case 'literal': {
      const values = new Set(def.values as readonly unknown[]);
      return (value) => values.has(value);
    }
    case 'optional': {
      const inner = acceptorOf(def.innerType as Schema);
      return (value) => value === undefined || inner(value);
    }
    case 'nullable': {
      const inner = acceptorOf(def.innerType as Schema);
      return (value) => value === null || inner(value);
    }
    case 'array': {
      const element = acceptorOf(def.element as Schema);
      return (value) => Array.isArray(value) && value.every(element);
    }
    case 'union': {
      const options = (def.options as readonly Schema[]).map(acceptorOf);
      return (value) => options.some((option) => option(value));
    }
    case 'custom': {
      const fn = def.fn as ((value: unknown) => unknown) | undefined;
      return fn ? (value) => fn(value) === true : never;
    }
    case 'object':
      return objectAcceptor(def);
    case 'record': {
      const key = defOf(def.keyType as Schema);
      if (key.type !== 'string' || (key.checks as unknown[] | undefined)?.length) return never;
      const entry = acceptorOf(def.valueType as Schema);
      return (value) => isPlainRecord(value) && Object.values(value).every(entry);
    }
    default:
      return never;
  }
}

function objectAcceptor(def: Def): Acceptor {
  // A catch-all changes what extra keys may hold: leave those schemas to zod.
  if (def.catchall !== undefined) return never;
  const fields = Object.entries(def.shape as Record<string, Schema>).map(
    ([key, schema]) => [key, acceptorOf(schema)] as const,
  );
  return (value) => {
    if (!isPlainRecord(value)) return false;
    for (const [key, accepts] of fields) {
      if (!accepts((value as Record<string, unknown>)[key])) return false;
    }
    return true;
  };
}

function checkAcceptor(check: Schema): Acceptor {
  const def = check._zod.def as unknown as { check?: string; minimum?: number };
  if (def.check === 'min_length' && typeof def.minimum === 'number') {
    const minimum = def.minimum;
    return (value) => (value as { length: number }).length >= minimum;
  }
  return never;
}

/** An object that is not an array (what IndexedDB hands back for a stored object). */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
