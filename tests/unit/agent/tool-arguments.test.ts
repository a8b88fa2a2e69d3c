import { afterEach, describe, expect, it, vi } from 'vitest';
import { argumentValidator, checkBasics } from '../../../src/agent/tool-arguments';

const editSchema = () => ({
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1 },
    mode: { enum: ['replace', 'append'] },
    edits: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: { old_text: { type: 'string' }, new_text: { type: 'string' } },
        required: ['old_text', 'new_text'],
        additionalProperties: false,
      },
    },
  },
  required: ['path', 'edits'],
  additionalProperties: false,
});

const bad = { path: '', mode: 'x', edits: [{ old_text: 1, extra: true }], force: true };
const expected = [
  '`force` is not a known argument.',
  '`path` must have at least 1 characters.',
  '`mode` must be one of ["replace","append"].',
  '`edits[0].new_text` is required.',
  '`edits[0].extra` is not a known argument.',
  '`edits[0].old_text` must be of type string.',
];

describe('argumentValidator', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what is wrong, where, in words the model can act on', () => {
    const check = argumentValidator(editSchema());
    expect(check({ path: 'a.py', edits: [{ old_text: 'a', new_text: 'b' }] })).toEqual({
      ok: true,
    });
    const result = check(bad);
    expect(result.ok).toBe(false);
    expect(!result.ok && [...result.problems].sort()).toEqual([...expected].sort());
  });

  it('compiles a schema once, however often it is used', () => {
    const schema = editSchema();
    expect(argumentValidator(schema)).toBe(argumentValidator(schema));
  });

  it('still checks arguments where the page forbids eval (Content-Security-Policy)', () => {
    // Ajv generates its validators with `new Function`, which Cove's CSP blocks in the page.
    const refuse = vi.fn(function () {
      throw new EvalError('Refused to evaluate a string as JavaScript');
    });
    vi.stubGlobal('Function', refuse);
    const check = argumentValidator(editSchema());
    expect(refuse).toHaveBeenCalled();
    expect(check({ path: 'a.py', edits: [{ old_text: 'a', new_text: 'b' }] })).toEqual({
      ok: true,
    });
    const result = check(bad);
    expect(!result.ok && [...result.problems].sort()).toEqual([...expected].sort());
  });

  it('interprets nested schemas without Ajv', () => {
    expect(checkBasics(editSchema(), { path: 'a', edits: [] })).toEqual({
      ok: false,
      problems: ['`edits` must have at least 1 items.'],
    });
    expect(
      checkBasics(
        { type: 'object', properties: { n: { type: 'integer', minimum: 1 } } },
        { n: 1.5 },
      ),
    ).toEqual({
      ok: false,
      problems: ['`n` must be of type integer.'],
    });
  });
});
