import { APIConnectionError } from 'openai';
import { probeReachability } from './cors-probe';
import { LlmError } from './llm-error';
import { makeFailure } from './llm-failures';
import type { ModelCapabilities } from './model-capabilities';
import { callProvider, type ProviderCallResult, type ProviderRequestDeps } from './provider-call';
import type { ProviderConfig } from './provider-config';

export type { ProviderRequestDeps } from './provider-call';

/** A model as a server lists it, with whatever capabilities the listing reveals. */
export interface ListedModel {
  id: string;
  ownedBy?: string;
  /** Only the fields the listing states (OpenRouter states most; Ollama none). */
  capabilities: Partial<ModelCapabilities>;
}

/** The models of a provider, or why they could not be listed. Never a thrown error. */
export type ModelListResult = { ok: true; models: ListedModel[] } | { ok: false; error: LlmError };

const DEFAULT_LIST_TIMEOUT_MS = 20_000;

/**
 * Lists the provider's models with `GET {baseURL}/models` through the SDK. Accepts the
 * OpenAI shape `{data: [{id}]}`, a bare array, and `{models: [{name}]}`. Errors are
 * classified like chat errors (auth, cors, connection…); a 2xx answer that is not a model
 * list is a `bad-request` pointing at the base URL. Never throws.
 */
export async function listModels(
  provider: ProviderConfig,
  deps: ProviderRequestDeps,
): Promise<ModelListResult> {
  const listed = await callProvider(
    provider,
    deps,
    DEFAULT_LIST_TIMEOUT_MS,
    async ({ sdk, baseURL, signal }): Promise<ProviderCallResult<ListedModel[]>> => {
      const models = parseModelList(await sdk.get<unknown>('/models', { signal }));
      return models ? { ok: true, value: models } : { ok: false, error: notAModelList(baseURL) };
    },
    async (error, { baseURL, context, responded }) => {
      if (!responded && (error instanceof APIConnectionError || error instanceof TypeError)) {
        // No answer at all: a server that answers without CORS headers, or none there.
        const reachability = await probeReachability(deps.fetch, baseURL, deps.clock, {
          ...(deps.signal ? { signal: deps.signal } : {}),
        });
        return makeFailure(reachability === 'reachable' ? 'cors' : 'connection', context);
      }
      if (responded) return makeFailure('connection', context, { midStream: true });
      const internalMessage = error instanceof Error ? error.message : String(error);
      return makeFailure('internal', context, { internalMessage });
    },
  );
  return listed.ok ? { ok: true, models: listed.value } : listed;
}

function notAModelList(baseURL: string): LlmError {
  return new LlmError('bad-request', { reason: 'not-a-model-list', baseURL });
}

/** Reads a `/models` answer; undefined when it is not a list of models. */
export function parseModelList(body: unknown): ListedModel[] | undefined {
  const record =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  const items = Array.isArray(body) ? body : (record?.['data'] ?? record?.['models']);
  if (!Array.isArray(items)) return undefined;
  const models: ListedModel[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const entry = item as Record<string, unknown>;
    const id = [entry['id'], entry['model'], entry['name']].find(
      (value): value is string => typeof value === 'string' && value !== '',
    );
    if (!id) continue;
    const model: ListedModel = { id, capabilities: capabilitiesFromListing(entry) };
    if (typeof entry['owned_by'] === 'string') model.ownedBy = entry['owned_by'];
    models.push(model);
  }
  return models;
}

/**
 * Capabilities stated by a listing entry: context size (OpenRouter and Together
 * `context_length`, Groq `context_window`, vLLM `max_model_len`, LM Studio
 * `max_context_length`), output limit, image input, tool and reasoning support and prices
 * (OpenRouter). Guesses nothing from the model's name.
 */
export function capabilitiesFromListing(
  entry: Record<string, unknown>,
): Partial<ModelCapabilities> {
  const caps: Partial<ModelCapabilities> = {};
  const context = positive(
    entry['context_length'],
    entry['context_window'],
    entry['max_model_len'],
    entry['max_context_length'],
  );
  if (context) caps.contextWindow = context;
  const topProvider = entry['top_provider'] as Record<string, unknown> | undefined;
  const maxOutput = positive(
    topProvider?.['max_completion_tokens'],
    entry['max_completion_tokens'],
  );
  if (maxOutput) caps.maxOutputTokens = maxOutput;
  const architecture = entry['architecture'] as Record<string, unknown> | undefined;
  const inputs = architecture?.['input_modalities'];
  if (Array.isArray(inputs)) caps.vision = inputs.includes('image');
  const parameters = entry['supported_parameters'];
  if (Array.isArray(parameters)) {
    caps.toolCalling = parameters.includes('tools') ? 'native' : 'text';
    caps.reasoning = parameters.includes('reasoning') || parameters.includes('include_reasoning');
  }
  const pricing = entry['pricing'] as Record<string, unknown> | undefined;
  const input = perMillion(pricing?.['prompt']);
  const output = perMillion(pricing?.['completion']);
  if (input !== undefined && output !== undefined) {
    const cached = perMillion(pricing?.['input_cache_read']);
    caps.price = {
      inputPerMillion: input,
      outputPerMillion: output,
      ...(cached !== undefined ? { cachedInputPerMillion: cached } : {}),
    };
  }
  return caps;
}

function positive(...values: unknown[]): number | undefined {
  for (const value of values) {
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  }
  return undefined;
}

/** OpenRouter prices are dollars per token, as strings. */
function perMillion(value: unknown): number | undefined {
  const perToken = typeof value === 'string' ? Number(value) : value;
  if (typeof perToken !== 'number' || !Number.isFinite(perToken) || perToken < 0) return undefined;
  return Math.round(perToken * 1_000_000 * 1e6) / 1e6;
}
