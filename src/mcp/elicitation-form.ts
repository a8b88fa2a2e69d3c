/**
 * A server's request for input (MCP elicitation, form mode) as the fields a form shows, the
 * values it starts with (the schema's defaults, SEP-1034), and the check of what the person
 * entered before it goes back. The schema is the spec's restricted one: a flat object of
 * strings (with a format, a length), numbers and integers (with a range), booleans, single
 * choices (enum, enum with enumNames, oneOf of const and title) and multiple choices (an
 * array of enum or of anyOf const and title). Pure: the UI renders the fields and turns the
 * problems' codes into sentences.
 */

/** One choice of a single or multiple choice field. */
export interface ElicitationOption {
  value: string;
  label: string;
}

interface FieldBase {
  name: string;
  /** The schema's title, else the property's name. */
  label: string;
  description?: string;
  required: boolean;
}

export type ElicitationField =
  | (FieldBase & {
      kind: 'text';
      format?: 'email' | 'uri' | 'date' | 'date-time';
      minLength?: number;
      maxLength?: number;
      default?: string;
    })
  | (FieldBase & {
      kind: 'number';
      integer: boolean;
      minimum?: number;
      maximum?: number;
      default?: number;
    })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'choice'; options: ElicitationOption[]; default?: string })
  | (FieldBase & {
      kind: 'choices';
      options: ElicitationOption[];
      minItems?: number;
      maxItems?: number;
      default?: string[];
    });

/** What a form field holds while the person edits it. Numbers are typed as text. */
export type ElicitationValue = string | boolean | string[];
export type ElicitationValues = Record<string, ElicitationValue>;

/** What goes back to the server for an accepted form. */
export type ElicitationContent = Record<string, string | number | boolean | string[]>;

/** Why a value cannot be sent, for the UI to word. */
export type ElicitationProblem =
  | { field: string; code: 'required' }
  | { field: string; code: 'not-a-number' | 'not-an-integer' }
  | { field: string; code: 'below-minimum' | 'above-maximum'; limit: number }
  | { field: string; code: 'too-short' | 'too-long'; limit: number }
  | { field: string; code: 'too-few' | 'too-many'; limit: number }
  | { field: string; code: 'not-an-email' | 'not-a-uri' | 'not-a-date' | 'not-a-date-time' }
  | { field: string; code: 'not-an-option' };

type Json = Record<string, unknown>;

const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;
const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;

/** Choices from `enum` (with `enumNames` as labels) or from `oneOf`/`anyOf` of const and title. */
function optionsOf(schema: Json): ElicitationOption[] | undefined {
  const values = strings(schema.enum);
  if (values) {
    const names = strings(schema.enumNames);
    return values.map((value, i) => ({ value, label: names?.[i] ?? value }));
  }
  const titled = Array.isArray(schema.oneOf) ? schema.oneOf : schema.anyOf;
  if (!Array.isArray(titled)) return undefined;
  const options = titled.flatMap((entry: unknown) => {
    if (!isJson(entry) || typeof entry.const !== 'string') return [];
    return [{ value: entry.const, label: text(entry.title) ?? entry.const }];
  });
  return options.length ? options : undefined;
}

/** The field of one property, or undefined for a shape the spec does not allow (left out). */
function fieldOf(name: string, schema: Json, required: boolean): ElicitationField | undefined {
  const base: FieldBase = {
    name,
    label: text(schema.title) ?? name,
    required,
    ...(text(schema.description) ? { description: text(schema.description) } : {}),
  };
  const options = optionsOf(schema);
  switch (schema.type) {
    case 'string': {
      if (options) {
        const fallback = text(schema.default);
        return { ...base, kind: 'choice', options, ...(fallback ? { default: fallback } : {}) };
      }
      const format = text(schema.format);
      return {
        ...base,
        kind: 'text',
        ...(format === 'email' || format === 'uri' || format === 'date' || format === 'date-time'
          ? { format }
          : {}),
        ...(finite(schema.minLength) !== undefined ? { minLength: finite(schema.minLength) } : {}),
        ...(finite(schema.maxLength) !== undefined ? { maxLength: finite(schema.maxLength) } : {}),
        ...(text(schema.default) !== undefined ? { default: text(schema.default) } : {}),
      };
    }
    case 'number':
    case 'integer':
      return {
        ...base,
        kind: 'number',
        integer: schema.type === 'integer',
        ...(finite(schema.minimum) !== undefined ? { minimum: finite(schema.minimum) } : {}),
        ...(finite(schema.maximum) !== undefined ? { maximum: finite(schema.maximum) } : {}),
        ...(finite(schema.default) !== undefined ? { default: finite(schema.default) } : {}),
      };
    case 'boolean':
      return {
        ...base,
        kind: 'boolean',
        ...(typeof schema.default === 'boolean' ? { default: schema.default } : {}),
      };
    case 'array': {
      const items = isJson(schema.items) ? optionsOf(schema.items) : undefined;
      if (!items) return undefined;
      const fallback = strings(schema.default);
      return {
        ...base,
        kind: 'choices',
        options: items,
        ...(finite(schema.minItems) !== undefined ? { minItems: finite(schema.minItems) } : {}),
        ...(finite(schema.maxItems) !== undefined ? { maxItems: finite(schema.maxItems) } : {}),
        ...(fallback ? { default: fallback } : {}),
      };
    }
    default:
      return undefined;
  }
}

/** The fields of a `requestedSchema`, in the order the server listed them. */
export function elicitationFields(requestedSchema: unknown): ElicitationField[] {
  if (!isJson(requestedSchema) || !isJson(requestedSchema.properties)) return [];
  const required = new Set(strings(requestedSchema.required) ?? []);
  return Object.entries(requestedSchema.properties).flatMap(([name, schema]) => {
    const field = isJson(schema) ? fieldOf(name, schema, required.has(name)) : undefined;
    return field ? [field] : [];
  });
}

/** What the form starts with: each field's default, else empty (unchecked, nothing chosen). */
export function initialValues(fields: readonly ElicitationField[]): ElicitationValues {
  const values: ElicitationValues = {};
  for (const field of fields) {
    switch (field.kind) {
      case 'text':
      case 'choice':
        values[field.name] = field.default ?? '';
        break;
      case 'number':
        values[field.name] = field.default === undefined ? '' : String(field.default);
        break;
      case 'boolean':
        values[field.name] = field.default ?? false;
        break;
      case 'choices':
        values[field.name] = [...(field.default ?? [])];
        break;
    }
  }
  return values;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function formatProblem(
  field: string,
  format: string,
  value: string,
): ElicitationProblem | undefined {
  if (format === 'email' && !EMAIL.test(value)) return { field, code: 'not-an-email' };
  if (format === 'uri' && !URL.canParse(value)) return { field, code: 'not-a-uri' };
  if (format === 'date' && (!DATE.test(value) || Number.isNaN(Date.parse(value))))
    return { field, code: 'not-a-date' };
  if (format === 'date-time' && (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value))))
    return { field, code: 'not-a-date-time' };
  return undefined;
}

/** One field's value as sent, or the problem with it; undefined when left empty and optional. */
function checkField(
  field: ElicitationField,
  value: ElicitationValue | undefined,
): { value: string | number | boolean | string[] } | { problem: ElicitationProblem } | undefined {
  const name = field.name;
  switch (field.kind) {
    case 'boolean':
      return { value: value === true };
    case 'choices': {
      const chosen = Array.isArray(value) ? value : [];
      if (!chosen.length && !field.required && field.minItems === undefined) return undefined;
      if (chosen.some((item) => !field.options.some((option) => option.value === item)))
        return { problem: { field: name, code: 'not-an-option' } };
      const fewest = field.minItems ?? (field.required ? 1 : 0);
      if (chosen.length < fewest)
        return {
          problem:
            field.minItems === undefined
              ? { field: name, code: 'required' }
              : { field: name, code: 'too-few', limit: fewest },
        };
      if (field.maxItems !== undefined && chosen.length > field.maxItems)
        return { problem: { field: name, code: 'too-many', limit: field.maxItems } };
      return { value: chosen };
    }
    default:
      break;
  }
  const entered = typeof value === 'string' ? value.trim() : '';
  if (!entered) return field.required ? { problem: { field: name, code: 'required' } } : undefined;
  if (field.kind === 'choice') {
    return field.options.some((option) => option.value === entered)
      ? { value: entered }
      : { problem: { field: name, code: 'not-an-option' } };
  }
  if (field.kind === 'number') {
    const number = Number(entered);
    if (!Number.isFinite(number)) return { problem: { field: name, code: 'not-a-number' } };
    if (field.integer && !Number.isInteger(number))
      return { problem: { field: name, code: 'not-an-integer' } };
    if (field.minimum !== undefined && number < field.minimum)
      return { problem: { field: name, code: 'below-minimum', limit: field.minimum } };
    if (field.maximum !== undefined && number > field.maximum)
      return { problem: { field: name, code: 'above-maximum', limit: field.maximum } };
    return { value: number };
  }
  // Text keeps what the person typed, spaces included; only emptiness is judged trimmed.
  const raw = value as string;
  if (field.minLength !== undefined && raw.length < field.minLength)
    return { problem: { field: name, code: 'too-short', limit: field.minLength } };
  if (field.maxLength !== undefined && raw.length > field.maxLength)
    return { problem: { field: name, code: 'too-long', limit: field.maxLength } };
  const problem = field.format ? formatProblem(name, field.format, entered) : undefined;
  return problem ? { problem } : { value: raw };
}

/** The content to send for `values`, or every problem that keeps it from being sent. */
export function checkElicitation(
  fields: readonly ElicitationField[],
  values: ElicitationValues,
): { content: ElicitationContent } | { problems: ElicitationProblem[] } {
  const content: ElicitationContent = {};
  const problems: ElicitationProblem[] = [];
  for (const field of fields) {
    const checked = checkField(field, values[field.name]);
    if (!checked) continue;
    if ('problem' in checked) problems.push(checked.problem);
    else content[field.name] = checked.value;
  }
  return problems.length ? { problems } : { content };
}
