/**
 * What a user allowed, pinned down. A server's tool descriptions and schemas are untrusted
 * input that can change at any time (a "rug pull": allowed as harmless, later rewritten to
 * ask the model for secrets). The approval policy keeps the fingerprint of a tool when the
 * user lets it run without asking, and compares it on every call: a changed tool is asked
 * about again, with what changed.
 */

/** The parts of an MCP tool definition that the fingerprint covers. */
export interface FingerprintedTool {
  description?: string;
  inputSchema: unknown;
  /** Optional extras the model also reads; covered when present. */
  title?: string;
}

/** Hashes of a tool's description and input schema, kept apart to say which one changed. */
export interface ToolFingerprint {
  description: string;
  schema: string;
  /** Both together; equal fingerprints have equal `combined`. */
  combined: string;
}

/** A JSON text with object keys sorted, so key order does not change the fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * A 64-bit FNV-1a hash as 16 hex digits. Not cryptographic: the server is not trying to
 * collide with its own earlier text, it just changes it, and a synchronous hash keeps the
 * check cheap on every call.
 */
export function hash64(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x0100019d);
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

/** The fingerprint of one tool definition. */
export function fingerprintTool(tool: FingerprintedTool): ToolFingerprint {
  const description = hash64(`${tool.title ?? ''}\u0000${tool.description ?? ''}`);
  const schema = hash64(canonicalJson(tool.inputSchema));
  return { description, schema, combined: hash64(`${description}:${schema}`) };
}

/** What {@link compareFingerprints} found. */
export interface ToolChange {
  changed: boolean;
  /** Which parts changed, for the approval request: "its description", "its input schema". */
  parts: ('description' | 'schema')[];
  /** One sentence for the user, empty when nothing changed. */
  summary: string;
}

/**
 * Compares the fingerprint the user allowed with the tool as the server describes it now.
 * `toolLabel` names the tool in the summary.
 */
export function compareFingerprints(
  allowed: ToolFingerprint,
  current: ToolFingerprint,
  toolLabel = 'This tool',
): ToolChange {
  const parts: ToolChange['parts'] = [];
  if (allowed.description !== current.description) parts.push('description');
  if (allowed.schema !== current.schema) parts.push('schema');
  if (!parts.length) return { changed: false, parts, summary: '' };
  const what = parts.map((part) =>
    part === 'description' ? 'its description' : 'its input schema',
  );
  return {
    changed: true,
    parts,
    summary: `${toolLabel} changed ${what.join(' and ')} since you allowed it; check it before it runs.`,
  };
}
