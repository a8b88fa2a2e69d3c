import { Validator, type OutputUnit } from '@cfworker/json-schema';

/** The outcome of checking a call's arguments against its tool's JSON Schema. */
export type ArgumentCheck = { ok: true } | { ok: false; problems: string[] };

/** A prepared check of one schema. */
export type ArgumentValidator = (args: Record<string, unknown>) => ArgumentCheck;

/**
 * Why @cfworker/json-schema and not Ajv: Ajv compiles validators with `new Function`, which
 * Cove's Content-Security-Policy forbids in the page (no 'unsafe-eval'), and MCP servers
 * bring schemas at run time, so they cannot be compiled at build time either. This
 * validator interprets schemas (drafts 4 to 2020-12) without generating code.
 */
const DRAFT = '2020-12';
/** Problems reported per call: enough to fix the call, short enough to read. */
const MAX_PROBLEMS = 8;

const prepared = new WeakMap<object, ArgumentValidator>();

/**
 * The validator of a tool's `parameters` schema, prepared on first use and cached by the
 * schema object's identity, so a schema is prepared once however many turns use it.
 * Never throws: a schema the validator cannot read (a bug in the tool, a broken MCP
 * schema) reports that as the problem, which the model reads as the call's result.
 */
export function argumentValidator(schema: Record<string, unknown>): ArgumentValidator {
  const cached = prepared.get(schema);
  if (cached) return cached;
  let checker: Validator | undefined;
  let unreadable: unknown;
  try {
    checker = new Validator(schema, DRAFT, false);
  } catch (error) {
    unreadable = error;
  }
  const validator: ArgumentValidator = (args) => {
    try {
      if (!checker) throw unreadable;
      const result = checker.validate(args);
      return result.valid ? OK : { ok: false, problems: describe(result.errors) };
    } catch (error) {
      // Some faults (an unresolved $ref) only show while validating.
      const reason = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        problems: [`This tool's argument schema cannot be read (${reason}); use another tool.`],
      };
    }
  };
  prepared.set(schema, validator);
  return validator;
}

const OK: ArgumentCheck = { ok: true };

/**
 * Keywords whose error only says that something inside failed; the inner error, reported
 * too, is the one worth reading.
 */
const WRAPPERS = new Set([
  'properties',
  'items',
  'prefixItems',
  'additionalItems',
  'patternProperties',
  'false',
  '$ref',
  'allOf',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
]);

/** The validator's errors as sentences the model can act on ("`path` is required."). */
function describe(errors: readonly OutputUnit[]): string[] {
  const sentences = errors.filter((e) => !WRAPPERS.has(e.keyword)).map(sentence);
  return [...new Set(sentences)].slice(0, MAX_PROBLEMS);
}

function sentence(error: OutputUnit): string {
  const path = pointerToPath(error.instanceLocation);
  const where = path ? `\`${path}\`` : 'The arguments';
  const inside = path ? `${path}.` : '';
  const quoted = /"([^"]*)"/.exec(error.error)?.[1];
  switch (error.keyword) {
    case 'required':
      return `\`${inside}${quoted}\` is required.`;
    case 'additionalProperties':
      return `\`${inside}${quoted}\` is not a known argument.`;
    case 'type':
      return `${where} must be of type ${expectedType(error.error)}.`;
    default:
      return `${where}: ${error.error.replace(/^Instance /, '')}`;
  }
}

/** 'Instance type "number" is invalid. Expected "string".' → "string". */
function expectedType(message: string): string {
  const expected = /Expected (.+?)\.?$/.exec(message)?.[1] ?? 'another type';
  return expected.replace(/"/g, '');
}

/** "#/edits/0/old_text" → "edits[0].old_text". */
function pointerToPath(location: string): string {
  return location
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part),
      '',
    );
}
