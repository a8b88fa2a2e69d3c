import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

/** The outcome of checking a call's arguments against its tool's JSON Schema. */
export type ArgumentCheck = { ok: true } | { ok: false; problems: string[] };

/** A compiled check of one schema. */
export type ArgumentValidator = (args: Record<string, unknown>) => ArgumentCheck;

// One Ajv for the whole app: compiled validators are cached per schema object below, so a
// tool's schema is compiled once however many runs and turns use it.
let ajv: Ajv | undefined;
/** Set once the platform refused Ajv's code generation, so later schemas skip it. */
let evalBlocked = false;
const compiled = new WeakMap<object, ArgumentValidator>();

/**
 * The validator of a tool's `parameters` schema, compiled on first use and cached by the
 * schema object's identity. Never throws: a schema Ajv cannot compile (a bug in the tool,
 * or a page whose Content-Security-Policy forbids the code generation Ajv relies on) falls
 * back to {@link checkBasics}, which checks the root type, required properties and the
 * primitive types of declared properties.
 */
export function argumentValidator(schema: Record<string, unknown>): ArgumentValidator {
  const cached = compiled.get(schema);
  if (cached) return cached;
  let validator: ArgumentValidator;
  try {
    if (evalBlocked) throw new EvalError('code generation is blocked');
    ajv ??= new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, logger: false });
    const validate = ajv.compile(schema);
    validator = (args) => (validate(args) ? OK : { ok: false, problems: describe(validate) });
  } catch (error) {
    if (error instanceof EvalError) evalBlocked = true;
    validator = (args) => checkBasics(schema, args);
  }
  compiled.set(schema, validator);
  return validator;
}

const OK: ArgumentCheck = { ok: true };

/** Ajv's errors as sentences the model can act on ("`path` is required"). */
function describe(validate: ValidateFunction): string[] {
  return (validate.errors ?? []).slice(0, 8).map(sentence);
}

function sentence(error: ErrorObject): string {
  const path = error.instancePath ? pointerToPath(error.instancePath) : '';
  const where = path ? `\`${path}\`` : 'The arguments';
  const inside = path ? `${path}.` : '';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `\`${inside}${String(params['missingProperty'])}\` is required.`;
    case 'additionalProperties':
      return `\`${inside}${String(params['additionalProperty'])}\` is not a known argument.`;
    case 'type':
      return `${where} must be of type ${String(params['type'])}.`;
    case 'enum':
      return `${where} must be one of ${JSON.stringify(params['allowedValues'])}.`;
    case 'minLength':
      return `${where} must have at least ${String(params['limit'])} characters.`;
    case 'maxLength':
      return `${where} must have at most ${String(params['limit'])} characters.`;
    case 'minItems':
      return `${where} must have at least ${String(params['limit'])} items.`;
    case 'maxItems':
      return `${where} must have at most ${String(params['limit'])} items.`;
    default:
      return `${where} ${error.message ?? 'is not valid'}.`;
  }
}

/** "/edits/0/old_text" → "edits[0].old_text". */
function pointerToPath(pointer: string): string {
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part),
      '',
    );
}

/**
 * The check used when Ajv cannot compile (Cove's page forbids `eval`, which Ajv's code
 * generation needs): an interpreter of the keywords tool schemas use — type, required,
 * properties, additionalProperties: false, items, enum, const, minimum, maximum,
 * minLength, maxLength, minItems, maxItems — at any depth. Keywords it does not know
 * (anyOf, patterns, formats) are not checked; the tool still validates what it relies on.
 */
export function checkBasics(
  schema: Record<string, unknown>,
  args: Record<string, unknown>,
): ArgumentCheck {
  const problems: string[] = [];
  checkValue(schema, args, '', problems);
  return problems.length ? { ok: false, problems: problems.slice(0, 8) } : OK;
}

function checkValue(schema: unknown, value: unknown, path: string, problems: string[]): void {
  if (typeof schema !== 'object' || schema === null) return;
  const s = schema as Record<string, unknown>;
  const where = path ? `\`${path}\`` : 'The arguments';
  const types = typeof s['type'] === 'string' ? [s['type']] : s['type'];
  if (Array.isArray(types) && !types.some((type) => hasJsonType(value, String(type)))) {
    problems.push(`${where} must be of type ${types.join(' or ')}.`);
    return;
  }
  if (Array.isArray(s['enum']) && !s['enum'].some((allowed) => allowed === value))
    problems.push(`${where} must be one of ${JSON.stringify(s['enum'])}.`);
  if ('const' in s && s['const'] !== value)
    problems.push(`${where} must be ${JSON.stringify(s['const'])}.`);
  if (typeof value === 'number') {
    if (typeof s['minimum'] === 'number' && value < s['minimum'])
      problems.push(`${where} must be >= ${s['minimum']}.`);
    if (typeof s['maximum'] === 'number' && value > s['maximum'])
      problems.push(`${where} must be <= ${s['maximum']}.`);
  }
  if (typeof value === 'string') {
    if (typeof s['minLength'] === 'number' && value.length < s['minLength'])
      problems.push(`${where} must have at least ${s['minLength']} characters.`);
    if (typeof s['maxLength'] === 'number' && value.length > s['maxLength'])
      problems.push(`${where} must have at most ${s['maxLength']} characters.`);
  }
  if (Array.isArray(value)) {
    if (typeof s['minItems'] === 'number' && value.length < s['minItems'])
      problems.push(`${where} must have at least ${s['minItems']} items.`);
    if (typeof s['maxItems'] === 'number' && value.length > s['maxItems'])
      problems.push(`${where} must have at most ${s['maxItems']} items.`);
    value.forEach((item, index) => checkValue(s['items'], item, `${path}[${index}]`, problems));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  const inside = path ? `${path}.` : '';
  if (Array.isArray(s['required'])) {
    for (const name of s['required']) {
      if (typeof name === 'string' && !(name in record))
        problems.push(`\`${inside}${name}\` is required.`);
    }
  }
  const properties = (s['properties'] ?? {}) as Record<string, unknown>;
  for (const [name, inner] of Object.entries(record)) {
    if (name in properties) checkValue(properties[name], inner, `${inside}${name}`, problems);
    else if (s['additionalProperties'] === false)
      problems.push(`\`${inside}${name}\` is not a known argument.`);
  }
}

function hasJsonType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
    case 'boolean':
      return typeof value === type;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return true;
  }
}
