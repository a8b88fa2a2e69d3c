import { createMemo, createSignal, createUniqueId, For, Show } from 'solid-js';
import type { ProviderService } from '../../app/provider-service';
import { resolveCapabilities, type ModelConfig, type ProviderConfig } from '../../llm';
import { Icon } from '../common/icons';
import { describeCapabilities } from './provider-display';
import { useI18n } from '../common/i18n';

/** Past this many models the list gets a filter box. */
const FILTER_FROM = 8;

/**
 * The models of one provider, folded by default: a summary line, and when opened the list
 * with its capabilities, an Edit and a Remove per model, and the list actions (Refresh from
 * the server, Add by hand) that the card passes in.
 */
export function ModelList(props: {
  providers: ProviderService;
  provider: ProviderConfig;
  busy: boolean;
  onRefresh: () => void;
  onAdd: () => void;
  onEdit: (model: ModelConfig) => void;
  onRemove: (model: ModelConfig) => void;
}) {
  const { t, formats } = useI18n();
  const [filter, setFilter] = createSignal('');
  const filterId = createUniqueId();
  const models = () => props.provider.models ?? [];
  const ids = createMemo(
    () => {
      const needle = filter().trim().toLowerCase();
      return models()
        .filter(
          (model) =>
            !needle ||
            model.id.toLowerCase().includes(needle) ||
            model.label?.toLowerCase().includes(needle),
        )
        .map((model) => model.id);
    },
    [],
    { equals: (a, b) => a.length === b.length && a.every((id, i) => id === b[i]) },
  );
  const modelOf = (id: string) => models().find((model) => model.id === id);

  return (
    <details class="model-list">
      <summary>
        {t('providers.models.summary')}{' '}
        <span class="count">({formats().number(models().length)})</span>
      </summary>
      <div class="model-actions">
        <button type="button" class="button small" disabled={props.busy} onClick={props.onRefresh}>
          {t('providers.models.refresh')}
        </button>
        <button type="button" class="button small" onClick={props.onAdd}>
          <Icon name="plus" /> {t('providers.models.add')}
        </button>
        <Show when={models().length > FILTER_FROM}>
          <label class="visually-hidden" for={filterId}>
            {t('providers.models.filterLabel', props.provider.name)}
          </label>
          <input
            id={filterId}
            class="model-filter"
            type="search"
            placeholder={t(
              'providers.models.filterPlaceholder',
              t('providers.modelCount', formats(), models().length),
            )}
            value={filter()}
            onInput={(event) => setFilter(event.currentTarget.value)}
          />
        </Show>
      </div>
      <Show
        when={models().length}
        fallback={<p class="form-note">{t('providers.models.empty')}</p>}
      >
        <ul class="models" aria-label={t('providers.models.listLabel', props.provider.name)}>
          <For each={ids()}>
            {(id) => (
              <Show when={modelOf(id)}>
                {(model) => (
                  <li class="model-row">
                    <div class="model-text">
                      <span class="model-id mono">{model().id}</span>
                      <Show when={model().label}>
                        <span class="model-label">{model().label}</span>
                      </Show>
                      <span class="model-caps">
                        {describeCapabilities(
                          resolveCapabilities(model().capabilities),
                          t('providers.caps'),
                        )}
                      </span>
                    </div>
                    <button
                      type="button"
                      class="icon-button"
                      aria-label={t('providers.models.edit', model().id)}
                      title={t('providers.models.editTitle')}
                      onClick={() => props.onEdit(model())}
                    >
                      <Icon name="edit" />
                    </button>
                    <button
                      type="button"
                      class="icon-button"
                      aria-label={t('providers.models.remove', model().id)}
                      title={t('providers.models.removeTitle')}
                      onClick={() => props.onRemove(model())}
                    >
                      <Icon name="trash" />
                    </button>
                  </li>
                )}
              </Show>
            )}
          </For>
        </ul>
        <Show when={!ids().length}>
          <p class="form-note">{t('providers.models.noMatch', filter())}</p>
        </Show>
      </Show>
    </details>
  );
}
