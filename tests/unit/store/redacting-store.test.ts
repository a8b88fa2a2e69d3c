import { afterEach, describe, expect, it } from 'vitest';
import { createSecretRedactor, CREDENTIAL_REDACTED } from '../../../src/base/redact-credentials';
import type { CoveStore } from '../../../src/store/cove-store';
import type { NodeRecord, SessionRecord } from '../../../src/store/records';
import { createRedactingStore } from '../../../src/store/redacting-store';
import type { RunRecord, ToolStepRecord } from '../../../src/store/run-store';
import { storeKinds } from '../../fakes/stores';

const KEY = 'sk-test-0123456789abcdef';
const TOKEN = 'mcp-token-fedcba9876543210';
const R = CREDENTIAL_REDACTED;

const session: SessionRecord = {
  id: 's1',
  workspaceId: 'w1',
  title: `About ${KEY}`,
  mode: 'agent',
  leafId: null,
  createdAt: 1,
  updatedAt: 1,
  starred: false,
};

const node = (id: string, content: string, extra: Partial<NodeRecord> = {}): NodeRecord =>
  ({
    id,
    sessionId: 's1',
    parentId: null,
    role: 'assistant',
    content,
    status: 'complete',
    startedAt: 1,
    ...extra,
  }) as NodeRecord;

const run: RunRecord = {
  id: 'r1',
  sessionId: 's1',
  model: 'p/m',
  status: 'error',
  startedAt: 1,
  steps: 1,
  turns: 1,
  usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
  error: { code: 'auth', message: `Incorrect API key provided: ${KEY}` },
};

const toolStep: ToolStepRecord = {
  kind: 'tool',
  id: 'r1:0',
  runId: 'r1',
  seq: 0,
  turn: 1,
  startedAt: 1,
  callId: 'c1',
  toolName: 'mcp_srv_whoami',
  args: { header: `Bearer ${TOKEN}` },
  outcome: 'error',
  isError: true,
  result: `MCP error -32001: token ${TOKEN} may not call whoami`,
  truncatedChars: 0,
  durationMs: 3,
};

/** Every string of a value, for "the secret is nowhere in it". */
const text = (value: unknown) => JSON.stringify(value);

describe.each(storeKinds)('the redacting store over the $name store', ({ open }) => {
  let raw: CoveStore;
  afterEach(() => raw?.close());

  async function setup() {
    raw = await open();
    const store = createRedactingStore(
      raw,
      createSecretRedactor(() => [KEY, TOKEN]),
    );
    return store;
  }

  it('stores sessions and nodes without the known secrets, however they are written', async () => {
    const store = await setup();
    await store.sessions.put(session);
    await store.sessions.append(
      node('a1', '', {
        error: { code: 'auth', message: `Key ${KEY} was refused`, hint: 'Check the key.' },
      }),
      2,
    );
    await store.sessions.updateNode('a1', {
      content: `The server said ${TOKEN.slice(0, 14)}…`,
      toolCalls: [{ id: 'c1', name: 'x', arguments: `{"t":"${TOKEN}"}` }],
    } as Partial<NodeRecord>);
    await store.sessions.insert({ ...session, id: 's2', title: 'Copy' }, [
      node('b1', `copied ${KEY}`, { sessionId: 's2' }),
    ]);
    const stored = text([
      await raw.sessions.get('s1'),
      await raw.sessions.nodes('s1'),
      await raw.sessions.nodes('s2'),
    ]);
    expect(stored).not.toContain(KEY);
    expect(stored).not.toContain(TOKEN.slice(0, 14));
    expect(stored).toContain(`Key ${R} was refused`);
    expect((await raw.sessions.get('s1'))?.title).toBe(`About ${R}`);
  });

  it('reads rows stored before it without the secrets, leaving the rows as they were', async () => {
    const store = await setup();
    await raw.sessions.insert(session, [node('old', `an old echo of ${KEY}`)]);
    expect((await store.sessions.nodes('s1'))[0]!.content).toBe(`an old echo of ${R}`);
    expect((await store.sessions.get('s1'))!.title).toBe(`About ${R}`);
    expect((await raw.sessions.nodes('s1'))[0]!.content).toContain(KEY);
  });

  it('keeps traces without the secrets, both ways', async () => {
    const store = await setup();
    // A run is stored only while its conversation is.
    await store.sessions.put(session);
    await store.runs.save(run, [toolStep]);
    expect(text(await raw.runs.get('r1'))).not.toMatch(new RegExp(`${KEY}|${TOKEN}`));
    await raw.runs.save({ ...run, id: 'r2' }, [{ ...toolStep, id: 'r2:0', runId: 'r2' }]);
    const trace = await store.runs.get('r2');
    expect(text(trace)).not.toMatch(new RegExp(`${KEY}|${TOKEN}`));
    expect(trace?.run.error?.message).toBe(`Incorrect API key provided: ${R}`);
    expect(text(await store.runs.list())).not.toContain(KEY);
  });

  it('backs up conversations without the secrets, and the keys, files and settings as they are', async () => {
    const store = await setup();
    await raw.workspaces.put({ id: 'w1', name: 'W', createdAt: 1, updatedAt: 1 });
    await raw.files.apply(
      'w1',
      [{ type: 'put', path: '.env', kind: 'file', content: `KEY=${KEY}\n`, expect: 'absent' }],
      1,
    );
    await raw.settings.set('secret.providerKeys', { p1: { key: KEY, origin: 'https://x' } });
    await raw.sessions.insert(session, [node('old', `echo ${KEY}`)]);

    const snapshot = await store.snapshot({ withSecrets: true });
    expect(text(snapshot.sessions)).not.toContain(KEY);
    expect(text(snapshot.nodes)).not.toContain(KEY);
    expect(snapshot.files.find((file) => file.path === '.env')?.content).toBe(`KEY=${KEY}\n`);
    expect(snapshot.settings.find((row) => row.key === 'secret.providerKeys')?.value).toEqual({
      p1: { key: KEY, origin: 'https://x' },
    });

    await store.restore({ ...snapshot, nodes: [node('old', `restored ${TOKEN}`)] });
    expect((await raw.sessions.nodes('s1'))[0]!.content).toBe(`restored ${R}`);
  });
});
