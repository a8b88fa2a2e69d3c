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
import { addEnglishArea } from '../../app/messages/english-areas';
import { enMcpSettingsUi } from '../../app/messages/en-settings-mcp-ui';
import type { Formats } from '../../app/messages/formats';
import { useI18n } from '../common/i18n';

addEnglishArea('mcpSettings', enMcpSettingsUi);

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
  const { t, formats } = useI18n();
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
      notices.error(error, t('mcpSettings.signInFailed', server.name));
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
          ? t('mcpSettings.signedOutRevoked', server.name)
          : t('mcpSettings.signedOutForgot', server.name),
      });
    } catch (error) {
      notices.error(error, t('mcpSettings.signOutFailed', server.name));
    }
  };

  const remove = async (server: StoredMcpServer) => {
    const answer = await dialogs.confirm({
      title: t('mcpSettings.removeQuestion', server.name),
      message: t('mcpSettings.removeText'),
      confirmLabel: t('mcpSettings.remove'),
      danger: true,
    });
    if (answer !== 'confirm') return;
    await mcp
      .remove(server.id)
      .catch((error: unknown) => notices.error(error, t('mcpSettings.removeFailed')));
    addButton?.focus();
  };

  const save = (what: string, write: Promise<void>) =>
    void write.catch((error: unknown) => notices.error(error, what));

  return (
    <section aria-labelledby="settings-mcp" id="settings-mcp-section">
      <h3 id="settings-mcp">{t('mcpSettings.heading')}</h3>
      <p>{t('mcpSettings.intro')}</p>
      <ul class="mcp-servers" aria-label={t('mcpSettings.list')}>
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
                    {stateLabel(state(), t, formats())}
                  </span>
                </div>
                <div class="mcp-server-controls">
                  <label class="check">
                    <input
                      type="checkbox"
                      checked={server.enabled}
                      onChange={(event) =>
                        save(
                          t('mcpSettings.saveFailed'),
                          mcp.setEnabled(server.id, event.currentTarget.checked),
                        )
                      }
                    />
                    {t('mcpSettings.enabled')}
                  </label>
                  <label class="mcp-inline">
                    {t('mcpSettings.approval')}
                    <select
                      value={server.approval}
                      onChange={(event) =>
                        save(
                          t('mcpSettings.saveFailed'),
                          mcp.setApproval(server.id, event.currentTarget.value as 'ask' | 'auto'),
                        )
                      }
                    >
                      <option value="ask">{t('mcpSettings.askEach')}</option>
                      <option value="auto">{t('mcpSettings.runWithout')}</option>
                    </select>
                  </label>
                  <label class="check">
                    <input
                      type="checkbox"
                      checked={server.trustReadOnlyHint === true}
                      onChange={(event) =>
                        save(
                          t('mcpSettings.saveFailed'),
                          mcp.setTrustReadOnly(server.id, event.currentTarget.checked),
                        )
                      }
                    />
                    {t('mcpSettings.trustReadOnly')}
                  </label>
                  <label class="check">
                    <input
                      type="checkbox"
                      checked={server.samplingAllowed === true}
                      onChange={(event) =>
                        save(
                          t('mcpSettings.saveFailed'),
                          mcp.setSamplingAllowed(server.id, event.currentTarget.checked),
                        )
                      }
                    />
                    {t('mcpSettings.sampling')}
                  </label>
                </div>
                <Show when={server.lostSecrets}>
                  <p class="field-error">{t('mcpSettings.lostSecrets')}</p>
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
                        <span>{t('mcpSettings.asksSignIn')}</span>
                        <button
                          type="button"
                          class="button small primary"
                          aria-label={t('mcpSettings.signInTo', server.name)}
                          disabled={signingIn() === server.id}
                          onClick={() => void signIn(server)}
                        >
                          {signingIn() === server.id
                            ? t('mcpSettings.signingIn')
                            : t('mcpSettings.signIn')}
                        </button>
                      </div>
                    </Show>
                  }
                >
                  <div class="mcp-sign-in">
                    <span class="mcp-signed-in">{t('mcpSettings.signedIn')}</span>
                    <button
                      type="button"
                      class="button small"
                      aria-label={t('mcpSettings.signOutOf', server.name)}
                      onClick={() => void signOut(server)}
                    >
                      {t('mcpSettings.signOut')}
                    </button>
                  </div>
                </Show>
                <div class="settings-actions">
                  <button
                    type="button"
                    class="button small"
                    disabled={testState()?.kind === 'testing'}
                    aria-label={t('mcpSettings.testServer', server.name)}
                    onClick={() => void test(server)}
                  >
                    {testState()?.kind === 'testing'
                      ? t('mcpSettings.testing')
                      : t('mcpSettings.test')}
                  </button>
                  <button
                    type="button"
                    class="button small"
                    aria-label={t('mcpSettings.editServer', server.name)}
                    onClick={() => setForm({ existing: server })}
                  >
                    {t('mcpSettings.edit')}
                  </button>
                  <button
                    type="button"
                    class="button small danger"
                    aria-label={t('mcpSettings.removeServer', server.name)}
                    onClick={() => void remove(server)}
                  >
                    {t('mcpSettings.remove')}
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
          <Icon name="plus" /> {t('mcpSettings.add')}
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

function stateLabel(
  state: ReturnType<AppServices['mcp']['state']>,
  t: ReturnType<typeof useI18n>['t'],
  formats: Formats,
): string {
  switch (state.status) {
    case 'disabled':
      return t('mcpSettings.states.disabled');
    case 'idle':
      return t('mcpSettings.states.idle');
    case 'connecting':
      return t('mcpSettings.states.connecting');
    case 'connected':
      return t('mcpSettings.states.connected', formats, state.tools.length);
    case 'sign-in':
      return t('mcpSettings.states.signIn');
    case 'failed':
      return t('mcpSettings.states.failed', state.message);
  }
}
