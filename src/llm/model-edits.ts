import type { ModelCapabilities, ModelConfig } from './model-capabilities';
// Type only: model-listing carries the openai SDK, which loads on the first request.
import type { ListedModel } from './model-listing';

/**
 * What the person changed by hand in a provider's model list, so that a later listing from
 * the server (refreshModels) replaces what the server knows and keeps what the person said.
 */

/** One model's edits: the capability fields set by hand, and whether the person added it. */
export interface ModelEdits {
  /** The person added the model: it stays even when the server does not list it. */
  manual?: boolean;
  /** Capability fields the person set; a listing does not overwrite them. */
  fields: (keyof ModelCapabilities)[];
}

/** Edits per model id. */
export type ModelEditLog = Record<string, ModelEdits>;

/** A provider's models with the record of what the person edited. */
export interface EditedModels {
  models?: ModelConfig[];
  edits?: ModelEditLog;
}

/** The capability fields, in the order edits list them. */
export const CAPABILITY_FIELDS: readonly (keyof ModelCapabilities)[] = [
  'contextWindow',
  'maxOutputTokens',
  'vision',
  'reasoning',
  'toolCalling',
  'price',
];

/** Models in the order pickers show them: by id, numbers compared as numbers. */
export function sortModels(models: readonly ModelConfig[]): ModelConfig[] {
  return [...models].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
}

/**
 * The models after a listing from the server: listed capabilities, except the fields the
 * person edited; labels and reasoning settings stay; models the person added stay even when
 * the server does not list them. Edits of models that are gone are dropped. Pure.
 */
export function mergeModelListing(
  current: EditedModels,
  listed: readonly ListedModel[],
): EditedModels {
  const previous = new Map((current.models ?? []).map((model) => [model.id, model]));
  const edits = current.edits ?? {};
  const next = new Map<string, ModelConfig>();
  for (const entry of listed) {
    if (next.has(entry.id)) continue;
    const old = previous.get(entry.id);
    const edited = new Set(edits[entry.id]?.fields ?? []);
    const capabilities: Partial<ModelCapabilities> = {};
    const assign = <K extends keyof ModelCapabilities>(field: K, value: ModelCapabilities[K]) => {
      capabilities[field] = value;
    };
    for (const field of CAPABILITY_FIELDS) {
      const value = edited.has(field) ? old?.capabilities?.[field] : entry.capabilities[field];
      if (value !== undefined) assign(field, value);
    }
    const model: ModelConfig = { id: entry.id };
    if (old?.label) model.label = old.label;
    if (Object.keys(capabilities).length) model.capabilities = capabilities;
    if (old?.sendReasoningBack !== undefined) model.sendReasoningBack = old.sendReasoningBack;
    next.set(entry.id, model);
  }
  for (const [id, model] of previous) {
    if (!next.has(id) && edits[id]?.manual) next.set(id, model);
  }
  const kept = Object.entries(edits).filter(([id]) => next.has(id));
  return {
    models: sortModels([...next.values()]),
    ...(kept.length ? { edits: Object.fromEntries(kept) } : {}),
  };
}

/**
 * The models after the person saved `model` (already validated): it replaces the model of
 * the same id or joins the list, and every capability field that changed counts as edited.
 * A model that was not listed before counts as added by hand. Pure.
 */
export function saveModelEdit(current: EditedModels, model: ModelConfig): EditedModels {
  const list = current.models ?? [];
  const previous = list.find((candidate) => candidate.id === model.id);
  const edits = { ...current.edits };
  const record: ModelEdits = edits[model.id] ?? { fields: [] };
  const fields = new Set(record.fields);
  for (const field of CAPABILITY_FIELDS) {
    if (!sameJSON(previous?.capabilities?.[field], model.capabilities?.[field])) fields.add(field);
  }
  edits[model.id] = {
    ...(previous && !record.manual ? {} : { manual: true }),
    fields: CAPABILITY_FIELDS.filter((field) => fields.has(field)),
  };
  return {
    models: previous
      ? list.map((candidate) => (candidate.id === model.id ? model : candidate))
      : sortModels([...list, model]),
    edits,
  };
}

/** The models without `modelId`, and without its edits. Pure. */
export function removeModelEdit(current: EditedModels, modelId: string): EditedModels {
  const result: EditedModels = {
    models: (current.models ?? []).filter((model) => model.id !== modelId),
  };
  if (current.edits) {
    const edits = { ...current.edits };
    delete edits[modelId];
    result.edits = edits;
  }
  return result;
}

/**
 * Edits after an import: capabilities an imported model states count as the person's edits,
 * on top of `earlier` edits of the same models. Undefined when there are none.
 */
export function importedModelEdits(
  models: readonly ModelConfig[] | undefined,
  earlier: ModelEditLog | undefined,
): ModelEditLog | undefined {
  const edits: ModelEditLog = {};
  for (const model of models ?? []) {
    const before = earlier?.[model.id];
    const fields = new Set<keyof ModelCapabilities>(before?.fields ?? []);
    for (const field of CAPABILITY_FIELDS) {
      if (model.capabilities?.[field] !== undefined) fields.add(field);
    }
    if (fields.size || before?.manual) {
      edits[model.id] = {
        ...(before?.manual ? { manual: true } : {}),
        fields: CAPABILITY_FIELDS.filter((field) => fields.has(field)),
      };
    }
  }
  return Object.keys(edits).length ? edits : undefined;
}

function sameJSON(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
