/**
 * A copy of a row as a store hands it in or out, so no caller can change stored state by
 * accident. Rows are plain data (objects, arrays, strings, numbers), and for those a walk
 * is several times cheaper than `structuredClone`, whose fixed cost per call dominated a
 * chat reply's own time (every appended node and every patch of a streaming reply is
 * copied). Anything else (a Blob, a typed array, a Date, a class instance) is handed to
 * `structuredClone`, which keeps IndexedDB's rules: a function still fails to store.
 */
export function copyRow<T>(value: T): T {
  if (typeof value !== 'object' || value === null) {
    return typeof value === 'function' || typeof value === 'symbol'
      ? structuredClone(value)
      : value;
  }
  if (Array.isArray(value)) return value.map(copyRow) as T;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    copy[key] = copyRow((value as Record<string, unknown>)[key]);
  return copy as T;
}
