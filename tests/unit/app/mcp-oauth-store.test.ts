// The raw rows are read as a disk copy would, which needs Dexie (only src/store imports it).
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { createSealedOAuthStore, MCP_OAUTH_SETTING_KEY } from '../../../src/app/mcp-oauth-store';
import { LocalChangeFeed } from '../../../src/store/change-feed';
import type { CoveStore } from '../../../src/store/cove-store';
import { openDexieStore } from '../../../src/store/dexie-store';
import { isSecretSetting } from '../../../src/store/settings-store';

/** MCP sign-ins at rest (issue 20): sealed like API keys, bound to their server's URL. */

const ACCESS = 'at-secret-access-token-123456';
const REFRESH = 'rt-secret-refresh-token-654321';
const names: string[] = [];
const open: CoveStore[] = [];
afterEach(async () => {
  for (const store of open.splice(0)) store.close();
  for (const name of names.splice(0)) await Dexie.delete(name);
});

async function openStore(): Promise<{ store: CoveStore; name: string }> {
  const name = `cove-oauth-${Date.now()}-${names.length}`;
  names.push(name);
  const store = await openDexieStore({ name, changes: new LocalChangeFeed(), now: () => 1 });
  open.push(store);
  return { store, name };
}

describe('the sealed MCP OAuth store', () => {
  it('keeps tokens encrypted at rest and reads them back', async () => {
    const { store, name } = await openStore();
    expect(isSecretSetting(MCP_OAUTH_SETTING_KEY)).toBe(true);
    const oauth = createSealedOAuthStore(store.settings);
    await oauth.save('s1', {
      serverUrl: 'https://mcp.example/mcp',
      tokens: { access_token: ACCESS, refresh_token: REFRESH, token_type: 'Bearer' },
    });

    const db = new Dexie(name);
    await db.open();
    const raw = JSON.stringify(await Promise.all(db.tables.map((table) => table.toArray())));
    db.close();
    expect(raw).not.toContain(ACCESS);
    expect(raw).not.toContain(REFRESH);

    const again = createSealedOAuthStore(store.settings);
    expect((await again.load('s1'))?.tokens?.access_token).toBe(ACCESS);
    expect([...again.known().keys()]).toEqual(['s1']);
    await again.delete('s1');
    expect(await createSealedOAuthStore(store.settings).load('s1')).toBeUndefined();
  });
});
