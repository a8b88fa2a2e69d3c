import { createUniqueId, For, Show, type JSX } from 'solid-js';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enMcpSignInUi } from '../../app/messages/en-mcp-sign-in-ui';
import { JWT_ALGORITHMS } from '../../mcp/server-config';
import { useI18n } from '../common/i18n';
import type { McpSignInKind, SignInChoice } from './mcp-sign-in-choice';
import './mcp-sign-in.css';

addEnglishArea('mcpSignIn', enMcpSignInUi);

const KINDS = ['browser', 'client-secret', 'private-key-jwt'] as const satisfies McpSignInKind[];
const LABELS = {
  browser: 'mcpSignIn.browser',
  'client-secret': 'mcpSignIn.clientSecret',
  'private-key-jwt': 'mcpSignIn.privateKeyJwt',
} as const;

/**
 * An MCP server's sign-in, in its settings form (issue 20): in the browser (OAuth, with
 * `children`: the optional pre-registered client id), or client credentials with a secret or
 * with a private key that signs a JWT. The secret and the key are typed here and sealed by
 * the store (src/app/mcp-server-store.ts).
 */
export function McpSignInChoice(props: { choice: SignInChoice; children?: JSX.Element }) {
  const { t } = useI18n();
  const choice = props.choice;
  const name = createUniqueId();
  const ids = {
    clientId: createUniqueId(),
    secret: createUniqueId(),
    key: createUniqueId(),
    algorithm: createUniqueId(),
  };
  return (
    <fieldset class="mcp-sign-in">
      <legend>{t('mcpSignIn.legend')}</legend>
      <For each={KINDS}>
        {(kind) => (
          <label class="choice">
            <input
              type="radio"
              name={name}
              value={kind}
              checked={choice.kind() === kind}
              onChange={() => choice.setKind(kind)}
            />
            <span>{t(LABELS[kind])}</span>
          </label>
        )}
      </For>
      <Show when={choice.kind() === 'browser'}>
        <p class="form-note">{t('mcpSignIn.browserNote')}</p>
        {props.children}
      </Show>
      <Show when={choice.kind() !== 'browser'}>
        <p class="form-note">{t('mcpSignIn.credentialsNote')}</p>
        <div class="form-field">
          <label for={ids.clientId}>{t('mcpSignIn.clientId')}</label>
          <input
            id={ids.clientId}
            class="mono"
            value={choice.clientId()}
            autocomplete="off"
            spellcheck={false}
            onInput={(event) => choice.setClientId(event.currentTarget.value)}
          />
        </div>
        <Show when={choice.kind() === 'client-secret'}>
          <div class="form-field">
            <label for={ids.secret}>{t('mcpSignIn.secret')}</label>
            <input
              id={ids.secret}
              class="mono"
              type="password"
              value={choice.clientSecret()}
              autocomplete="off"
              spellcheck={false}
              onInput={(event) => choice.setClientSecret(event.currentTarget.value)}
            />
          </div>
        </Show>
        <Show when={choice.kind() === 'private-key-jwt'}>
          <div class="form-field">
            <label for={ids.key}>{t('mcpSignIn.privateKey')}</label>
            <textarea
              id={ids.key}
              class="mono mcp-private-key"
              rows={4}
              value={choice.privateKey()}
              placeholder={t('mcpSignIn.privateKeyPlaceholder')}
              autocomplete="off"
              spellcheck={false}
              onInput={(event) => choice.setPrivateKey(event.currentTarget.value)}
            />
          </div>
          <div class="form-field">
            <label for={ids.algorithm}>{t('mcpSignIn.algorithm')}</label>
            <select
              id={ids.algorithm}
              value={choice.algorithm()}
              onChange={(event) => choice.setAlgorithm(event.currentTarget.value)}
            >
              <For each={JWT_ALGORITHMS}>
                {(algorithm) => <option value={algorithm}>{algorithm}</option>}
              </For>
            </select>
          </div>
        </Show>
      </Show>
    </fieldset>
  );
}
