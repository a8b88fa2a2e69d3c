import type { Accessor } from 'solid-js';
import type {
  ConnectionTestResult,
  KeyRedirect,
  ModelCapabilities,
  ModelConfig,
  ProviderConfig,
  ProviderPresetId,
} from '../llm';

/** A model the person can pick, with the provider it belongs to. */
export interface ModelChoice {
  /** "providerId/modelId": how sessions and settings refer to a model. */
  ref: string;
  providerId: string;
  providerName: string;
  model: ModelConfig;
  capabilities: ModelCapabilities;
}

/** What the person types when adding or editing a provider. */
export interface ProviderDraft {
  presetId: ProviderPresetId;
  name: string;
  baseURL: string;
  /** As pasted; trimmed and stripped of "Bearer " before it is kept. Empty: no key. */
  apiKey: string;
  headers: Record<string, string>;
}

/** Options of the chat mode, kept in settings. */
export interface ChatOptions {
  /** Send the open file (and selection) with each message. */
  fileContext: boolean;
  /** Output limit per reply; undefined uses the model's. */
  maxTokens?: number;
  temperature?: number;
  /** Replaces Cove's base instructions when non-empty. */
  customSystemPrompt: string;
}

/**
 * The providers and models the person configured. Keys live only in this browser, under
 * secret settings that backups and exports leave out; a key is sent only to the origin it
 * was saved for (keySendDecision in src/llm).
 */
export interface ProviderService {
  /** Providers with their keys, in the order the person added them. */
  readonly providers: Accessor<ProviderConfig[]>;
  /** Every model of every provider, for model pickers. */
  readonly models: Accessor<ModelChoice[]>;
  /** The model new messages use ("providerId/modelId"), if any is set up. */
  readonly selectedModel: Accessor<string | undefined>;
  readonly chatOptions: Accessor<ChatOptions>;
  load(): Promise<void>;
  /** Validates and stores a new provider; throws CoveError naming a bad field. Returns its id. */
  add(draft: ProviderDraft): Promise<string>;
  /** Validates and stores changes; a changed base URL keeps the key bound to its old origin. */
  update(id: string, draft: ProviderDraft): Promise<void>;
  remove(id: string): Promise<void>;
  /** Lists models to check base URL, key and CORS; never throws. */
  testConnection(id: string): Promise<ConnectionTestResult>;
  /** Replaces the model list with what the server lists, keeping edited capabilities. */
  refreshModels(id: string): Promise<ConnectionTestResult>;
  /** Adds or replaces one model's configuration. */
  saveModel(providerId: string, model: ModelConfig): Promise<void>;
  removeModel(providerId: string, modelId: string): Promise<void>;
  selectModel(ref: string): Promise<void>;
  setChatOptions(options: ChatOptions): Promise<void>;
  /** Allows the provider's key to go to the origin of its current base URL. */
  confirmKeyOrigin(id: string): Promise<void>;
  /** Remembers that a server rejected `stream_options` (the llm client reports it). */
  markStreamOptionsUnsupported(id: string): Promise<void>;
  /** The configuration as JSON; keys only with `includeKeys`. */
  exportJSON(includeKeys: boolean): string;
  /**
   * Imports a configuration. Keys that would go to a new host are not bound; they are
   * returned so the UI can ask, then call confirmKeyOrigin for each one allowed.
   * Throws CoveError for a file that is not a provider export.
   */
  importJSON(json: string): Promise<{ added: string[]; updated: string[]; skipped: string[]; needsConfirmation: KeyRedirect[] }>;
}

/** Splits a model reference into its provider and model ids. */
export function parseModelRef(ref: string): { providerId: string; modelId: string } | undefined {
  const slash = ref.indexOf('/');
  if (slash <= 0 || slash === ref.length - 1) return undefined;
  return { providerId: ref.slice(0, slash), modelId: ref.slice(slash + 1) };
}
