import { SECRETS_KEY_ID, type CoveDatabase } from './dexie-database';
import { generateSecretKey } from './secret-cipher';

/**
 * The profile's secret key, loaded from IndexedDB or created once and stored there. Two
 * tabs that both find no key agree on one: the first to write wins, the other uses it.
 * A key that went missing (storage partly cleared) is replaced by a new one; secrets
 * sealed under the old one then stay unreadable, and the caller says so.
 */
export function createProfileKeySource(
  db: CoveDatabase,
  now: () => number,
): () => Promise<CryptoKey> {
  let cached: Promise<CryptoKey> | undefined;
  const load = async (): Promise<CryptoKey> => {
    const stored = await db.profileKeys.get(SECRETS_KEY_ID);
    if (stored) return stored.key;
    // Generated outside the transaction: WebCrypto would let IndexedDB commit it early.
    const fresh = await generateSecretKey();
    return db.transaction('rw', db.profileKeys, async () => {
      const raced = await db.profileKeys.get(SECRETS_KEY_ID);
      if (raced) return raced.key;
      await db.profileKeys.add({ id: SECRETS_KEY_ID, key: fresh, createdAt: now() });
      return fresh;
    });
  };
  return () => {
    cached ??= load().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}
