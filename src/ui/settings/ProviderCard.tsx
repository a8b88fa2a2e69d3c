import { createUniqueId, Show } from 'solid-js';
import type { ProviderService } from '../../app/provider-service';
import { getPreset, keySendDecision, type ModelConfig, type ProviderConfig } from '../../llm';
import { Icon } from '../common/icons';
import { ModelList } from './ModelList';
import { hostOf, maskKey } from './provider-display';
import { useI18n } from '../common/i18n';

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
  const { t } = useI18n();
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
            <span class="badge">
              {preset().id === 'custom' ? t('providers.card.custom') : preset().label}
            </span>
          </div>
          <div class="provider-buttons">
            <button type="button" class="button small" disabled={busy()} onClick={props.onTest}>
              {t('providers.card.test')}
            </button>
            <button
              type="button"
              class="icon-button"
              aria-label={t('providers.card.edit', props.provider.name)}
              title={t('providers.card.editTitle')}
              onClick={props.onEdit}
            >
              <Icon name="edit" />
            </button>
            <button
              type="button"
              class="icon-button"
              aria-label={t('providers.card.remove', props.provider.name)}
              title={t('providers.card.removeTitle')}
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
                    ? t('providers.card.noKeyRequired')
                    : t('providers.card.noKey')}
                </span>
              </Show>
            }
          >
            {(key) => (
              <span>
                {t('providers.card.keyBefore')} <span class="mono">{maskKey(key())}</span>
                {t('providers.card.keyAfter')}
              </span>
            )}
          </Show>
        </p>

        <Show when={props.providers.keyLost(props.provider.id)}>
          <div class="provider-warning" role="note">
            <p>{t('providers.card.keyLost')}</p>
            <div class="form-inline">
              <button type="button" class="button small" onClick={props.onEdit}>
                {t('providers.card.reenterKey')}
              </button>
            </div>
          </div>
        </Show>

        <Show when={moved()}>
          {(move) => (
            <div class="provider-warning" role="note">
              <p>
                {t(
                  'providers.card.keyMoved',
                  move().keyOrigin ?? t('providers.anotherAddress'),
                  move().targetOrigin,
                )}
              </p>
              <div class="form-inline">
                <button type="button" class="button small" onClick={props.onAllowKey}>
                  {t(
                    'providers.card.sendKeyTo',
                    hostOf(move().targetOrigin, t('providers.anotherAddress')),
                  )}
                </button>
                <button type="button" class="button small" onClick={props.onEdit}>
                  {t('providers.card.newKey')}
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
