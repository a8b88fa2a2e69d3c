import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

/** The outcome of checking a call's arguments against its tool's JSON Schema. */
export type ArgumentCheck = { ok: true } | { ok: false; problems: string[] };

/** A compiled check of one schema. */
export type ArgumentValidator = (args: Record<string, unknown>) => ArgumentCheck;

// One Ajv for the whole app: compiled validators are cached per schema object below, so a
// tool's schema is compiled once however many runs and turns use it.
let ajv: Ajv | undefined;
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
    ajv ??= new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
    const validate = ajv.compile(schema);
    validator = (args) => (validate(args) ? OK : { ok: false, problems: describe(validate) });
  } catch {
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
 * A minimal check for when Ajv cannot compile: required properties and the JSON type of
 * each declared top-level property. Catches the common mistakes (a missing path, a number
 * as a string) without code generation.
 */
export function checkBasics(
  schema: Record<string, unknown>,
  args: Record<string, unknown>,
): ArgumentCheck {
  const problems: string[] = [];
  const required = Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : [];
  for (const name of required) {
    if (typeof name === 'string' && !(name in args)) problems.push(`\`${name}\` is required.`);
  }
  const properties = (schema['properties'] ?? {}) as Record<string, { type?: unknown }>;
  for (const [name, value] of Object.entries(args)) {
    const declared = properties[name];
    if (!declared) {
      if (schema['additionalProperties'] === false)
        problems.push(`\`${name}\` is not a known argument.`);
      continue;
    }
    const types = typeof declared.type === 'string' ? [declared.type] : declared.type;
    if (Array.isArray(types) && !types.some((type) => hasJsonType(value, String(type)))) {
      problems.push(`\`${name}\` must be of type ${types.join(' or ')}.`);
    }
  }
  return problems.length ? { ok: false, problems } : OK;
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
