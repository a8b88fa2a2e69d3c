import { runInContext, createContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { hardenIntrinsics } from '../../../src/base/harden-intrinsics';

/** A TypeError of the hardened realm (not this realm's TypeError class). */
const REFUSED = /not extensible|read.only|Cannot (assign|redefine|add|define)/;

// Hardening changes a realm for good, so each test hardens a fresh realm of its own (a vm
// context) and runs code in it, never in the realm the tests run in.

/** A new realm, hardened; `run` evaluates strict code in it. */
function hardenedRealm() {
  const context = createContext({});
  const run = (code: string): unknown => runInContext(`'use strict';\n${code}`, context);
  const global = run('globalThis') as object;
  const hidden = run(`
    const protoOf = Object.getPrototypeOf;
    const ai = protoOf([][Symbol.iterator]());
    function* g() {}
    async function* ag() {}
    [ai, protoOf(ai), protoOf(new Map()[Symbol.iterator]()), protoOf(g), protoOf(g.prototype),
     protoOf(ag), protoOf(protoOf(ag.prototype)), protoOf(async function () {})]
  `) as object[];
  const report = hardenIntrinsics(global, hidden);
  return { run, report };
}

describe('hardenIntrinsics', () => {
  it('freezes the prototypes and namespaces an attacker would plant on, and reports no failure', () => {
    const { run, report } = hardenedRealm();
    expect(report.failures).toEqual([]);
    expect(
      run(`[Object.prototype, Function.prototype, Array.prototype, String.prototype,
        Promise.prototype, Error.prototype, TypeError.prototype, Map.prototype, RegExp.prototype,
        Object.getPrototypeOf(Uint8Array.prototype), JSON, Math, Reflect,
        Object.getPrototypeOf([][Symbol.iterator]())].every(Object.isFrozen)`),
    ).toBe(true);
  });

  it('refuses a setter planted on Object.prototype, so a plain object keeps its key to itself', () => {
    const { run } = hardenedRealm();
    expect(() =>
      run(`Object.prototype.__defineSetter__('apiKey', function (v) { globalThis.stolen = v; })`),
    ).toThrow(REFUSED);
    expect(() =>
      run(`Object.defineProperty(Object.prototype, 'lockFileUrl', { value: 'x' })`),
    ).toThrow(REFUSED);
    expect(() => run(`Object.prototype.lockFileUrl = 'https://evil/'`)).toThrow(REFUSED);
    expect(
      run(`const o = {}; o.apiKey = 'sk-1'; [o.apiKey, globalThis.stolen, ({}).lockFileUrl]`),
    ).toEqual(['sk-1', undefined, undefined]);
    expect(() => run(`Array.prototype.push = function () {}`)).toThrow(REFUSED);
    expect(() => run(`JSON.stringify = function () {}`)).toThrow(REFUSED);
  });

  it('still lets objects override what they inherit, as libraries do', () => {
    const { run } = hardenedRealm();
    expect(
      run(`
        class MyError extends Error { constructor(m) { super(m); this.name = 'MyError'; } }
        const e = new MyError('boom');
        const o = {}; o.toString = () => 'custom';
        function Legacy() {} Legacy.prototype = { greet() { return 'hi'; } };
        Legacy.prototype.constructor = Legacy;
        const plain = Object.create(null); plain.constructor = 1;
        [String(e), e instanceof Error, String(o), new Legacy().constructor === Legacy, plain.constructor,
         Object.prototype.toString.call([]), Error.prototype.name]
      `),
    ).toEqual(['MyError: boom', true, 'custom', true, 1, '[object Array]', 'Error']);
    // …but not on the intrinsic itself.
    expect(() => run(`Error.prototype.name = 'X'`)).toThrow(REFUSED);
    expect(() => run(`Object.prototype.toString = () => 'x'`)).toThrow(REFUSED);
  });

  it('leaves the constructors patchable (Dexie swaps Promise statics inside its zones)', () => {
    const { run } = hardenedRealm();
    expect(
      run(`const r = Promise.resolve; Promise.resolve = r; globalThis.Promise === Promise`),
    ).toBe(true);
  });

  it('is safe to call twice', () => {
    const context = createContext({});
    const global = runInContext('globalThis', context) as object;
    hardenIntrinsics(global, []);
    expect(hardenIntrinsics(global, []).failures).toEqual([]);
  });
});
