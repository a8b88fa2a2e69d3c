import { describe, expect, it } from 'vitest';
import {
  checkElicitation,
  elicitationFields,
  initialValues,
} from '../../../src/mcp/elicitation-form';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2, maxLength: 20 },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    born: { type: 'string', format: 'date' },
    age: { type: 'integer', minimum: 1, maximum: 120, default: 30 },
    ratio: { type: 'number', default: 0.5 },
    agree: { type: 'boolean', default: true },
    pet: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cats', 'Dogs'], default: 'p2' },
    hero: { type: 'string', oneOf: [{ const: 'h1', title: 'Superman' }] },
    fish: {
      type: 'array',
      minItems: 1,
      maxItems: 2,
      items: {
        anyOf: [{ const: 'f1', title: 'Tuna' }, { const: 'f2', title: 'Trout' }, { const: 'f3' }],
      },
      default: ['f1'],
    },
    nested: { type: 'object', properties: {} },
  },
  required: ['name'],
};

describe('elicitation forms', () => {
  it('reads every field kind of the restricted schema, with labels and choices; leaves out what is not allowed', () => {
    const fields = elicitationFields(schema);
    expect(fields.map((f) => [f.name, f.kind])).toEqual([
      ['name', 'text'],
      ['email', 'text'],
      ['site', 'text'],
      ['born', 'text'],
      ['age', 'number'],
      ['ratio', 'number'],
      ['agree', 'boolean'],
      ['pet', 'choice'],
      ['hero', 'choice'],
      ['fish', 'choices'],
    ]);
    expect(fields[0]).toMatchObject({ label: 'Name', required: true });
    expect(fields[1]).toMatchObject({ label: 'email', required: false, format: 'email' });
    expect(fields.find((f) => f.name === 'pet')).toMatchObject({
      options: [
        { value: 'p1', label: 'Cats' },
        { value: 'p2', label: 'Dogs' },
      ],
    });
    expect(fields.find((f) => f.name === 'fish')).toMatchObject({
      options: [
        { value: 'f1', label: 'Tuna' },
        { value: 'f2', label: 'Trout' },
        { value: 'f3', label: 'f3' },
      ],
    });
  });

  it('starts with the schema defaults (SEP-1034) and sends them typed when left as shown', () => {
    const fields = elicitationFields(schema);
    const values = initialValues(fields);
    expect(values).toMatchObject({ age: '30', ratio: '0.5', agree: true, pet: 'p2', fish: ['f1'] });
    const checked = checkElicitation(fields, { ...values, name: 'Ada' });
    expect(checked).toEqual({
      content: { name: 'Ada', age: 30, ratio: 0.5, agree: true, pet: 'p2', fish: ['f1'] },
    });
  });

  it('tells each problem by field and code, and sends nothing while one remains', () => {
    const fields = elicitationFields(schema);
    const checked = checkElicitation(fields, {
      ...initialValues(fields),
      name: 'A',
      email: 'nope',
      site: 'example.com',
      born: '2026-13-45',
      age: '4.5',
      ratio: 'lots',
      hero: 'h9',
      fish: ['f1', 'f2', 'f3'],
    });
    expect('problems' in checked && checked.problems).toEqual([
      { field: 'name', code: 'too-short', limit: 2 },
      { field: 'email', code: 'not-an-email' },
      { field: 'site', code: 'not-a-uri' },
      { field: 'born', code: 'not-a-date' },
      { field: 'age', code: 'not-an-integer' },
      { field: 'ratio', code: 'not-a-number' },
      { field: 'hero', code: 'not-an-option' },
      { field: 'fish', code: 'too-many', limit: 2 },
    ]);
    const empty = checkElicitation(fields, { ...initialValues(fields), age: '500', fish: [] });
    expect('problems' in empty && empty.problems).toEqual([
      { field: 'name', code: 'required' },
      { field: 'age', code: 'above-maximum', limit: 120 },
      { field: 'fish', code: 'too-few', limit: 1 },
    ]);
  });

  it('an optional field left empty is left out of the answer, not sent empty', () => {
    const fields = elicitationFields({
      type: 'object',
      properties: { note: { type: 'string' }, count: { type: 'number' } },
    });
    expect(checkElicitation(fields, initialValues(fields))).toEqual({ content: {} });
  });

  it('a schema that is not an object of properties gives no fields', () => {
    expect(elicitationFields(undefined)).toEqual([]);
    expect(elicitationFields({ type: 'object' })).toEqual([]);
    expect(elicitationFields('form')).toEqual([]);
  });
});
