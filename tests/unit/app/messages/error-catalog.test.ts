import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../src/base/clock';
import { CoveError } from '../../../../src/base/errors';
import { agentError } from '../../../../src/agent/agent-errors';
import { SESSION_EXPORT_VERSION } from '../../../../src/agent/session-export';
import { parseSessionImport } from '../../../../src/agent/session-import';
import { createEditorService } from '../../../../src/app/editor-service';
import { createFileActions } from '../../../../src/app/file-actions';
import { createNoticeService } from '../../../../src/app/notice-service';
import { createWorkspaceService } from '../../../../src/app/workspace-service';
import { contextTooSmall } from '../../../../src/agent/context-budget';
import { en } from '../../../../src/app/messages/en';
import { describeError, errorText } from '../../../../src/app/messages/describe-error';
import { ERROR_CODES_BY_LAYER } from '../../../../src/app/messages/error-codes';
import { makeFailure } from '../../../../src/llm/llm-failures';
import { LlmError } from '../../../../src/llm/llm-error';
import { McpConnection } from '../../../../src/mcp/mcp-connection';
import { classifyMcpError } from '../../../../src/mcp/mcp-errors';
import { validateMcpServerConfig } from '../../../../src/mcp/server-config';
import { resolvePythonSettings } from '../../../../src/runtime/runtime-settings';
import { createMemoryStore } from '../../../../src/store/memory-store';
import { storeError } from '../../../../src/store/store-errors';
import { workspaceError } from '../../../../src/workspace/workspace-errors';
import { WorkspaceCatalog } from '../../../../src/workspace/workspace-catalog';
import { DEFAULT_ZIP_LIMITS, readZip } from '../../../../src/workspace/zip-archive';
import { testClock } from '../../../fakes/stores';

const openai = { baseURL: 'https://api.openai.com/v1', presetId: 'openai' };

describe('the error catalog', () => {
  // Walks the layers' code lists, so a code added without wording fails here (and in tsc).
  const all = Object.entries(ERROR_CODES_BY_LAYER).flatMap(([layer, codes]) =>
    codes.map((code) => [layer, code] as const),
  );

  it.each(all)('words %s’s %s with a message and a hint, even without params', (_, code) => {
    const { message, hint } = en[code]({});
    expect(message.trim()).not.toBe('');
    expect(hint.trim()).not.toBe('');
  });

  it('uses one kebab-case style for every code', () => {
    for (const [, code] of all) expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});

describe('describeError keeps the texts people read', () => {
  it('words a rate limit with its status and Retry-After', () => {
    const error = makeFailure('rate-limit', openai, { status: 429, retryAfterMs: 4_200 });
    expect(describeError(error)).toMatchObject({
      code: 'rate-limit',
      title: 'The model request failed',
      message: 'api.openai.com is rate-limiting requests (HTTP 429).',
      hint: 'Retry in 5 s.',
    });
    // The error's own English (logs, the model) is the same catalog's.
    expect(error.message).toBe('api.openai.com is rate-limiting requests (HTTP 429).');
  });

  it('words a refused key with the preset’s key page and the provider’s words', () => {
    const error = makeFailure('auth', openai, { status: 401, detail: 'Incorrect API key' });
    expect(errorText(error)).toBe(
      'api.openai.com rejected the API key (HTTP 401): Incorrect API key ' +
        'Check the key in Settings → Providers, or create a new one at https://platform.openai.com/api-keys.',
    );
  });

  it('words a server that cannot be reached, local or not', () => {
    const local = makeFailure('connection', {
      baseURL: 'http://localhost:11434/v1',
      presetId: 'ollama',
    });
    expect(describeError(local).message).toBe('Cannot reach localhost:11434.');
    expect(describeError(local).hint).toBe(
      'Check that the server at localhost:11434 is running and that the base URL (host and port) is right.',
    );
    const broke = makeFailure('connection', openai, { midStream: true });
    expect(errorText(broke)).toBe(
      'The connection to api.openai.com broke before the reply was complete. Retry; check your network connection if it happens again.',
    );
  });

  it('words the agent’s refusal of a window too small', () => {
    const budget = { window: 8_192, frame: 6_000, reply: 1_000, history: 1_000, toolCount: 3 };
    const error = contextTooSmall(budget as Parameters<typeof contextTooSmall>[0], 4_000);
    expect(describeError(error)).toMatchObject({
      code: 'context-too-small',
      message:
        "The system prompt and the definitions of 3 tools take about 6,000 tokens of this model's 8,192-token window, and 1,000 are kept for the reply: too little is left for the conversation (it needs about 4,000). Nothing was sent.",
      hint: "Turn off tools or MCP servers you do not need here, choose a model with a larger window, or set this model's real context window in Settings → Models.",
    });
  });

  it('words an empty summary', () => {
    expect(errorText(agentError('compaction-failed', { reason: 'empty-summary' }))).toBe(
      'The model returned an empty summary. Nothing was changed. Try /compact again.',
    );
  });

  it('shows the sentences of an error worded where it was thrown (layers not moved yet)', () => {
    const error = new CoveError('storage-full', 'The disk is full.', 'Free some space.');
    expect(describeError(error)).toMatchObject({
      message: 'The disk is full.',
      hint: 'Free some space.',
    });
  });

  it('words the store’s refusals from their params: which file, which conversation', async () => {
    const store = createMemoryStore();
    await store.workspaces.put({ id: 'w', name: 'W', createdAt: 0, updatedAt: 0 });
    const put = { type: 'put', path: 'notes.md', kind: 'file', content: 'x' } as const;
    await store.files.apply('w', [put], 1);
    const refused = await store.files
      .apply('w', [{ ...put, expect: 'absent' }], 2)
      .catch((error: unknown) => error);
    expect(describeError(refused)).toMatchObject({
      code: 'exists',
      title: 'Storage problem',
      message: '"notes.md" already exists.',
      hint: 'Choose another name, or delete the existing one first.',
    });
    expect(
      errorText(
        storeError('missing', { variant: 'branch-conversation', title: 'Plot', inTrash: true }),
      ),
    ).toBe(
      'The conversation "Plot" this branch belonged to is gone. Restore the conversation first (it is in Recently deleted), then this branch.',
    );
    expect(
      describeError(storeError('write-failed', { detail: 'QuotaExceededError' })).message,
    ).toBe('Saving failed: QuotaExceededError');
    // The English every layer logs reads the same catalog.
    expect(storeError('missing', { variant: 'conversation' }).message).toBe(
      'This conversation was deleted.',
    );
  });

  it('shows any other thrown value as its message', () => {
    expect(describeError(new TypeError('boom'))).toMatchObject({ message: 'boom', hint: '' });
    expect(errorText('plain')).toBe('plain');
  });
});

describe('errors stored by older versions', () => {
  it('reads an old reply error: snake_case code, no params, its own sentences', () => {
    const oldRow = {
      code: 'key_origin',
      message:
        'The API key was saved for https://a.example, but the provider now points at https://b.example, so Cove did not send it.',
      hint: 'Confirm in Settings → Providers that the key may be sent to https://b.example, or enter a new key.',
    };
    expect(describeError(oldRow)).toEqual({
      code: 'key-origin',
      title: 'The model request failed',
      message: oldRow.message,
      hint: oldRow.hint,
    });
  });

  it('reads an old run end and an old tool result', () => {
    expect(
      describeError({ code: 'context_overflow', message: 'Too long.', hint: 'Start anew.' }),
    ).toMatchObject({ code: 'context-overflow', message: 'Too long.', hint: 'Start anew.' });
    expect(
      describeError({ code: 'tool_error', message: 'Error: no such file', hint: '' }),
    ).toMatchObject({ code: 'tool-error', message: 'Error: no such file', hint: '' });
  });

  it('rebuilds an old trace’s llm error under its new kind, with its sentences', () => {
    const error = LlmError.fromJSON({
      kind: 'rate_limit' as never,
      message: 'api.x.com is rate-limiting requests (HTTP 429).',
      hint: 'Retry in 3 s.',
      status: 429,
    });
    expect(error.kind).toBe('rate-limit');
    expect(error.retryable).toBe(true);
    expect(errorText(error)).toBe('api.x.com is rate-limiting requests (HTTP 429). Retry in 3 s.');
  });

  it('words a new row from its params, not from the English stored beside them', () => {
    const row = {
      code: 'compaction-failed',
      params: { reason: 'empty-summary' },
      message: 'x',
      hint: 'y',
    };
    expect(describeError(row).message).toBe('The model returned an empty summary.');
  });
});

describe('the workspace’s refusals', () => {
  it('words them from their params: which path, which name, which limit', async () => {
    const catalog = new WorkspaceCatalog(createMemoryStore(), testClock());
    const workspace = await catalog.create('Notes');
    const outside = await catalog
      .files(workspace.id)
      .write('../secrets.txt', 'x')
      .catch((error: unknown) => error);
    expect(describeError(outside)).toMatchObject({
      code: 'bad-path',
      title: 'Workspace problem',
      message: '"../secrets.txt" points outside the workspace ("..").',
      hint: 'Use a path inside the workspace, without "..".',
    });
    // A code the workspace shares with the store is worded (and titled) as the store's.
    const taken = await catalog.create(' notes ').catch((error: unknown) => error);
    expect(describeError(taken)).toMatchObject({
      code: 'exists',
      title: 'Storage problem',
      message: 'A workspace named "notes" already exists.',
      hint: 'Choose another name.',
    });
    const limits = { ...DEFAULT_ZIP_LIMITS, maxZipBytes: 1536 };
    const tooLarge = (() => {
      try {
        return readZip(new Uint8Array(2048), { limits });
      } catch (error) {
        return error;
      }
    })();
    expect(describeError(tooLarge)).toMatchObject({
      code: 'zip-too-large',
      title: 'Workspace problem',
      message: 'This zip is 2.0 KB, over the 1.5 KB import limit.',
      hint: 'Split it into smaller archives.',
    });
    // The error carries data; its English (logs, the model) is the same catalog's.
    expect((tooLarge as CoveError).params).toEqual({ variant: 'archive', size: 2048, limit: 1536 });
    expect((outside as CoveError).userText).toBe(
      '"../secrets.txt" points outside the workspace (".."). Use a path inside the workspace, without "..".',
    );
  });
});

describe('the runtime’s and MCP’s refusals, worded by the catalog', () => {
  function thrown(run: () => unknown): unknown {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error('expected a refusal');
  }

  it('words a Python setting out of range with its limits', () => {
    const error = thrown(() => resolvePythonSettings({ timeoutMs: 500 }));
    expect(error).toBeInstanceOf(CoveError);
    expect((error as CoveError).params).toMatchObject({ variant: 'timeout', value: '500' });
    expect(describeError(error)).toEqual({
      code: 'bad-setting',
      title: 'Python problem',
      message: 'A run timeout of 500 ms is out of range.',
      hint: 'Choose between 1 s and 60 minutes.',
    });
    expect(
      errorText(thrown(() => resolvePythonSettings({ lockFileUrl: 'ftp://mirror.test/lock' }))),
    ).toBe('The lock file URL must start with https:// or http://. Enter a web address.');
  });

  it('words an MCP server’s settings that cannot be saved', () => {
    const server = {
      id: 's',
      name: 'docs',
      url: 'ws://mcp.example.com/mcp',
      headers: {},
      enabled: true,
      approval: 'ask' as const,
    };
    expect(describeError(thrown(() => validateMcpServerConfig(server)))).toEqual({
      code: 'mcp-invalid-url',
      title: 'MCP server problem',
      message: 'Cove reaches MCP servers over HTTP only, not ws:.',
      hint: 'Use the server’s http(s) endpoint (Streamable HTTP or SSE); stdio servers need a bridge such as mcp-proxy.',
    });
    const notUrl = thrown(() => validateMcpServerConfig({ ...server, url: 'mcp.example.com' }));
    expect(errorText(notUrl)).toBe(
      '“mcp.example.com” is not a URL. Type the full endpoint, e.g. https://example.com/mcp.',
    );
    // The header check's own sentences pass through as they are.
    const reserved = thrown(() =>
      validateMcpServerConfig({
        ...server,
        url: 'https://mcp.example.com/mcp',
        headers: { 'Mcp-Session-Id': 'x' },
      }),
    );
    expect(describeError(reserved)).toMatchObject({
      code: 'mcp-invalid-headers',
      message: "The header “mcp-session-id” is set by Cove's MCP client.",
      hint: 'Remove that row; Cove sends it itself.',
    });
  });

  it('words an MCP server that answers an HTTP error, in the UI and in the error’s own English', async () => {
    const connection = new McpConnection(
      {
        id: 's',
        name: 'docs',
        url: 'https://mcp.example.com/nothing-here',
        headers: {},
        enabled: true,
        approval: 'ask',
      },
      {
        fetch: async (_input, init) =>
          new Response(init?.mode === 'no-cors' ? null : '{}', { status: 404 }),
        clock: new ManualClock(),
      },
    );
    const error = await connection.test().catch((e: unknown) => e);
    expect(describeError(error)).toEqual({
      code: 'mcp-http',
      title: 'MCP server problem',
      message: 'The MCP server mcp.example.com answered HTTP 404 (not found).',
      hint: 'Check the URL: it is the server’s MCP endpoint, usually ending in /mcp (or /sse for older servers).',
    });
    // What a tool result and a log line read is the same catalog's English.
    expect((error as CoveError).userText).toBe(errorText(error));
    expect(
      errorText(
        classifyMcpError(new StreamableHTTPError(503, 'down'), { url: 'https://x.test/mcp' }),
      ),
    ).toBe(
      'The MCP server x.test answered HTTP 503. The server failed; its own log says why. Try again later.',
    );
  });
});

describe('the refusals once worded where they were raised, now data worded by the catalog', () => {
  const FIX =
    'Nothing was imported. Choose a file made by Export → JSON in Cove, or export it again.';

  function refused(text: string): CoveError {
    try {
      parseSessionImport(text, { workspaceId: 'w', newId: () => 'id' });
    } catch (error) {
      expect(error).toBeInstanceOf(CoveError);
      return error as CoveError;
    }
    throw new Error('the import was accepted');
  }

  const exportOf = (nodes: unknown[], leafId: string | null = null) =>
    JSON.stringify({
      format: 'cove-session',
      version: SESSION_EXPORT_VERSION,
      session: { title: 'T', mode: 'chat', leafId, createdAt: 1, updatedAt: 2 },
      nodes,
    });
  const message = (id: string, parentId: string | null) => ({
    id,
    parentId,
    role: 'user',
    content: 'x',
    status: 'complete',
    startedAt: 1,
  });

  it('words every refused conversation import from its variant, saying what to do', () => {
    const cases: [text: string, params: object, message: string, hint: string][] = [
      [
        '{ not json',
        { variant: 'not-json' },
        'This file is not JSON, so it is not a Cove conversation export.',
        FIX,
      ],
      [
        '[]',
        { variant: 'no-session' },
        'This file is not a Cove conversation: it holds no session.',
        FIX,
      ],
      [
        JSON.stringify({ format: 'cove-backup' }),
        { variant: 'format', expected: 'cove-session' },
        'This file is not a Cove conversation export (its "format" is not "cove-session").',
        'Nothing was imported. A full backup is restored from Settings → Backup instead.',
      ],
      [
        JSON.stringify({ format: 'cove-session', version: 7 }),
        { variant: 'version', found: '7', supported: 1, newer: true },
        'This export has version 7; this Cove reads version 1.',
        'Nothing was imported. It was made by a newer Cove: reload Cove to update it, then import again.',
      ],
      [
        JSON.stringify({ format: 'cove-session' }),
        { variant: 'version', found: 'undefined', supported: 1, newer: false },
        'This export has version undefined; this Cove reads version 1.',
        FIX,
      ],
      [
        exportOf([{ ...message('q', null), role: 'robot' }]),
        { variant: 'damaged', where: 'nodes.0.role' },
        expect.stringMatching(/^This export is damaged: nodes\.0\.role: .+\.$/),
        FIX,
      ],
      [
        exportOf([message('q', null), message('q', null)]),
        { variant: 'duplicate-id', id: 'q' },
        'Two messages in this file have the same id "q".',
        FIX,
      ],
      [
        exportOf([message('q', 'ghost')]),
        { variant: 'missing-parent', id: 'q', parentId: 'ghost' },
        'Message "q" answers a message "ghost" that is not in the file.',
        FIX,
      ],
      [
        exportOf([message('q', 'a'), message('a', 'q')]),
        { variant: 'cycle', id: 'q' },
        'Messages in this file form a cycle (message "q" is its own ancestor).',
        FIX,
      ],
      [
        exportOf([message('q', null)], 'nowhere'),
        { variant: 'missing-leaf', id: 'nowhere' },
        'The conversation\'s current message "nowhere" is not in the file.',
        FIX,
      ],
    ];
    for (const [text, params, sentence, hint] of cases) {
      const error = refused(text);
      // Data, not English: the code and what the sentence names.
      expect(error.ownWording).toBeUndefined();
      expect(error.params).toMatchObject(params);
      expect(describeError(error)).toEqual({
        code: 'bad-import',
        title: expect.any(String),
        message: sentence,
        hint,
      });
      // Logs and traces read the same catalog's English.
      expect(error.userText).toBe(errorText(error));
    }
  });

  it('words an import refusal it does not know, and one without params, generally', () => {
    const general = {
      message: 'This file is not a conversation Cove can import.',
      hint: FIX,
    };
    expect(describeError(agentError('bad-import'))).toMatchObject(general);
    expect(describeError(agentError('bad-import', { variant: 'toString' }))).toMatchObject(general);
  });

  it('words keys in a backup that Cove cannot read, and says to restore without them', () => {
    expect(describeError(storeError('backup-invalid', { variant: 'keys' }))).toEqual({
      code: 'backup-invalid',
      title: 'Storage problem',
      message: 'The encrypted keys in this backup are not in a form Cove knows.',
      hint: 'Nothing was changed. Restore without the keys, then enter them again in Settings.',
    });
  });

  it('words a file action while no workspace is open, and says to open one', async () => {
    const store = createMemoryStore();
    const clock = new ManualClock();
    // Not started: no workspace is open yet.
    const workspaces = createWorkspaceService(
      new WorkspaceCatalog(store, clock),
      store.settings,
      store.changes,
    );
    const notices = createNoticeService(clock);
    const actions = createFileActions({
      workspaces,
      notices,
      editor: createEditorService({ workspaces, settings: store.settings, notices, clock }),
    });
    const error = await actions.createFile('', 'main.py').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoveError);
    expect((error as CoveError).ownWording).toBeUndefined();
    expect(describeError(error)).toEqual({
      code: 'no-workspace',
      title: 'Workspace problem',
      message: 'No workspace is open.',
      hint: 'Create or open a workspace first.',
    });
    expect(errorText(workspaceError('no-workspace'))).toBe(
      'No workspace is open. Create or open a workspace first.',
    );
  });
});
