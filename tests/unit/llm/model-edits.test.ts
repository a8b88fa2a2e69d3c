import { describe, expect, it } from 'vitest';
import {
  importedModelEdits,
  mergeModelListing,
  removeModelEdit,
  saveModelEdit,
  type EditedModels,
} from '../../../src/llm/model-edits';
import { parseModelList, type ListedModel } from '../../../src/llm/model-listing';

/** What a server's `/models` answer lists, as the listing reads it. */
function listing(data: Record<string, unknown>[]): ListedModel[] {
  return parseModelList({ data })!;
}

describe('model edits across listings', () => {
  it('a refresh keeps what the person edited and the models they added', () => {
    let models: EditedModels = {};
    models = mergeModelListing(
      models,
      listing([
        { id: 'big', context_length: 128000, supported_parameters: ['tools'] },
        { id: 'small', context_length: 8192 },
      ]),
    );
    expect(models.models?.find((m) => m.id === 'big')?.capabilities).toMatchObject({
      contextWindow: 128000,
      toolCalling: 'native',
    });
    models = saveModelEdit(models, {
      id: 'big',
      label: 'Big one',
      capabilities: { contextWindow: 64000, toolCalling: 'native', vision: true },
    });
    models = saveModelEdit(models, { id: 'by-hand', capabilities: { toolCalling: 'text' } });
    models = mergeModelListing(
      models,
      listing([
        { id: 'big', context_length: 200000, supported_parameters: ['tools'] },
        { id: 'new', context_length: 32000 },
      ]),
    );
    const byId = new Map((models.models ?? []).map((m) => [m.id, m]));
    expect([...byId.keys()]).toEqual(['big', 'by-hand', 'new']);
    expect(byId.get('big')).toEqual({
      id: 'big',
      label: 'Big one',
      capabilities: { contextWindow: 64000, vision: true, toolCalling: 'native' },
    });
    expect(byId.get('by-hand')?.capabilities).toEqual({ toolCalling: 'text' });
    expect(byId.get('new')?.capabilities).toEqual({ contextWindow: 32000 });
    // 'small' is gone from the server and was not added by hand: its edits go with it.
    expect(Object.keys(models.edits ?? {}).sort()).toEqual(['big', 'by-hand']);
  });

  it('sorts models by id with numbers compared as numbers, once per id', () => {
    const models = mergeModelListing({}, listing([{ id: 'm10' }, { id: 'm9' }, { id: 'm10' }]));
    expect(models.models?.map((m) => m.id)).toEqual(['m9', 'm10']);
  });

  it('removing a model drops its edits', () => {
    const saved = saveModelEdit({}, { id: 'm', capabilities: { vision: true } });
    expect(saved.edits).toEqual({ m: { manual: true, fields: ['vision'] } });
    expect(removeModelEdit(saved, 'm')).toEqual({ models: [], edits: {} });
  });

  it('imported capabilities count as edits, on top of earlier ones', () => {
    expect(
      importedModelEdits(
        [{ id: 'a', capabilities: { contextWindow: 4000 } }, { id: 'b' }, { id: 'c' }],
        { a: { fields: ['vision'] }, c: { manual: true, fields: [] } },
      ),
    ).toEqual({
      a: { fields: ['contextWindow', 'vision'] },
      c: { manual: true, fields: [] },
    });
    expect(importedModelEdits([{ id: 'b' }], undefined)).toBeUndefined();
  });
});
