import { isSettingsError } from './settings-errors';
import { importedModelEdits } from './model-edits';
import type { ProviderConfig } from './provider-config';
import { validateProviderDraft } from './provider-draft';
import type { ProviderSecrets } from './provider-secret';
import { planProviderImport, type KeyRedirect } from './provider-transfer';
import { splitProviderConfig, toProviderConfig, type StoredProvider } from './stored-provider';
import type { ProviderRegistry, RegistryChange } from './provider-registry';

/** What an import did, for the person to read. */
export interface ProviderImportSummary {
  /** Ids of providers the import added. */
  added: string[];
  /** Ids of providers the import replaced. */
  updated: string[];
  /** Entries left out, each with its reason, as sentences. */
  skipped: string[];
  /**
   * Added or updated providers whose key would go to a new host: left unbound, so Cove will
   * not send it until the person confirms (confirmKeyOrigin).
   */
  needsConfirmation: KeyRedirect[];
}

/** The stored providers and secrets after an import, and what it did. */
export interface MergedProviderImport {
  providers: StoredProvider[];
  secrets: ProviderSecrets;
  summary: ProviderImportSummary;
}

/**
 * Merges a provider export (its keys already opened, see openProviderExport) into the
 * stored providers and secrets. On top of {@link planProviderImport}: a new provider named
 * like another gets a number ("Name (2)"), so pickers tell them apart; an entry a person
 * could not have saved (the rules of validateProviderDraft, except a preset's key
 * requirement) is skipped and the provider stays as it was; imported capabilities count as
 * the person's edits, so a later refresh keeps them; a lost key stays reported unless the
 * file brings one. Pure: nothing is written. Throws CoveError('provider-import') for a file
 * that is not a provider export.
 */
export function mergeProviderImport(
  json: string,
  providers: readonly StoredProvider[],
  secrets: ProviderSecrets,
): MergedProviderImport {
  const existing = providers.map((stored) => toProviderConfig(stored, secrets[stored.id]));
  const plan = planProviderImport(json, existing);
  if (!plan.ok) throw plan.error;
  const skipped = plan.skipped.map(({ index, reason }) => `Entry ${index + 1}: ${reason}`);
  const added = new Set(plan.added);
  const updated = new Set(plan.updated);
  const names = new Set<string>();
  const renamed = plan.providers.map((config) => {
    let name = config.name;
    for (let n = 2; names.has(name.toLowerCase()); n++) name = `${config.name} (${n})`;
    names.add(name.toLowerCase());
    return name === config.name || !added.has(config.id) ? config : { ...config, name };
  });
  const imported = renamed.flatMap((config): ProviderConfig[] => {
    if (!added.has(config.id) && !updated.has(config.id)) return [config];
    const problem = importProblem(config, renamed);
    if (!problem) return [config];
    skipped.push(`${config.name}: ${problem}`);
    added.delete(config.id);
    updated.delete(config.id);
    const previous = existing.find((candidate) => candidate.id === config.id);
    return previous ? [previous] : [];
  });
  const nextSecrets: ProviderSecrets = {};
  const nextProviders = imported.map((config) => {
    const before = providers.find((stored) => stored.id === config.id);
    const touched = added.has(config.id) || updated.has(config.id);
    const { stored, secret } = splitProviderConfig(config);
    const edits = touched ? importedModelEdits(config.models, before?.edits) : before?.edits;
    if (edits) stored.edits = edits;
    else delete stored.edits;
    const lost = secrets[config.id]?.lost && !secret?.key;
    if (secret || lost) nextSecrets[config.id] = { ...secret, ...(lost ? { lost } : {}) };
    return stored;
  });
  return {
    providers: nextProviders,
    secrets: nextSecrets,
    summary: {
      added: [...added],
      updated: [...updated],
      skipped,
      needsConfirmation: plan.needsConfirmation.filter(
        (redirect) => added.has(redirect.providerId) || updated.has(redirect.providerId),
      ),
    },
  };
}

/** Why an imported provider cannot be used as it is, or undefined. */
function importProblem(config: ProviderConfig, all: ProviderConfig[]): string | undefined {
  try {
    validateProviderDraft(
      {
        presetId: config.presetId,
        name: config.name,
        baseURL: config.baseURL,
        // The planner normalized the key; a preset's key requirement does not block an import.
        apiKey: config.apiKey ?? '',
        headers: config.headers ?? {},
      },
      all,
      config.id,
    );
    return undefined;
  } catch (error) {
    if (isSettingsError(error, 'provider-api-key') && !config.apiKey) {
      return undefined;
    }
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Imports a provider export whose keys are open (mergeProviderImport). Throws
 * CoveError('provider-import') for a file that is not a provider export; then nothing
 * changes.
 */
export function importProviders(
  registry: ProviderRegistry,
  json: string,
): RegistryChange<ProviderImportSummary> {
  const merged = mergeProviderImport(json, registry.providers, registry.secrets);
  const secretsChanged = JSON.stringify(merged.secrets) !== JSON.stringify(registry.secrets);
  return {
    registry: {
      providers: merged.providers,
      secrets: secretsChanged ? merged.secrets : registry.secrets,
    },
    writes: secretsChanged ? ['providers', 'secrets'] : ['providers'],
    result: merged.summary,
  };
}
