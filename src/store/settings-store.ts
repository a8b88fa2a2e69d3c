/**
 * Small key-value preferences (theme, layout, open tabs, providers). Values of secret
 * settings (see {@link SECRET_SETTING_PREFIX}) are sealed before they are stored and opened
 * when read; a string inside one that can no longer be opened (the profile's key was lost)
 * comes back as a SealedSecret (`isSealedSecret` in ./secret-cipher) in its place.
 */
export interface SettingsStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Sets a plain (not secret) setting at once, for a page that is going away: the put is
   * issued before the calling task ends and committed without waiting for a callback of this
   * page (see FileStore.putAtOnce). Rejects for a secret setting, which needs async sealing.
   */
  setAtOnce(key: string, value: unknown): Promise<void>;
}

/**
 * Settings whose key starts with this prefix hold secrets (API keys, secret headers). Every
 * string in their value rests encrypted with the profile's non-extractable key; snapshots
 * leave them out unless asked, and files carry them only under a passphrase (invariant 8).
 */
export const SECRET_SETTING_PREFIX = 'secret.';

export function isSecretSetting(key: string): boolean {
  return key.startsWith(SECRET_SETTING_PREFIX);
}

/**
 * Settings a workspace or a conversation owns end in `.<its id>` (editor.tabs.<workspace>,
 * editor.unsaved.<workspace>, agent.policy.<conversation>): deleting the owner deletes them.
 * Ids are UUIDs, which hold no dot.
 */
export function isOwnedSetting(key: string, ownerIds: ReadonlySet<string>): boolean {
  const dot = key.lastIndexOf('.');
  return dot >= 0 && ownerIds.has(key.slice(dot + 1));
}
