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
import { countModels, hostOf } from './provider-display';
import './providers.css';
import { describeError } from '../../app/messages/describe-error';

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
    setStatus(id, { kind: 'busy', text: 'Testing the connection…' });
    const result = await providers.testConnection(id);
    report(id, result, (count) => `Connected: ${countModels(count)}`);
  };

  const refresh = async (id: string) => {
    setStatus(id, { kind: 'busy', text: 'Listing the models…' });
    const result = await providers.refreshModels(id);
    report(id, result, (count) => `Models refreshed: the server lists ${countModels(count)}.`);
  };

  const remove = async (provider: ProviderConfig) => {
    const answer = await dialogs.confirm({
      title: `Remove ${provider.name}?`,
      message:
        'Its settings, models and saved key are deleted from this browser. Conversations keep their messages.',
      confirmLabel: 'Remove',
      danger: true,
    });
    if (answer !== 'confirm') return;
    try {
      await providers.remove(provider.id);
      setStatus(provider.id, undefined);
    } catch (error) {
      notices.error(error, `Could not remove ${provider.name}`);
    }
  };

  const allowKey = async (id: string) => {
    try {
      await providers.confirmKeyOrigin(id);
      setStatus(id, undefined);
    } catch (error) {
      notices.error(error, 'Could not change where the key goes');
    }
  };

  const removeModel = async (providerId: string, model: ModelConfig) => {
    try {
      await providers.removeModel(providerId, model.id);
    } catch (error) {
      notices.error(error, `Could not remove the model ${model.id}`);
    }
  };

  const exportConfig = () => {
    if (!includeKeys()) {
      void providers.exportJSON().then((json) => download('cove-providers.json', json));
      return;
    }
    setAskPassphrase({
      mode: 'choose',
      title: 'Choose a passphrase for the keys',
      message:
        'The keys go into the file encrypted with this passphrase, never in plain text. ' +
        'You will need it to import them; nobody can recover it for you.',
      confirmLabel: 'Export',
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
        const from = hostOf(redirect.keyOrigin);
        const to = hostOf(redirect.targetOrigin);
        const answer = await dialogs.confirm({
          title: `Send the key saved for ${from} to ${to}?`,
          message:
            `The imported configuration points “${redirect.name}” at ${redirect.targetOrigin}, ` +
            `but its API key was saved for ${redirect.keyOrigin ?? 'another address'}. Send the key there ` +
            'only if you trust that server. If you cancel, the provider is imported and its key is kept but not sent.',
          confirmLabel: 'Send the key there',
        });
        if (answer === 'confirm') await providers.confirmKeyOrigin(redirect.providerId);
      }
      const parts = [];
      if (result.added.length) parts.push(`${result.added.length} added`);
      if (result.updated.length) parts.push(`${result.updated.length} updated`);
      if (result.skipped.length) parts.push(`${result.skipped.length} skipped`);
      const withoutKeys =
        passphrase === undefined && providers.fileHasKeys(text)
          ? ' The keys in it were not imported.'
          : '';
      notices.show({
        kind: result.skipped.length || withoutKeys ? 'info' : 'success',
        text: `Provider configuration imported: ${parts.join(', ') || 'nothing to change'}.${withoutKeys}`,
        ...(result.skipped.length ? { details: result.skipped } : {}),
      });
    } catch (error) {
      if (error instanceof CoveError && error.code === 'wrong-passphrase') {
        throw new CoveError(
          error.code,
          'That passphrase does not open the keys in this file. Nothing has been imported yet.',
          'Try again (it is case-sensitive), or choose “Import without keys”.',
        );
      }
      notices.error(error, 'Import failed');
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
        text: `“${file.name}” is too large to be a provider configuration. Choose a file exported from Cove’s provider settings.`,
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
      title: 'Passphrase for the API keys',
      message: `“${file.name}” holds API keys encrypted with the passphrase chosen when it was exported. Type it to import the keys too, or import the providers without them.`,
      confirmLabel: 'Import',
      skipLabel: 'Import without keys',
      working: KEYS_OPENING,
      submit: (passphrase) => importText(text, passphrase),
      skip: () => void importText(text),
    });
  };

  return (
    <section aria-labelledby="settings-providers" class="providers-section">
      <h3 id="settings-providers">Providers</h3>
      <p>
        Cove talks straight from this browser to the OpenAI-compatible services you add here. Keys
        stay in this browser, encrypted, are left out of backups unless you include them under a
        passphrase, and go only to the address they were saved for.
      </p>
      <Show
        when={ids().length}
        fallback={
          <p class="providers-empty">
            No providers yet. Add a service such as OpenAI or OpenRouter with your key, or a server
            on your own machine such as Ollama or LM Studio.
          </p>
        }
      >
        <ul class="provider-list" aria-label="Providers">
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
          <Icon name="plus" /> Add provider
        </button>
      </div>
      <LocalModelsSection services={props.services} />

      <div class="provider-transfer">
        <button type="button" class="button" disabled={!ids().length} onClick={exportConfig}>
          <Icon name="download" /> Export configuration
        </button>
        <label class="check">
          <input
            type="checkbox"
            checked={includeKeys()}
            onChange={(event) => setIncludeKeys(event.currentTarget.checked)}
          />
          Include API keys
        </label>
        <button
          type="button"
          class="button"
          disabled={transferBusy()}
          onClick={() => void importConfig()}
        >
          <Icon name="upload" /> Import configuration…
        </button>
      </div>
      <Show when={includeKeys()}>
        <p class="provider-warning-text">
          The keys go into the file encrypted with a passphrase you choose; you need it to import
          them.
        </p>
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
