/** Small key-value preferences (theme, layout, open tabs, later providers). */
export interface SettingsStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * Settings whose key starts with this prefix hold secrets (API keys). Backups and exports
 * leave them out unless the person asks for them (invariant 8).
 */
export const SECRET_SETTING_PREFIX = 'secret.';

export function isSecretSetting(key: string): boolean {
  return key.startsWith(SECRET_SETTING_PREFIX);
}
