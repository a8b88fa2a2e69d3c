import type { SettingRecord } from './records';
import { isSealedSecret, type SecretCipher } from './secret-cipher';
import { isSecretSetting } from './settings-store';

/**
 * How a secret setting's value rests: the same shape, with every string inside it sealed.
 * Object keys (provider ids, header names), numbers and booleans stay readable, so code can
 * still tell which entry a secret that cannot be opened belonged to.
 */

/**
 * Seals every string in `value` (recursively through arrays and plain objects). Leaves that
 * are already sealed stay as they are. Returns a new value; the input is not changed.
 */
export async function sealSecretValue(value: unknown, cipher: SecretCipher): Promise<unknown> {
  if (typeof value === 'string') return cipher.seal(value);
  if (isSealedSecret(value)) return value;
  if (Array.isArray(value)) return Promise.all(value.map((item) => sealSecretValue(item, cipher)));
  if (isPlainObject(value)) {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, item]) => [key, await sealSecretValue(item, cipher)]),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

/**
 * Opens every sealed leaf of `value`. A leaf that cannot be opened (the profile's key was
 * lost) stays a SealedSecret, for the caller to notice with `isSealedSecret`; nothing
 * throws for it. Plain strings (written before secrets were sealed) come back as they are.
 */
export async function openSecretValue(value: unknown, cipher: SecretCipher): Promise<unknown> {
  if (isSealedSecret(value)) {
    try {
      return await cipher.open(value);
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return Promise.all(value.map((item) => openSecretValue(item, cipher)));
  if (isPlainObject(value)) {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, item]) => [key, await openSecretValue(item, cipher)]),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

/** True when some string in `value` is not sealed (a row still to be sealed). */
export function hasPlaintext(value: unknown): boolean {
  if (typeof value === 'string') return true;
  if (isSealedSecret(value)) return false;
  if (Array.isArray(value)) return value.some(hasPlaintext);
  if (isPlainObject(value)) return Object.values(value).some(hasPlaintext);
  return false;
}

/** A copy of `value` without the leaves that stayed sealed (empty objects are kept). */
export function withoutSealed(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => !isSealedSecret(item)).map(withoutSealed);
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => !isSealedSecret(item))
        .map(([key, item]) => [key, withoutSealed(item)]),
    );
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Settings rows as a snapshot hands them out: secret settings left out, or, with
 * `withSecrets`, opened (leaves that cannot be opened are dropped: they are useless anywhere).
 */
export async function snapshotSettings(
  rows: SettingRecord[],
  withSecrets: boolean | undefined,
  cipher: SecretCipher,
): Promise<SettingRecord[]> {
  const result: SettingRecord[] = [];
  for (const row of rows) {
    if (!isSecretSetting(row.key)) result.push(row);
    else if (withSecrets) {
      result.push({ key: row.key, value: withoutSealed(await openSecretValue(row.value, cipher)) });
    }
  }
  return result;
}

/**
 * Runs tasks one after another in call order; each caller gets its own task's result or
 * error. Secret writes use it: sealing takes a while, and a later write must not be
 * overtaken by an earlier one that is still being sealed.
 */
export function createSerialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
