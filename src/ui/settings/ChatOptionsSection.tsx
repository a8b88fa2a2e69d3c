import { createMemo, createSignal, createUniqueId, For, Show } from 'solid-js';
import type { ChatOptions, ModelChoice } from '../../app/provider-service';
import type { AppServices } from '../../app/services';
import { errorText } from '../../app/messages/describe-error';
import { isSettingsError } from '../../llm/settings-errors';
import './providers.css';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enMoreSettingsUi } from '../../app/messages/en-settings-more-ui';
import { useI18n } from '../common/i18n';

addEnglishArea('moreSettings', enMoreSettingsUi);

type Field = 'maxTokens' | 'temperature' | 'form';

/**
 * Settings → Chat: the default model, whether the open file goes with each message, the
 * reply length limit, the temperature and a custom system prompt. Each change is saved when
 * the field is left (or at once for the checkbox and the model), and a bad value says why
 * next to its field.
 */
export function ChatOptionsSection(props: { services: AppServices }) {
  const { providers, notices } = props.services;
  const { t } = useI18n();
  const ids = {
    model: createUniqueId(),
    maxTokens: createUniqueId(),
    temperature: createUniqueId(),
    prompt: createUniqueId(),
    promptNote: createUniqueId(),
    fileNote: createUniqueId(),
    error: createUniqueId(),
  };
  const [error, setError] = createSignal<{ field: Field; text: string }>();
  // Saves take a moment (a busy machine, a large registry): the person sees when a change
  // is kept, so a reload right after leaving a field does not look like it lost it.
  const [saving, setSaving] = createSignal(0);
  const [saved, setSaved] = createSignal(false);
  const options = () => providers.chatOptions();
  const groups = createMemo(() => {
    const byProvider = new Map<string, { name: string; models: ModelChoice[] }>();
    for (const choice of providers.models()) {
      const group = byProvider.get(choice.providerId) ?? { name: choice.providerName, models: [] };
      group.models.push(choice);
      byProvider.set(choice.providerId, group);
    }
    return [...byProvider.values()];
  });

  const save = async (patch: Partial<ChatOptions>, field: Field) => {
    const next: ChatOptions = { ...options(), ...patch };
    for (const key of ['maxTokens', 'temperature'] as const) {
      if (key in patch && patch[key] === undefined) delete next[key];
    }
    setSaving((count) => count + 1);
    setSaved(false);
    try {
      await providers.setChatOptions(next);
      if (error()?.field === field) setError(undefined);
      setSaved(true);
    } catch (failure) {
      const target = isSettingsError(failure, 'chat-max-tokens')
        ? 'maxTokens'
        : isSettingsError(failure, 'chat-temperature')
          ? 'temperature'
          : field;
      setError({ field: target, text: errorText(failure) });
    } finally {
      setSaving((count) => count - 1);
    }
  };

  const numberPatch = (text: string): number | undefined =>
    text.trim() === '' ? undefined : Number(text.trim());

  const invalid = (field: Field) => (error()?.field === field ? 'true' : undefined);
  const describedBy = (field: Field, ...more: string[]) =>
    [...more, ...(error()?.field === field ? [ids.error] : [])].join(' ') || undefined;

  return (
    <section aria-labelledby="settings-chat" class="chat-options">
      <div class="section-heading">
        <h3 id="settings-chat">{t('moreSettings.chat.heading')}</h3>
        <span class="save-state" role="status">
          {saving() > 0
            ? t('moreSettings.chat.saving')
            : saved()
              ? t('moreSettings.chat.saved')
              : ''}
        </span>
      </div>
      <div class="form-field">
        <label for={ids.model}>{t('moreSettings.chat.model')}</label>
        <Show
          when={groups().length}
          fallback={
            <select id={ids.model} disabled>
              <option>{t('moreSettings.chat.noModels')}</option>
            </select>
          }
        >
          <select
            id={ids.model}
            value={providers.selectedModel() ?? ''}
            onChange={(event) => {
              const ref = event.currentTarget.value;
              providers
                .selectModel(ref)
                .catch((e: unknown) => notices.error(e, t('moreSettings.chat.chooseFailed')));
            }}
          >
            <For each={groups()}>
              {(group) => (
                <optgroup label={group.name}>
                  <For each={group.models}>
                    {(choice) => (
                      <option
                        value={choice.ref}
                        selected={choice.ref === providers.selectedModel()}
                      >
                        {choice.model.label ?? choice.model.id}
                      </option>
                    )}
                  </For>
                </optgroup>
              )}
            </For>
          </select>
        </Show>
      </div>

      <label class="check">
        <input
          type="checkbox"
          checked={options().fileContext}
          aria-describedby={ids.fileNote}
          onChange={(event) => void save({ fileContext: event.currentTarget.checked }, 'form')}
        />
        {t('moreSettings.chat.fileContext')}
      </label>
      <p class="form-note check-note" id={ids.fileNote}>
        {t('moreSettings.chat.fileContextNote')}
      </p>

      <div class="form-row two">
        <div class="form-field">
          <label for={ids.maxTokens}>{t('moreSettings.chat.maxTokens')}</label>
          <input
            id={ids.maxTokens}
            type="number"
            min="1"
            step="1"
            inputMode="numeric"
            placeholder={t('moreSettings.chat.maxTokensPlaceholder')}
            value={options().maxTokens ?? ''}
            aria-invalid={invalid('maxTokens')}
            aria-describedby={describedBy('maxTokens')}
            onChange={(event) =>
              void save({ maxTokens: numberPatch(event.currentTarget.value) }, 'maxTokens')
            }
          />
        </div>
        <div class="form-field">
          <label for={ids.temperature}>{t('moreSettings.chat.temperature')}</label>
          <input
            id={ids.temperature}
            type="number"
            min="0"
            max="2"
            step="0.1"
            inputMode="decimal"
            placeholder={t('moreSettings.chat.temperaturePlaceholder')}
            value={options().temperature ?? ''}
            aria-invalid={invalid('temperature')}
            aria-describedby={describedBy('temperature')}
            onChange={(event) =>
              void save({ temperature: numberPatch(event.currentTarget.value) }, 'temperature')
            }
          />
        </div>
      </div>
      <Show when={error()}>
        <p class="field-error" id={ids.error} role="alert">
          {error()!.text}
        </p>
      </Show>

      <div class="form-field">
        <label for={ids.prompt}>{t('moreSettings.chat.prompt')}</label>
        <textarea
          id={ids.prompt}
          rows={4}
          value={options().customSystemPrompt}
          placeholder={t('moreSettings.chat.promptPlaceholder')}
          aria-describedby={ids.promptNote}
          onChange={(event) => void save({ customSystemPrompt: event.currentTarget.value }, 'form')}
        />
        <p class="form-note" id={ids.promptNote}>
          {t('moreSettings.chat.promptNote')}
        </p>
      </div>
    </section>
  );
}
