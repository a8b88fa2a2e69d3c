/**
 * A structural check of values that arrive from code Cove does not trust (the sandbox's
 * messages, rows read back from storage, imported files). Structured clone can carry far
 * more than JSON: Maps, Dates, class-less objects with a `__proto__` key of their own,
 * ports, buffers shared with the sender. A schema says which fields a message has; this
 * says, first, that the value is data at all and cannot reach a prototype when it is
 * copied or spread.
 */

/** Keys that reach, or later plant something on, a prototype when used as property names. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** What a {@link checkPlainData} walk accepts besides JSON-like data. */
export interface PlainDataOptions {
  /** Binary values allowed anywhere (their place is for the schema to check). Default none. */
  binary?: readonly ('Uint8Array' | 'ArrayBuffer' | 'Blob')[];
  /** Deepest nesting allowed. Default 16. */
  maxDepth?: number;
  /** Most object keys plus array items, over the whole value. Default 200 000. */
  maxEntries?: number;
}

/**
 * Why `value` is not plain data, or undefined when it is. Plain data: null, booleans,
 * finite or non-finite numbers, strings, arrays whose prototype is Array.prototype, and
 * objects whose prototype is Object.prototype or null, without accessor properties,
 * symbol keys or the keys `__proto__`, `constructor` and `prototype` at any depth; plus
 * the binary types `options.binary` names. Never throws, never calls a getter.
 */
export function checkPlainData(value: unknown, options: PlainDataOptions = {}): string | undefined {
  const binary = new Set(options.binary ?? []);
  const maxDepth = options.maxDepth ?? 16;
  let budget = options.maxEntries ?? 200_000;
  const seen = new Set<object>();

  const walk = (current: unknown, path: string, depth: number): string | undefined => {
    if (current === null) return undefined;
    switch (typeof current) {
      case 'string':
      case 'number':
      case 'boolean':
        return undefined;
      case 'undefined':
        return undefined;
      case 'object':
        break;
      default:
        return `${path} is a ${typeof current}`;
    }
    const object = current as object;
    if (depth > maxDepth) return `${path} is nested deeper than ${maxDepth} levels`;
    if (seen.has(object)) return `${path} refers back to itself`;
    seen.add(object);
    const kind = binaryKind(object);
    if (kind) {
      return kind !== 'typed array' && binary.has(kind)
        ? undefined
        : `${path} is a ${kind}, which is not allowed`;
    }
    const proto = Object.getPrototypeOf(object) as unknown;
    const isArray = Array.isArray(object);
    if (isArray ? proto !== Array.prototype : proto !== Object.prototype && proto !== null) {
      return `${path} is not a plain ${isArray ? 'array' : 'object'}`;
    }
    if (Object.getOwnPropertySymbols(object).length) return `${path} has symbol keys`;
    for (const key of Object.getOwnPropertyNames(object)) {
      if (isArray && key === 'length') continue;
      if (PROTOTYPE_KEYS.has(key)) return `${path} has the key "${key}"`;
      if (--budget < 0) return 'the value has too many entries';
      const descriptor = Object.getOwnPropertyDescriptor(object, key)!;
      if (!('value' in descriptor)) return `${path}.${key} is an accessor`;
      const problem = walk(
        descriptor.value,
        isArray ? `${path}[${key}]` : `${path}.${key}`,
        depth + 1,
      );
      if (problem) return problem;
    }
    return undefined;
  };
  return walk(value, 'the value', 0);
}

/** The binary type of `value`, when it is one the options can name. */
function binaryKind(
  value: object,
): 'Uint8Array' | 'ArrayBuffer' | 'Blob' | 'typed array' | undefined {
  // A view of shared memory is not data: the sender could change it after the check.
  if (value instanceof Uint8Array)
    return value.buffer instanceof ArrayBuffer ? 'Uint8Array' : 'typed array';
  if (value instanceof ArrayBuffer) return 'ArrayBuffer';
  if (typeof Blob !== 'undefined' && value instanceof Blob) return 'Blob';
  if (ArrayBuffer.isView(value)) return 'typed array';
  return undefined;
}
