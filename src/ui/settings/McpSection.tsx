import { createSignal, For, Show } from 'solid-js';
import type { StoredMcpServer } from '../../app/mcp-server-store';
import type { AppServices } from '../../app/services';
import { errorText } from '../../app/messages/describe-error';
import { CoveError } from '../../base/errors';
import type { McpServerReport } from '../../mcp/mcp-connection';
import { useDialogs } from '../common/dialogs';
import { Icon } from '../common/icons';
import { McpReport } from './McpReport';
import { McpServerForm } from './McpServerForm';
import './mcp.css';

type TestState =
  | { kind: 'testing' }
  | { kind: 'ok'; report: McpServerReport }
  | { kind: 'error'; text: string; signIn: boolean };

/**
 * Settings → MCP servers: the user's tool servers. Each can be enabled, set to ask before
 * every call or run without asking, trusted for its read-only hints, tested, edited and
 * removed. Enabled servers' tools are offered to the agent as mcp_<server>_<tool>.
 */
export function McpSection(props: { services: AppServices }) {
  const { mcp, notices } = props.services;
  const dialogs = useDialogs();
  const [form, setForm] = createSignal<{ existing?: StoredMcpServer }>();
  const [tests, setTests] = createSignal<Record<string, TestState | undefined>>({});
  let addButton: HTMLButtonElement | undefined;

  const setTest = (id: string, state: TestState | undefined) =>
    setTests((all) => ({ ...all, [id]: state }));

  const test = async (server: StoredMcpServer) => {
    setTest(server.id, { kind: 'testing' });
    try {
      setTest(server.id, { kind: 'ok', report: await mcp.test(server.id) });
    } catch (error) {
      const signIn = error instanceof CoveError && error.code === 'mcp-sign-in-required';
      setTest(server.id, { kind: 'error', text: errorText(error), signIn });
    }
  };

  const [signingIn, setSigningIn] = createSignal<string>();
  /** Leaves for the server's authorization page; a sign-in still good just connects. */
  const signIn = async (server: StoredMcpServer) => {
    setSigningIn(server.id);
    setTest(server.id, undefined);
    try {
      await mcp.signIn(server.id);
    } catch (error) {
      notices.error(error, `Could not sign in to ${server.name}`);
    } finally {
      setSigningIn(undefined);
    }
  };

  const signOut = async (server: StoredMcpServer) => {
    try {
      const { revoked } = await mcp.signOut(server.id);
      notices.show({
        kind: 'success',
        text: revoked
          ? `Signed out of ${server.name}; the server revoked the sign-in.`
          : `Signed out of ${server.name}; Cove forgot the sign-in (the server offers no revocation).`,
      });
    } catch (error) {
      notices.error(error, `Could not sign out of ${server.name}`);
    }
  };

  const remove = async (server: StoredMcpServer) => {
    const answer = await dialogs.confirm({
      title: `Remove ${server.name}?`,
      message:
        'Its settings and saved headers are deleted from this browser; its tools are no longer offered to the agent.',
      confirmLabel: 'Remove',
      danger: true,
    });
    if (answer !== 'confirm') return;
    await mcp.remove(server.id).catch((error: unknown) => notices.error(error, 'Could not remove'));
    addButton?.focus();
  };

  const save = (what: string, write: Promise<void>) =>
    void write.catch((error: unknown) => notices.error(error, what));

  return (
    <section aria-labelledby="settings-mcp" id="settings-mcp-section">
      <h3 id="settings-mcp">MCP servers</h3>
      <p>
        Tool servers the agent may use, reached from this browser over Streamable HTTP (or the older
        HTTP+SSE). The server must allow this page’s origin with CORS and expose the mcp-session-id
        header.
      </p>
      <ul class="mcp-servers" aria-label="MCP servers">
        <For each={mcp.servers()}>
          {(server) => {
            const state = () => mcp.state(server.id);
            const testState = () => tests()[server.id];
            return (
              <li class="mcp-server" aria-label={server.name}>
                <div class="mcp-server-head">
                  <strong>{server.name}</strong>
                  <span class="mono mcp-url">{server.url}</span>
                  <span class="mcp-state" data-state={state().status}>
                    {stateLabel(state())}
                  </span>
                </div>
                <div class="mcp-server-controls">
                  <label class="check">
                    <input
                      type="checkbox"
                      checked={server.enabled}
                      onChange={(event) =>
                        save(
                          'Could not save the server',
                          mcp.setEnabled(server.id, event.currentTarget.checked),
                        )
                      }
                    />
                    Enabled
                  </label>
                  <label class="mcp-inline">
                    Approval
                    <select
                      value={server.approval}
                      onChange={(event) =>
                        save(
                          'Could not save the server',
                          mcp.setApproval(server.id, event.currentTarget.value as 'ask' | 'auto'),
                        )
                      }
                    >
                      <option value="ask">Ask before each call</option>
                      <option value="auto">Run without asking</option>
                    </select>
                  </label>
                  <label class="check">
                    <input
                      type="checkbox"
                      checked={server.trustReadOnlyHint === true}
                      onChange={(event) =>
                        save(
                          'Could not save the server',
                          mcp.setTrustReadOnly(server.id, event.currentTarget.checked),
                        )
                      }
                    />
                    Run tools it marks read-only without asking
                  </label>
                  <label class="check">
                    <input
                      type="checkbox"
                      checked={server.samplingAllowed === true}
                      onChange={(event) =>
                        save(
                          'Could not save the server',
                          mcp.setSamplingAllowed(server.id, event.currentTarget.checked),
                        )
                      }
                    />
                    Let it ask the model without review (sampling; each use is still told)
                  </label>
                </div>
                <Show when={server.lostSecrets}>
                  <p class="field-error">
                    A saved header of this server can no longer be decrypted; edit the server and
                    enter it again.
                  </p>
                </Show>
                <Show
                  when={mcp.signedIn(server.id)}
                  fallback={
                    <Show
                      when={
                        state().status === 'sign-in' ||
                        (testState()?.kind === 'error' &&
                          (testState() as { signIn: boolean }).signIn)
                      }
                    >
                      <div class="mcp-sign-in">
                        <span>This server asks you to sign in (OAuth).</span>
                        <button
                          type="button"
                          class="button small primary"
                          aria-label={`Sign in to ${server.name}`}
                          disabled={signingIn() === server.id}
                          onClick={() => void signIn(server)}
                        >
                          {signingIn() === server.id ? 'Signing in…' : 'Sign in'}
                        </button>
                      </div>
                    </Show>
                  }
                >
                  <div class="mcp-sign-in">
                    <span class="mcp-signed-in">Signed in</span>
                    <button
                      type="button"
                      class="button small"
                      aria-label={`Sign out of ${server.name}`}
                      onClick={() => void signOut(server)}
                    >
                      Sign out
                    </button>
                  </div>
                </Show>
                <div class="settings-actions">
                  <button
                    type="button"
                    class="button small"
                    disabled={testState()?.kind === 'testing'}
                    aria-label={`Test ${server.name}`}
                    onClick={() => void test(server)}
                  >
                    {testState()?.kind === 'testing' ? 'Testing…' : 'Test'}
                  </button>
                  <button
                    type="button"
                    class="button small"
                    aria-label={`Edit ${server.name}`}
                    onClick={() => setForm({ existing: server })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    class="button small danger"
                    aria-label={`Remove ${server.name}`}
                    onClick={() => void remove(server)}
                  >
                    Remove
                  </button>
                </div>
                <Show when={testState()}>
                  {(shown) => (
                    <Show
                      when={
                        shown().kind === 'ok' && (shown() as { report: McpServerReport }).report
                      }
                      fallback={
                        <Show when={shown().kind === 'error'}>
                          <p class="field-error" role="alert">
                            {(shown() as { text: string }).text}
                          </p>
                        </Show>
                      }
                    >
                      {(report) => <McpReport report={report()} />}
                    </Show>
                  )}
                </Show>
              </li>
            );
          }}
        </For>
      </ul>
      <div class="settings-actions">
        <button
          type="button"
          class="button"
          ref={(element) => (addButton = element)}
          onClick={() => setForm({})}
        >
          <Icon name="plus" /> Add MCP server
        </button>
      </div>
      <Show when={form()} keyed>
        {(open) => (
          <McpServerForm
            mcp={mcp}
            {...(open.existing ? { existing: open.existing } : {})}
            onClose={() => setForm(undefined)}
            onSaved={() => {
              setForm(undefined);
              addButton?.focus();
            }}
          />
        )}
      </Show>
    </section>
  );
}

function stateLabel(state: ReturnType<AppServices['mcp']['state']>): string {
  switch (state.status) {
    case 'disabled':
      return 'Disabled';
    case 'idle':
      return 'Connects when the agent needs it';
    case 'connecting':
      return 'Connecting…';
    case 'connected':
      return `Connected · ${state.tools.length} ${state.tools.length === 1 ? 'tool' : 'tools'}`;
    case 'sign-in':
      return 'Sign-in needed';
    case 'failed':
      return `Not available: ${state.message}`;
  }
}
