import { afterEach, describe, expect, it, vi } from 'vitest';
import { argumentValidator } from '../../../src/agent/tool-arguments';

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

describe('argumentValidator', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what is wrong, where, in words the model can act on', () => {
    const check = argumentValidator(editSchema());
    expect(check({ path: 'a.py', edits: [{ old_text: 'a', new_text: 'b' }] })).toEqual({
      ok: true,
    });
    const result = check(bad);
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toContain('`force` is not a known argument.');
    expect(problems).toContain('`edits[0].new_text` is required.');
    expect(problems).toContain('`edits[0].extra` is not a known argument.');
    expect(problems).toContain('`edits[0].old_text` must be of type string.');
    expect(problems.find((p) => p.startsWith('`path`'))).toMatch(/too short/i);
    expect(problems.find((p) => p.startsWith('`mode`'))).toContain('"replace","append"');
    expect(check({ path: 'a', edits: [] })).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^`edits`: .*too few items/i)],
    });
  });

  it('checks integers, nesting and missing arguments at the root', () => {
    const check = argumentValidator({
      type: 'object',
      properties: { n: { type: 'integer', minimum: 1 } },
      required: ['n'],
    });
    expect(check({ n: 1.5 })).toEqual({ ok: false, problems: ['`n` must be of type integer.'] });
    expect(check({})).toEqual({ ok: false, problems: ['`n` is required.'] });
    expect(check({ n: 0 }).ok).toBe(false);
    expect(check({ n: 2 })).toEqual({ ok: true });
  });

  it('prepares a schema once, however often it is used', () => {
    const schema = editSchema();
    expect(argumentValidator(schema)).toBe(argumentValidator(schema));
  });

  it('works where the page forbids eval (Cove’s Content-Security-Policy)', () => {
    const refuse = vi.fn(function () {
      throw new EvalError('Refused to evaluate a string as JavaScript');
    });
    vi.stubGlobal('Function', refuse);
    vi.stubGlobal('eval', refuse);
    const result = argumentValidator(editSchema())(bad);
    expect(refuse).not.toHaveBeenCalled();
    expect(!result.ok && result.problems).toContain('`edits[0].new_text` is required.');
  });

  it('a schema that cannot be read becomes a problem the model reads, not a throw', () => {
    const check = argumentValidator({ $ref: 'https://elsewhere.example/schema.json' });
    const result = check({});
    expect(!result.ok && result.problems[0]).toContain('cannot be read');
  });
});
