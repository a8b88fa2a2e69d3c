import { createUniqueId, Show } from 'solid-js';
import type { ProviderService } from '../../app/provider-service';
import { getPreset, keySendDecision, type ModelConfig, type ProviderConfig } from '../../llm';
import { Icon } from '../common/icons';
import { ModelList } from './ModelList';
import { hostOf, maskKey } from './provider-display';

/** What the card says under its header: a request in flight, its success, or its failure. */
export type ProviderStatus =
  | { kind: 'busy'; text: string }
  | { kind: 'ok'; text: string }
  | { kind: 'error'; message: string; hint: string };

/**
 * One provider in settings: name, preset, base URL, the key masked (never the key), the
 * result of the last test, a warning when the key is bound to another host than the base
 * URL or can no longer be decrypted, and its models.
 */
export function ProviderCard(props: {
  providers: ProviderService;
  provider: ProviderConfig;
  status: ProviderStatus | undefined;
  onTest: () => void;
  onRefresh: () => void;
  onEdit: () => void;
  onRemove: () => void;
  onAllowKey: () => void;
  onAddModel: () => void;
  onEditModel: (model: ModelConfig) => void;
  onRemoveModel: (model: ModelConfig) => void;
}) {
  const nameId = createUniqueId();
  const preset = () => getPreset(props.provider.presetId);
  const moved = () => {
    const decision = keySendDecision(props.provider);
    return decision.status === 'needs_confirmation' ? decision : undefined;
  };
  const busy = () => props.status?.kind === 'busy';
  const statusText = () => (props.status?.kind === 'error' ? undefined : props.status?.text);
  const failure = () => (props.status?.kind === 'error' ? props.status : undefined);

  return (
    <li class="provider-card">
      <div role="group" aria-labelledby={nameId}>
        <div class="provider-head">
          <div class="provider-title">
            <h4 id={nameId}>{props.provider.name}</h4>
            <span class="badge">{preset().id === 'custom' ? 'Custom' : preset().label}</span>
          </div>
          <div class="provider-buttons">
            <button type="button" class="button small" disabled={busy()} onClick={props.onTest}>
              Test connection
            </button>
            <button
              type="button"
              class="icon-button"
              aria-label={`Edit ${props.provider.name}`}
              title="Edit provider"
              onClick={props.onEdit}
            >
              <Icon name="edit" />
            </button>
            <button
              type="button"
              class="icon-button"
              aria-label={`Remove ${props.provider.name}`}
              title="Remove provider"
              onClick={props.onRemove}
            >
              <Icon name="trash" />
            </button>
          </div>
        </div>
        <p class="provider-url mono" title={props.provider.baseURL}>
          {props.provider.baseURL}
        </p>
        <p class="provider-meta">
          <Show
            when={props.provider.apiKey}
            fallback={
              <Show when={!props.providers.keyLost(props.provider.id)}>
                <span>
                  {preset().key === 'required'
                    ? 'No API key: add one to use this provider.'
                    : 'No API key.'}
                </span>
              </Show>
            }
          >
            {(key) => (
              <span>
                Key <span class="mono">{maskKey(key())}</span>, stored only in this browser
              </span>
            )}
          </Show>
        </p>

        <Show when={props.providers.keyLost(props.provider.id)}>
          <div class="provider-warning" role="note">
            <p>
              The saved key can no longer be read: this browser lost the key that protected it (site
              data was partly cleared). Re-enter the key to use this provider.
            </p>
            <div class="form-inline">
              <button type="button" class="button small" onClick={props.onEdit}>
                Re-enter the key
              </button>
            </div>
          </div>
        </Show>

        <Show when={moved()}>
          {(move) => (
            <div class="provider-warning" role="note">
              <p>
                The key was saved for {move().keyOrigin ?? 'another address'}. This provider now
                points at {move().targetOrigin}, so Cove does not send the key there.
              </p>
              <div class="form-inline">
                <button type="button" class="button small" onClick={props.onAllowKey}>
                  Send the key to {hostOf(move().targetOrigin)}
                </button>
                <button type="button" class="button small" onClick={props.onEdit}>
                  Enter a new key
                </button>
              </div>
            </div>
          )}
        </Show>

        <Show when={statusText()}>
          {(text) => (
            <p class={`provider-status ${props.status?.kind}`} role="status">
              {text()}
            </p>
          )}
        </Show>
        <Show when={failure()}>
          {(error) => (
            <div class="provider-status error" role="alert">
              <p>{error().message}</p>
              <p class="hint">{error().hint}</p>
            </div>
          )}
        </Show>

        <ModelList
          providers={props.providers}
          provider={props.provider}
          busy={busy()}
          onRefresh={props.onRefresh}
          onAdd={props.onAddModel}
          onEdit={props.onEditModel}
          onRemove={props.onRemoveModel}
        />
      </div>
    </li>
  );
}
