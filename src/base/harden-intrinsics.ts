/**
 * Freezes the prototypes every object of the page inherits from, so that nothing can plant
 * a setter or a poisoned method on them: a setter for `apiKey` on Object.prototype would
 * receive the key the next time any code assigned it to a plain object. Defence in depth:
 * the sandbox's channel to the page exposes no object (src/runtime/sandbox/), and this
 * makes the page's own objects worthless to anyone who finds a way to one anyway.
 *
 * Frozen: the prototypes of the language's constructors and its hidden ones (iterators,
 * generators, async functions, typed arrays), and the namespace objects (JSON, Math,
 * Reflect, Atomics, Intl). Not frozen: the constructors themselves, whose static methods
 * no object inherits and which libraries patch on purpose (Dexie swaps `Promise.resolve`
 * and the global `Promise` while a transaction's zone is active); web platform
 * prototypes (DOM, fetch), which are outside this list by choice.
 *
 * Freezing makes a property read-only for every object that inherits it: in strict code
 * `object.toString = f` or `this.name = 'MyError'` then throws ("the override mistake").
 * For the properties code commonly overrides that way, the frozen data property becomes
 * an accessor whose setter gives the object its own property instead, as the spec's
 * assignment would have without the freeze.
 */

/** Constructors whose `prototype` is frozen, by their global name. */
const CONSTRUCTORS = [
  'Object',
  'Function',
  'Array',
  'String',
  'Number',
  'Boolean',
  'Symbol',
  'BigInt',
  'Date',
  'RegExp',
  'Error',
  'AggregateError',
  'EvalError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'TypeError',
  'URIError',
  'Promise',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'WeakRef',
  'FinalizationRegistry',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float16Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'Iterator',
] as const;

/** Namespace objects frozen whole. */
const NAMESPACES = ['JSON', 'Math', 'Reflect', 'Atomics', 'Intl'] as const;

/**
 * Properties that code assigns on objects that inherit them (see the module comment), by
 * the prototype that has them. Only where needed: V8 keeps fast paths for arrays, promises,
 * regular expressions and typed arrays only while properties such as their `constructor`
 * stay plain data properties of the original prototype, so those are frozen untouched.
 */
const OVERRIDABLE: Readonly<Record<string, readonly string[]>> = {
  Object: ['constructor', 'toString', 'toLocaleString', 'valueOf'],
  Function: ['toString'],
  Error: ['constructor', 'name', 'message', 'toString'],
  AggregateError: ['constructor', 'name', 'message'],
  EvalError: ['constructor', 'name', 'message'],
  RangeError: ['constructor', 'name', 'message'],
  ReferenceError: ['constructor', 'name', 'message'],
  SyntaxError: ['constructor', 'name', 'message'],
  TypeError: ['constructor', 'name', 'message'],
  URIError: ['constructor', 'name', 'message'],
};

/**
 * The methods of %TypedArray%.prototype that a Uint8Array subclass redefines by assignment:
 * the browser `Buffer` bundled with isomorphic-git (the Source Control panel) assigns these
 * on `Buffer.prototype`. None is one of the properties V8's typed array fast paths watch
 * (`constructor`, `Symbol.iterator`, `length`…), which stay plain frozen data.
 */
const TYPED_ARRAY_OVERRIDABLE = [
  'toString',
  'toLocaleString',
  'includes',
  'indexOf',
  'lastIndexOf',
  'slice',
  'fill',
] as const;

/** What {@link hardenIntrinsics} froze, for tests and diagnostics. */
export interface HardenReport {
  frozen: number;
  /** Objects that could not be frozen, with why (absent from a platform is not listed). */
  failures: string[];
}

/**
 * Freezes the intrinsics of the realm whose global is `global`. `hidden`: intrinsics no
 * global names (iterator and generator prototypes…), found with syntax of the same realm
 * by {@link hiddenIntrinsics}. Safe to call twice. Never throws: what it cannot freeze is
 * reported.
 */
export function hardenIntrinsics(global: object, hidden: readonly object[]): HardenReport {
  const report: HardenReport = { frozen: 0, failures: [] };
  const named = global as Record<string, unknown>;
  const targets: [string, object, readonly string[]][] = [];
  for (const name of CONSTRUCTORS) {
    const constructor = named[name];
    if (typeof constructor !== 'function') continue;
    const prototype = (constructor as { prototype?: unknown }).prototype;
    // Function.prototype is itself a function.
    if (prototype && (typeof prototype === 'object' || typeof prototype === 'function')) {
      targets.push([`${name}.prototype`, prototype, OVERRIDABLE[name] ?? []]);
    }
  }
  // %TypedArray%.prototype, which every typed array's prototype inherits from.
  const uint8 = named.Uint8Array as { prototype: object } | undefined;
  if (uint8) {
    const typedArray = Object.getPrototypeOf(uint8.prototype) as object | null;
    if (typedArray) targets.push(['%TypedArray%.prototype', typedArray, TYPED_ARRAY_OVERRIDABLE]);
  }
  for (const name of NAMESPACES) {
    const namespace = named[name];
    if (namespace && typeof namespace === 'object') targets.push([name, namespace, []]);
  }
  hidden.forEach((object, index) => targets.push([`hidden intrinsic #${index}`, object, []]));
  for (const [name, target, overridable] of targets) {
    if (Object.isFrozen(target)) continue;
    try {
      tameOverrides(target, overridable);
      Object.freeze(target);
      report.frozen++;
    } catch (error) {
      report.failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return report;
}

/**
 * The intrinsics of the current realm that no global names: the prototypes of iterators,
 * generators and async functions. Found by syntax, so no eval is needed.
 */
export function hiddenIntrinsics(): object[] {
  const found = new Set<object>();
  const add = (value: unknown) => {
    if (value && (typeof value === 'object' || typeof value === 'function')) found.add(value);
  };
  const protoOf = (value: unknown) => (value == null ? null : Object.getPrototypeOf(value));
  const arrayIterator = protoOf([][Symbol.iterator]());
  add(arrayIterator);
  add(protoOf(arrayIterator)); // %IteratorPrototype%
  add(protoOf(new Map()[Symbol.iterator]()));
  add(protoOf(new Set()[Symbol.iterator]()));
  add(protoOf(''[Symbol.iterator]()));
  add(protoOf('a'.matchAll(/a/g)));
  function* generator() {}
  async function* asyncGenerator() {}
  async function asyncFunction() {}
  add(protoOf(generator)); // %GeneratorFunction.prototype%
  add(protoOf(generator.prototype)); // %GeneratorPrototype%
  add(protoOf(asyncGenerator));
  const asyncGeneratorPrototype = protoOf(asyncGenerator.prototype);
  add(asyncGeneratorPrototype);
  add(protoOf(asyncGeneratorPrototype)); // %AsyncIteratorPrototype%
  add(protoOf(asyncFunction));
  return [...found];
}

/**
 * Turns each of `keys` (data properties of `target`) into an accessor that reads the same
 * value and, assigned on an object that inherits it, defines that object's own property.
 * Assigning it on `target` itself fails as it would on the frozen object.
 */
function tameOverrides(target: object, keys: readonly string[]): void {
  for (const key of keys) {
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (!descriptor || !('value' in descriptor) || !descriptor.configurable) continue;
    const value: unknown = descriptor.value;
    Object.defineProperty(target, key, {
      get: function getOverridable() {
        return value;
      },
      set: function setOverridable(this: unknown, next: unknown) {
        if (
          this === target ||
          this === null ||
          (typeof this !== 'object' && typeof this !== 'function')
        ) {
          throw new TypeError(`Cannot assign to read only property '${key}' of a frozen intrinsic`);
        }
        Object.defineProperty(this, key, {
          value: next,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      },
      enumerable: descriptor.enumerable ?? false,
      configurable: false,
    });
  }
}
