import { createMemo, createSignal, For, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import { CoveError } from '../../base/errors';
import type { ConnectionTestResult, ModelConfig, ProviderConfig } from '../../llm';
import { useDialogs } from '../common/dialogs';
import { downloadBytes, pickFiles } from '../common/download';
import { Icon } from '../common/icons';
import { LOCAL_PROVIDER_ID } from '../../llm/local-model-protocol';
import { LocalModelsSection } from './LocalModelsSection';
import { ModelEditor } from './ModelEditor';
import { ProviderCard, type ProviderStatus } from './ProviderCard';
import {
  KEYS_OPENING,
  KEYS_SEALING,
  PassphraseDialog,
  type PassphraseRequest,
} from './PassphraseDialog';
import { ProviderForm } from './ProviderForm';
import { hostOf } from './provider-display';
import './providers.css';
import { describeError } from '../../app/messages/describe-error';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enProvidersUi } from '../../app/messages/en-settings-providers-ui';
import { useI18n } from '../common/i18n';

addEnglishArea('providers', enProvidersUi);

/** Provider exports are small; anything bigger is not one. */
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

const sameIds = (a: string[], b: string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * Settings → Providers: the configured providers with their models, adding and editing them,
 * connection tests, and export and import of the configuration (keys only when asked).
 * With `adding`, the add form is open from the start (the chat's "Add a provider").
 */
export function ProvidersSection(props: { services: AppServices; adding?: boolean }) {
  const { providers, notices } = props.services;
  const dialogs = useDialogs();
  const { t, formats } = useI18n();
  const countModels = (count: number) => t('providers.modelCount', formats(), count);
  // Cards are keyed by id, so a change to one provider does not rebuild the others.
  // Models in this browser have their own section below, not a provider card.
  const ids = createMemo(
    () =>
      providers
        .providers()
        .map((provider) => provider.id)
        .filter((id) => id !== LOCAL_PROVIDER_ID),
    [],
    { equals: sameIds },
  );
  const providerOf = (id: string) => providers.providers().find((provider) => provider.id === id);
  const [statuses, setStatuses] = createSignal<Record<string, ProviderStatus | undefined>>({});
  const [form, setForm] = createSignal<{ existing?: ProviderConfig } | undefined>(
    props.adding ? {} : undefined,
  );
  let addButton: HTMLButtonElement | undefined;
  // Back from the add form, focus (and the view) return to where one adds another.
  const closeForm = () => {
    const adding = !form()?.existing;
    setForm(undefined);
    if (adding) addButton?.focus();
  };
  const [modelForm, setModelForm] = createSignal<{ providerId: string; model?: ModelConfig }>();
  const [includeKeys, setIncludeKeys] = createSignal(false);
  const [askPassphrase, setAskPassphrase] = createSignal<PassphraseRequest>();
  const [transferBusy, setTransferBusy] = createSignal(false);

  const setStatus = (id: string, status: ProviderStatus | undefined) =>
    setStatuses((all) => ({ ...all, [id]: status }));

  const report = (id: string, result: ConnectionTestResult, success: (count: number) => string) =>
    setStatus(
      id,
      result.ok
        ? { kind: 'ok', text: success(result.modelCount) }
        : { kind: 'error', ...describeError(result.error) },
    );

  const test = async (id: string) => {
    setStatus(id, { kind: 'busy', text: t('providers.testing') });
    const result = await providers.testConnection(id);
    report(id, result, (count) => t('providers.connected', countModels(count)));
  };

  const refresh = async (id: string) => {
    setStatus(id, { kind: 'busy', text: t('providers.listing') });
    const result = await providers.refreshModels(id);
    report(id, result, (count) => t('providers.refreshed', countModels(count)));
  };

  const remove = async (provider: ProviderConfig) => {
    const answer = await dialogs.confirm({
      title: t('providers.removeQuestion', provider.name),
      message: t('providers.removeText'),
      confirmLabel: t('providers.remove'),
      danger: true,
    });
    if (answer !== 'confirm') return;
    try {
      await providers.remove(provider.id);
      setStatus(provider.id, undefined);
    } catch (error) {
      notices.error(error, t('providers.removeFailed', provider.name));
    }
  };

  const allowKey = async (id: string) => {
    try {
      await providers.confirmKeyOrigin(id);
      setStatus(id, undefined);
    } catch (error) {
      notices.error(error, t('providers.allowKeyFailed'));
    }
  };

  const removeModel = async (providerId: string, model: ModelConfig) => {
    try {
      await providers.removeModel(providerId, model.id);
    } catch (error) {
      notices.error(error, t('providers.removeModelFailed', model.id));
    }
  };

  const exportConfig = () => {
    if (!includeKeys()) {
      void providers.exportJSON().then((json) => download('cove-providers.json', json));
      return;
    }
    setAskPassphrase({
      mode: 'choose',
      title: t('providers.choosePassphrase'),
      message: t('providers.choosePassphraseText'),
      confirmLabel: t('providers.export'),
      working: KEYS_SEALING,
      submit: async (passphrase) =>
        download('cove-providers-with-keys.json', await providers.exportJSON(passphrase)),
    });
  };

  const download = (name: string, json: string) =>
    downloadBytes(name, new TextEncoder().encode(json), 'application/json');

  /** Imports a read file; a wrong passphrase is thrown back to the passphrase dialog. */
  const importText = async (text: string, passphrase?: string) => {
    setTransferBusy(true);
    try {
      const result = await providers.importJSON(text, passphrase);
      for (const redirect of result.needsConfirmation) {
        const elsewhere = t('providers.anotherAddress');
        const from = hostOf(redirect.keyOrigin, elsewhere);
        const to = hostOf(redirect.targetOrigin, elsewhere);
        const answer = await dialogs.confirm({
          title: t('providers.sendKeyQuestion', from, to),
          message: t(
            'providers.importRedirectText',
            redirect.name,
            redirect.targetOrigin,
            redirect.keyOrigin ?? elsewhere,
          ),
          confirmLabel: t('providers.sendKeyThere'),
        });
        if (answer === 'confirm') await providers.confirmKeyOrigin(redirect.providerId);
      }
      const parts = [];
      const count = (n: number) => formats().number(n);
      if (result.added.length) parts.push(t('providers.importedAdded', count(result.added.length)));
      if (result.updated.length) {
        parts.push(t('providers.importedUpdated', count(result.updated.length)));
      }
      if (result.skipped.length) {
        parts.push(t('providers.importedSkipped', count(result.skipped.length)));
      }
      const withoutKeys = passphrase === undefined && providers.fileHasKeys(text);
      const imported = t('providers.imported', parts.join(', ') || t('providers.importedNothing'));
      notices.show({
        kind: result.skipped.length || withoutKeys ? 'info' : 'success',
        text: withoutKeys ? `${imported} ${t('providers.importedKeysLeft')}` : imported,
        ...(result.skipped.length ? { details: result.skipped } : {}),
      });
    } catch (error) {
      if (error instanceof CoveError && error.code === 'wrong-passphrase') {
        throw new CoveError(
          error.code,
          t('providers.wrongPassphrase'),
          t('providers.wrongPassphraseHint'),
        );
      }
      notices.error(error, t('providers.importFailed'));
    } finally {
      setTransferBusy(false);
    }
  };

  const importConfig = async () => {
    const [file] = await pickFiles({ accept: '.json,application/json' });
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      notices.show({
        kind: 'error',
        text: t('providers.tooLarge', file.name),
      });
      return;
    }
    const text = await file.text();
    if (!providers.fileHasKeys(text)) {
      await importText(text);
      return;
    }
    setAskPassphrase({
      mode: 'enter',
      title: t('providers.keysPassphrase'),
      message: t('providers.keysPassphraseText', file.name),
      confirmLabel: t('providers.import'),
      skipLabel: t('providers.importWithoutKeys'),
      working: KEYS_OPENING,
      submit: (passphrase) => importText(text, passphrase),
      skip: () => void importText(text),
    });
  };

  return (
    <section aria-labelledby="settings-providers" class="providers-section">
      <h3 id="settings-providers">{t('providers.heading')}</h3>
      <p>{t('providers.intro')}</p>
      <Show when={ids().length} fallback={<p class="providers-empty">{t('providers.empty')}</p>}>
        <ul class="provider-list" aria-label={t('providers.list')}>
          <For each={ids()}>
            {(id) => (
              <Show when={providerOf(id)}>
                {(provider) => (
                  <ProviderCard
                    providers={providers}
                    provider={provider()}
                    status={statuses()[id]}
                    onTest={() => void test(id)}
                    onRefresh={() => void refresh(id)}
                    onEdit={() => setForm({ existing: provider() })}
                    onRemove={() => void remove(provider())}
                    onAllowKey={() => void allowKey(id)}
                    onAddModel={() => setModelForm({ providerId: id })}
                    onEditModel={(model) => setModelForm({ providerId: id, model })}
                    onRemoveModel={(model) => void removeModel(id, model)}
                  />
                )}
              </Show>
            )}
          </For>
        </ul>
      </Show>
      <div class="settings-actions">
        <button type="button" class="button primary" ref={addButton} onClick={() => setForm({})}>
          <Icon name="plus" /> {t('providers.add')}
        </button>
      </div>
      <LocalModelsSection services={props.services} />

      <div class="provider-transfer">
        <button type="button" class="button" disabled={!ids().length} onClick={exportConfig}>
          <Icon name="download" /> {t('providers.exportConfig')}
        </button>
        <label class="check">
          <input
            type="checkbox"
            checked={includeKeys()}
            onChange={(event) => setIncludeKeys(event.currentTarget.checked)}
          />
          {t('providers.includeKeys')}
        </label>
        <button
          type="button"
          class="button"
          disabled={transferBusy()}
          onClick={() => void importConfig()}
        >
          <Icon name="upload" /> {t('providers.importConfig')}
        </button>
      </div>
      <Show when={includeKeys()}>
        <p class="provider-warning-text">{t('providers.keysWarning')}</p>
      </Show>
      <Show when={askPassphrase()} keyed>
        {(request) => (
          <PassphraseDialog request={request} onClose={() => setAskPassphrase(undefined)} />
        )}
      </Show>

      <Show when={form()}>
        {(current) => (
          <ProviderForm
            providers={providers}
            {...(current().existing ? { existing: current().existing } : {})}
            onClose={closeForm}
            onSaved={(id, added) => {
              closeForm();
              setStatus(id, undefined);
              // A new provider is tested at once: that also lists its models.
              if (added) void test(id);
            }}
          />
        )}
      </Show>
      <Show when={modelForm()}>
        {(current) => (
          <Show when={providerOf(current().providerId)}>
            {(provider) => (
              <ModelEditor
                providers={providers}
                provider={provider()}
                {...(current().model ? { model: current().model } : {})}
                onClose={() => setModelForm(undefined)}
                onSaved={() => setModelForm(undefined)}
              />
            )}
          </Show>
        )}
      </Show>
    </section>
  );
}
