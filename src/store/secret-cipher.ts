import { storeError } from './store-errors';

/**
 * A secret as it rests in IndexedDB: AES-GCM ciphertext (with its tag) and the IV. Plain
 * data, structured-cloneable. Without the profile's key it is noise.
 */
export interface SealedSecret {
  sealed: typeof SEALED_MARK;
  iv: Uint8Array;
  data: Uint8Array;
}

const SEALED_MARK = 'aes-gcm-256';

/** True for a {@link SealedSecret}, e.g. one {@link SecretCipher.open} could not open. */
export function isSealedSecret(value: unknown): value is SealedSecret {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<SealedSecret>;
  return (
    record.sealed === SEALED_MARK &&
    record.iv instanceof Uint8Array &&
    record.data instanceof Uint8Array
  );
}

/**
 * Encrypts and decrypts single secret strings. `open` throws CoveError('secret-unreadable')
 * when the value was sealed under another key (the profile's key was lost or replaced).
 */
export interface SecretCipher {
  seal(plaintext: string): Promise<SealedSecret>;
  open(sealed: SealedSecret): Promise<string>;
}

/**
 * A new AES-GCM-256 key that can encrypt and decrypt but never be exported: not through
 * `exportKey`, not by script in the page, not by a disk copy of IndexedDB (which stores a
 * handle the browser keeps out of reach, not the key bytes).
 */
export function generateSecretKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/**
 * The WebCrypto cipher over a key that `getKey` supplies (loaded or created on first use).
 * Every seal draws a fresh 96-bit IV.
 */
export function createAesGcmCipher(getKey: () => Promise<CryptoKey>): SecretCipher {
  return {
    async seal(plaintext) {
      const key = await getKey();
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv: iv as BufferSource },
        key,
        new TextEncoder().encode(plaintext),
      );
      return { sealed: SEALED_MARK, iv, data: new Uint8Array(data) };
    },
    async open(sealed) {
      const key = await getKey();
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: sealed.iv as BufferSource },
          key,
          sealed.data as BufferSource,
        );
        return new TextDecoder().decode(plain);
      } catch (error) {
        throw storeError('secret-unreadable', {}, { cause: error });
      }
    },
  };
}

/**
 * The in-memory cipher: the same AES-GCM, under a key that lives only as long as this
 * object. For the memory store, tests and demos. `forgetKey()` stands in for a profile
 * whose stored key was cleared: what was sealed before can no longer be opened.
 */
export function createMemoryCipher(): SecretCipher & { forgetKey(): void } {
  let key: Promise<CryptoKey> | undefined;
  const cipher = createAesGcmCipher(() => (key ??= generateSecretKey()));
  return {
    ...cipher,
    forgetKey() {
      key = undefined;
    },
  };
}
