import { CoveError } from './errors';

/**
 * Text encrypted with a passphrase the person typed, for files that leave the browser
 * (backups, provider exports) and may carry API keys. PBKDF2-SHA-256 stretches the
 * passphrase into an AES-GCM-256 key; salt and IV are random per box. Plain JSON, so it
 * sits inside any JSON file.
 */
export interface PassphraseBox {
  format: typeof BOX_FORMAT;
  version: 1;
  kdf: { name: 'PBKDF2'; hash: 'SHA-256'; iterations: number; salt: string };
  cipher: { name: 'AES-GCM'; iv: string };
  /** Base64 of the ciphertext with its 16-byte tag. */
  data: string;
}

const BOX_FORMAT = 'cove.passphrase-box';
/** OWASP's 2023 figure for PBKDF2-HMAC-SHA-256; a few hundred ms on a slow laptop. */
export const PASSPHRASE_ITERATIONS = 600_000;
/** Boxes from elsewhere may not ask for more work than this (a crafted file would hang). */
const MAX_ITERATIONS = 10_000_000;
const MIN_ITERATIONS = 100_000;
/** Shorter passphrases are refused when sealing: PBKDF2 cannot make a short one strong. */
export const MIN_PASSPHRASE_LENGTH = 8;

const toBase64 = (bytes: Uint8Array): string => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
};

const fromBase64 = (text: string): Uint8Array => {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
};

async function deriveKey(
  passphrase: string,
  salt: Uint8Array,
  iterations: number,
  usage: 'encrypt' | 'decrypt',
): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(passphrase),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

/** Why a passphrase cannot be used to seal, or undefined when it can. */
export function passphraseProblem(passphrase: string): string | undefined {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH)
    return `The passphrase needs at least ${MIN_PASSPHRASE_LENGTH} characters.`;
  return undefined;
}

/**
 * Encrypts `text` under `passphrase`. Throws CoveError('passphrase-weak') for a passphrase
 * shorter than {@link MIN_PASSPHRASE_LENGTH}. `iterations` is for tests of the format only.
 */
export async function sealWithPassphrase(
  text: string,
  passphrase: string,
  iterations = PASSPHRASE_ITERATIONS,
): Promise<PassphraseBox> {
  const problem = passphraseProblem(passphrase);
  if (problem) {
    throw new CoveError(
      'passphrase-weak',
      problem,
      'Choose a longer passphrase; you will need it to restore the keys.',
    );
  }
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(passphrase, salt, iterations, 'encrypt');
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: iv as BufferSource },
    key,
    new TextEncoder().encode(text),
  );
  return {
    format: BOX_FORMAT,
    version: 1,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: toBase64(salt) },
    cipher: { name: 'AES-GCM', iv: toBase64(iv) },
    data: toBase64(new Uint8Array(data)),
  };
}

/** True for something shaped like a {@link PassphraseBox} (not yet checked further). */
export function isPassphraseBox(value: unknown): value is PassphraseBox {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { format?: unknown }).format === BOX_FORMAT
  );
}

const damaged = () =>
  new CoveError(
    'passphrase-box-invalid',
    'The encrypted keys in this file are damaged.',
    'Export them again from the Cove they came from.',
  );

/**
 * Decrypts a box made by {@link sealWithPassphrase}. Throws CoveError('wrong-passphrase')
 * when the passphrase does not open it (AES-GCM cannot tell a wrong passphrase from a
 * changed file: either way nothing is returned), or 'passphrase-box-invalid' for a box
 * that is not well formed.
 */
export async function openWithPassphrase(box: unknown, passphrase: string): Promise<string> {
  if (!isPassphraseBox(box) || box.version !== 1) throw damaged();
  const { kdf, cipher, data } = box;
  if (
    kdf?.name !== 'PBKDF2' ||
    kdf.hash !== 'SHA-256' ||
    !Number.isInteger(kdf.iterations) ||
    kdf.iterations < MIN_ITERATIONS ||
    kdf.iterations > MAX_ITERATIONS ||
    cipher?.name !== 'AES-GCM' ||
    typeof kdf.salt !== 'string' ||
    typeof cipher.iv !== 'string' ||
    typeof data !== 'string'
  ) {
    throw damaged();
  }
  let salt: Uint8Array, iv: Uint8Array, bytes: Uint8Array;
  try {
    salt = fromBase64(kdf.salt);
    iv = fromBase64(cipher.iv);
    bytes = fromBase64(data);
  } catch {
    throw damaged();
  }
  if (iv.length !== 12 || salt.length < 8) throw damaged();
  const key = await deriveKey(passphrase, salt, kdf.iterations, 'decrypt');
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: iv as BufferSource },
      key,
      bytes as BufferSource,
    );
  } catch (error) {
    throw new CoveError(
      'wrong-passphrase',
      'That passphrase does not open the keys in this file.',
      'Type the passphrase chosen when the file was made (it is case-sensitive), or go on without the keys.',
      { cause: error },
    );
  }
  return new TextDecoder().decode(plain);
}
