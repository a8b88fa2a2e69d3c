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
      return `Saved key ${maskKey(existing.apiKey)}: type to replace`;
    if (preset().key === 'none') return 'Not needed for this server';
    if (preset().key === 'optional') return 'Only if the server was started with a key';
    return 'Paste your key';
  };
  const keyTarget = () => {
    const url = baseURL().trim();
    // Only a web address names a host the key could go to.
    if (!/^https?:\/\/[^/]/i.test(url)) return 'the base URL above';
    return hostOf(url);
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
        const from = hostOf(decision.keyOrigin);
        const to = hostOf(decision.targetOrigin);
        const answer = await dialogs.confirm({
          title: `Send the key saved for ${from} to ${to}?`,
          message:
            `“${saved.name}” now points at ${decision.targetOrigin}, but its API key was saved for ` +
            `${decision.keyOrigin ?? 'another address'}. Send the key to the new address only if you trust it. ` +
            'Otherwise Cove keeps the key but sends it nowhere until you allow it or enter a new key.',
          confirmLabel: 'Send the key there',
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
      title={existing ? `Edit ${existing.name}` : 'Add provider'}
      class="provider-form"
      onClose={props.onClose}
      onSubmit={() => void submit()}
    >
      <div class="form-row two">
        <div class="form-field">
          <label for={ids.preset}>Preset</label>
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
          <label for={ids.name}>Name</label>
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
        <label for={ids.baseURL}>Base URL</label>
        <input
          id={ids.baseURL}
          ref={(element) => (errors.fields.baseURL = element)}
          class="mono"
          type="url"
          value={baseURL()}
          placeholder="https://example.com/v1"
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
        <label for={ids.apiKey}>API key</label>
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
          Stored only in this browser, and sent only to {keyTarget()}.
          <Show when={preset().keyPage}>
            {(page) => (
              <>
                {' '}
                <a href={page()} target="_blank" rel="noopener noreferrer">
                  Get a key
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
                  Forget the saved key
                </button>
              }
            >
              <span class="form-note">The saved key is deleted when you save.</span>
              <button type="button" class="button small" onClick={() => setForgetKey(false)}>
                Keep the saved key
              </button>
            </Show>
          </div>
        </Show>
      </div>
      <FieldError id={ids.error} text={errorFor('apiKey')} />

      <HeaderRowsField
        rows={headerRows}
        legend="Extra headers"
        note="Sent with every request to this provider, e.g. OpenRouter’s X-Title. Headers named like a key or token are kept with the keys, out of backups."

        ref={(element) => (errors.fields.headers = element)}
        invalid={invalid('headers')}
        describedBy={describedBy('headers')}
      />
      <FieldError id={ids.error} text={errorFor('headers')} />

      <Show when={preset().notes.length}>
        <ul class="preset-notes" aria-label={`About ${preset().label}`}>
          <For each={preset().notes}>{(note) => <li>{note}</li>}</For>
        </ul>
      </Show>
      <FieldError id={ids.error} text={errorFor('form')} />

      <div class="modal-actions">
        <button type="button" class="button" onClick={props.onClose}>
          Cancel
        </button>
        <button type="submit" class="button primary" disabled={busy()}>
          Save
        </button>
      </div>
    </FormDialog>
  );
}
