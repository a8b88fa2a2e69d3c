import { createSignal, createUniqueId, For, Show } from 'solid-js';
import type { ProviderDraft, ProviderService } from '../../app/provider-service';
import {
  getPreset,
  keySendDecision,
  PROVIDER_PRESETS,
  type ProviderConfig,
  type ProviderPreset,
  type ProviderPresetId,
} from '../../llm';
import { settingsError, type ProviderFieldErrorCode } from '../../llm/settings-errors';
import { useDialogs } from '../common/dialogs';
import { createFieldErrors } from '../common/field-errors';
import { FieldError, FormDialog } from './FormDialog';
import { createHeaderRows, HeaderRowsField } from './HeaderRowsField';
import { hostOf, maskKey } from './provider-display';
import { useI18n } from '../common/i18n';

/** An address, the same in every language. */
const BASE_URL_EXAMPLE = 'https://example.com/v1';

type Field = 'name' | 'baseURL' | 'apiKey' | 'headers' | 'form';

const FIELD_OF_CODE = {
  'provider-name': 'name',
  'provider-base-url': 'baseURL',
  'provider-api-key': 'apiKey',
  'provider-headers': 'headers',
} as const satisfies Record<ProviderFieldErrorCode, Field>;

/**
 * Adds a provider, or edits `existing`. The preset fills name and base URL (until the person
 * types their own); a saved key is never shown again, only its masked form, and stays unless
 * a new one is typed or the person forgets it. Saving a new base URL for a provider with a
 * key asks, there and then, whether the key may go to the new host.
 */
export function ProviderForm(props: {
  providers: ProviderService;
  existing?: ProviderConfig;
  onClose: () => void;
  onSaved: (id: string, added: boolean) => void;
}) {
  const dialogs = useDialogs();
  const { t } = useI18n();
  const existing = props.existing;
  const ids = {
    preset: createUniqueId(),
    name: createUniqueId(),
    baseURL: createUniqueId(),
    apiKey: createUniqueId(),
    keyNote: createUniqueId(),
    error: createUniqueId(),
  };
  const suggestName = (preset: ProviderPreset) => {
    if (preset.id === 'custom') return '';
    const taken = new Set(
      props.providers
        .providers()
        .filter((provider) => provider.id !== existing?.id)
        .map((provider) => provider.name.toLowerCase()),
    );
    let name = preset.label;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${preset.label} ${n}`;
    return name;
  };
  const initialPreset = getPreset(existing?.presetId ?? 'openai');
  const [presetId, setPresetId] = createSignal<ProviderPresetId>(initialPreset.id);
  const [name, setName] = createSignal(existing?.name ?? suggestName(initialPreset));
  const [baseURL, setBaseURL] = createSignal(existing?.baseURL ?? initialPreset.baseURL);
  const [apiKey, setApiKey] = createSignal('');
  const [forgetKey, setForgetKey] = createSignal(false);
  const headerRows = createHeaderRows(existing?.headers, () => clearError());
  const errors = createFieldErrors<Field>({
    fieldOfCode: FIELD_OF_CODE,
    formField: 'form',
    messageId: ids.error,
  });
  const [busy, setBusy] = createSignal(false);
  const preset = () => getPreset(presetId());

  const choosePreset = (id: ProviderPresetId) => {
    const before = getPreset(presetId());
    const after = getPreset(id);
    if (!name().trim() || name() === suggestName(before)) setName(suggestName(after));
    if (!baseURL().trim() || baseURL() === before.baseURL) setBaseURL(after.baseURL);
    setPresetId(after.id);
    clearError();
  };

  const { clear: clearError, errorFor, invalid, describedBy, show: showError } = errors;

  const keyPlaceholder = () => {
    if (existing?.apiKey && !forgetKey())
      return t('providers.form.savedKey', maskKey(existing.apiKey));
    if (preset().key === 'none') return t('providers.form.keyNotNeeded');
    if (preset().key === 'optional') return t('providers.form.keyOptional');
    return t('providers.form.pasteKey');
  };
  const keyTarget = () => {
    const url = baseURL().trim();
    // Only a web address names a host the key could go to.
    if (!/^https?:\/\/[^/]/i.test(url)) return t('providers.form.theBaseURL');
    return hostOf(url, t('providers.form.theBaseURL'));
  };

  const submit = async () => {
    if (busy()) return;
    const twice = headerRows.duplicate();
    if (twice) {
      showError(settingsError('provider-headers', { reason: 'duplicate', header: twice }));
      return;
    }
    const keepKey = Boolean(existing?.apiKey) && !apiKey().trim() && !forgetKey();
    const draft: ProviderDraft = {
      presetId: presetId(),
      name: name(),
      baseURL: baseURL(),
      apiKey: keepKey ? existing!.apiKey! : apiKey(),
      headers: headerRows.headers(),
    };
    setBusy(true);
    clearError();
    try {
      if (!existing) {
        const id = await props.providers.add(draft);
        props.onSaved(id, true);
        return;
      }
      await props.providers.update(existing.id, draft);
      const saved = props.providers.providers().find((provider) => provider.id === existing.id);
      const decision = saved ? keySendDecision(saved) : undefined;
      if (saved && decision?.status === 'needs_confirmation') {
        const elsewhere = t('providers.anotherAddress');
        const from = hostOf(decision.keyOrigin, elsewhere);
        const to = hostOf(decision.targetOrigin, elsewhere);
        const answer = await dialogs.confirm({
          title: t('providers.sendKeyQuestion', from, to),
          message: t(
            'providers.form.movedText',
            saved.name,
            decision.targetOrigin,
            decision.keyOrigin ?? elsewhere,
          ),
          confirmLabel: t('providers.sendKeyThere'),
        });
        if (answer === 'confirm') await props.providers.confirmKeyOrigin(existing.id);
      }
      props.onSaved(existing.id, false);
    } catch (failure) {
      showError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={existing ? t('providers.form.editTitle', existing.name) : t('providers.form.addTitle')}
      class="provider-form"
      onClose={props.onClose}
      onSubmit={() => void submit()}
    >
      <div class="form-row two">
        <div class="form-field">
          <label for={ids.preset}>{t('providers.form.preset')}</label>
          <select
            id={ids.preset}
            value={presetId()}
            onChange={(event) => choosePreset(event.currentTarget.value as ProviderPresetId)}
          >
            <For each={PROVIDER_PRESETS}>
              {(option) => <option value={option.id}>{option.label}</option>}
            </For>
          </select>
        </div>
        <div class="form-field">
          <label for={ids.name}>{t('providers.form.name')}</label>
          <input
            id={ids.name}
            ref={(element) => (errors.fields.name = element)}
            value={name()}
            autocomplete="off"
            spellcheck={false}
            aria-invalid={invalid('name')}
            aria-describedby={describedBy('name')}
            onInput={(event) => {
              setName(event.currentTarget.value);
              clearError();
            }}
          />
        </div>
      </div>
      <FieldError id={ids.error} text={errorFor('name')} />

      <div class="form-field">
        <label for={ids.baseURL}>{t('providers.form.baseURL')}</label>
        <input
          id={ids.baseURL}
          ref={(element) => (errors.fields.baseURL = element)}
          class="mono"
          type="url"
          value={baseURL()}
          placeholder={BASE_URL_EXAMPLE}
          autocomplete="off"
          spellcheck={false}
          aria-invalid={invalid('baseURL')}
          aria-describedby={describedBy('baseURL')}
          onInput={(event) => {
            setBaseURL(event.currentTarget.value);
            clearError();
          }}
        />
      </div>
      <FieldError id={ids.error} text={errorFor('baseURL')} />

      <div class="form-field">
        <label for={ids.apiKey}>{t('providers.form.apiKey')}</label>
        <input
          id={ids.apiKey}
          ref={(element) => (errors.fields.apiKey = element)}
          class="mono"
          type="password"
          value={apiKey()}
          placeholder={keyPlaceholder()}
          autocomplete="off"
          spellcheck={false}
          data-1p-ignore=""
          data-lpignore="true"
          aria-invalid={invalid('apiKey')}
          aria-describedby={describedBy('apiKey', ids.keyNote)}
          onInput={(event) => {
            setApiKey(event.currentTarget.value);
            clearError();
          }}
        />
        <p class="form-note" id={ids.keyNote}>
          {t('providers.form.keyNote', keyTarget())}
          <Show when={preset().keyPage}>
            {(page) => (
              <>
                {' '}
                <a href={page()} target="_blank" rel="noopener noreferrer">
                  {t('providers.form.getKey')}
                </a>
              </>
            )}
          </Show>
        </p>
        <Show when={existing?.apiKey}>
          <div class="form-inline">
            <Show
              when={forgetKey()}
              fallback={
                <button type="button" class="button small" onClick={() => setForgetKey(true)}>
                  {t('providers.form.forgetKey')}
                </button>
              }
            >
              <span class="form-note">{t('providers.form.keyForgotten')}</span>
              <button type="button" class="button small" onClick={() => setForgetKey(false)}>
                {t('providers.form.keepKey')}
              </button>
            </Show>
          </div>
        </Show>
      </div>
      <FieldError id={ids.error} text={errorFor('apiKey')} />

      <HeaderRowsField
        rows={headerRows}
        legend={t('providers.form.headers')}
        note={t('providers.form.headersNote')}
        ref={(element) => (errors.fields.headers = element)}
        invalid={invalid('headers')}
        describedBy={describedBy('headers')}
      />
      <FieldError id={ids.error} text={errorFor('headers')} />

      <Show when={preset().notes.length}>
        <ul class="preset-notes" aria-label={t('providers.form.about', preset().label)}>
          <For each={preset().notes}>{(note) => <li>{note}</li>}</For>
        </ul>
      </Show>
      <FieldError id={ids.error} text={errorFor('form')} />

      <div class="modal-actions">
        <button type="button" class="button" onClick={props.onClose}>
          {t('providers.form.cancel')}
        </button>
        <button type="submit" class="button primary" disabled={busy()}>
          {t('providers.form.save')}
        </button>
      </div>
    </FormDialog>
  );
}
