/**
 * Where MCP servers' OAuth sign-ins rest (issue 20): one secret setting holding every
 * server's record, sealed at rest with the profile's key and left out of backups and
 * exports like API keys (SECRET_SETTING_PREFIX, RELIABILITY.md invariant 8). A record whose
 * strings can no longer be opened (the profile's key was lost) reads as no sign-in.
 */
import type { McpOAuthRecord, McpOAuthStore } from '../mcp/oauth-store';
import { SECRET_SETTING_PREFIX, type SettingsStore } from '../store/settings-store';

export const MCP_OAUTH_SETTING_KEY = `${SECRET_SETTING_PREFIX}mcpOAuth`;

export interface SealedOAuthStore extends McpOAuthStore {
  /** The records read or written so far, by server id (for redaction and Settings). */
  known(): ReadonlyMap<string, McpOAuthRecord>;
  /** Reads every record again (at start, and when another tab changed them). */
  reload(): Promise<void>;
}

export function createSealedOAuthStore(settings: SettingsStore): SealedOAuthStore {
  let records = new Map<string, McpOAuthRecord>();
  let loaded: Promise<void> | undefined;
  let writes: Promise<unknown> = Promise.resolve();

  async function readAll(): Promise<Map<string, McpOAuthRecord>> {
    const raw = await settings.get<unknown>(MCP_OAUTH_SETTING_KEY);
    const all = new Map<string, McpOAuthRecord>();
    if (typeof raw !== 'object' || raw === null) return all;
    for (const [id, record] of Object.entries(raw as Record<string, unknown>)) {
      if (isReadable(record)) all.set(id, record);
    }
    return all;
  }

  const ensure = () => (loaded ??= readAll().then((all) => void (records = all)));

  /** Applies `change` to the stored map, after the writes before it. */
  function write(change: (all: Map<string, McpOAuthRecord>) => void): Promise<void> {
    const next = writes.then(async () => {
      const all = await readAll();
      change(all);
      await settings.set(MCP_OAUTH_SETTING_KEY, Object.fromEntries(all));
      records = all;
    });
    writes = next.catch(() => undefined);
    return next;
  }

  return {
    async load(serverId) {
      await ensure();
      return structuredClone(records.get(serverId));
    },
    save: (serverId, record) => write((all) => void all.set(serverId, structuredClone(record))),
    delete: (serverId) => write((all) => void all.delete(serverId)),
    known: () => records,
    async reload() {
      loaded = readAll().then((all) => void (records = all));
      await loaded;
    },
  };
}

/** A record whose strings all opened: a sealed one left in place reads as an object. */
function isReadable(value: unknown): value is McpOAuthRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (typeof record['serverUrl'] !== 'string') return false;
  const tokens = record['tokens'] as Record<string, unknown> | undefined;
  return tokens === undefined || typeof tokens['access_token'] === 'string';
}
