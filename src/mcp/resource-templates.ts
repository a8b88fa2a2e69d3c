import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import type { McpConnection } from './mcp-connection';
import { mcpError } from './mcp-error-codes';

/**
 * A server's resource templates (resources/templates/list): URIs with variables (RFC 6570)
 * that the person fills in to name one resource, e.g. `demo://text/{id}`. Loaded with the
 * SDK (its RFC 6570 parser), never on the first screen.
 */

/** One variable of a template, as the composer's form asks for it. */
export interface TemplateVariable {
  name: string;
  /**
   * False for query-style variables (`{?q}`, `{&page}`), which a URI can leave out; a
   * path segment left empty would name another resource, so those are required.
   */
  required: boolean;
}

/** A resource template with the variables its form asks for. */
export interface McpResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  variables: TemplateVariable[];
}

/** resources/templates/list, all pages; a template whose URI cannot be parsed is left out. */
export async function listResourceTemplates(
  connection: McpConnection,
  signal?: AbortSignal,
): Promise<McpResourceTemplate[]> {
  const all: McpResourceTemplate[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await connection.request(
      (client, sdk) => client.listResourceTemplates(cursor ? { cursor } : undefined, sdk),
      { signal },
    );
    for (const template of page.resourceTemplates) {
      const described = describeTemplate(template);
      if (described) all.push(described);
    }
    cursor = page.nextCursor;
    // A server that hands back a cursor it already gave would loop forever.
    if (cursor !== undefined && seen.has(cursor)) break;
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor && all.length < 10_000);
  return all;
}

/** The template with its variables, or undefined when its URI template is malformed. */
export function describeTemplate(template: ResourceTemplate): McpResourceTemplate | undefined {
  let parsed: UriTemplate;
  try {
    parsed = new UriTemplate(template.uriTemplate);
  } catch {
    return undefined;
  }
  const optional = optionalNames(template.uriTemplate);
  return {
    uriTemplate: template.uriTemplate,
    name: template.name,
    ...(template.title ? { title: template.title } : {}),
    ...(template.description ? { description: template.description } : {}),
    ...(template.mimeType ? { mimeType: template.mimeType } : {}),
    variables: [...new Set(parsed.variableNames)].map((name) => ({
      name,
      required: !optional.has(name),
    })),
  };
}

/**
 * The URI the person's values name. Values are trimmed; a required variable left empty
 * throws CoveError `mcp-template-values` naming it, and empty optional ones are left out.
 */
export function expandTemplate(
  template: McpResourceTemplate,
  values: Readonly<Record<string, string>>,
): string {
  const filled: Record<string, string> = {};
  const missing: string[] = [];
  for (const variable of template.variables) {
    const value = (values[variable.name] ?? '').trim();
    if (value) filled[variable.name] = value;
    else if (variable.required) missing.push(variable.name);
  }
  if (missing.length) {
    throw mcpError('mcp-template-values', {
      template: template.title ?? template.name,
      missing: missing.join(', '),
    });
  }
  return new UriTemplate(template.uriTemplate).expand(filled);
}

/** Names in query expressions (`{?a,b}`, `{&c}`): a URI without them is still whole. */
function optionalNames(uriTemplate: string): Set<string> {
  const names = new Set<string>();
  for (const match of uriTemplate.matchAll(/\{[?&]([^}]*)\}/g)) {
    for (const name of match[1]!.split(',')) names.add(name.replace(/\*|:\d+$/g, '').trim());
  }
  return names;
}
