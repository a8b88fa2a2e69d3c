import type { ToolImage, ToolResult } from '../tools/tool';

/**
 * Maps an MCP tools/call result into Cove's ToolResult: text parts in order, images as
 * data: URLs (shown, and sent to models that can see), embedded resources and resource links
 * as text with their URI, structured content as JSON text, and the server's isError.
 * The shapes are read defensively: a server's result is untrusted input.
 */

/** The parts of an MCP CallToolResult this mapping reads. */
export interface McpCallResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
  /** The pre-2024-11 form some servers still send. */
  toolResult?: unknown;
}

/** Embedded resource text longer than this is cut, with a note; the loop caps the rest. */
const MAX_EMBEDDED_TEXT = 20_000;

/** The ToolResult for one MCP result. `toolName` labels images. */
export function mapCallToolResult(result: McpCallResult, toolName: string): ToolResult {
  const texts: string[] = [];
  const images: ToolImage[] = [];
  const content = Array.isArray(result.content) ? result.content : [];
  for (const item of content) {
    const text = describeContent(item, toolName, images);
    if (text) texts.push(text);
  }
  if (result.structuredContent !== undefined) {
    const json = JSON.stringify(result.structuredContent, null, 2);
    // Servers that send structured content usually repeat it as text; don't say it twice.
    if (!texts.some((t) => sameJson(t, result.structuredContent))) {
      texts.push(`Structured content:\n${json}`);
    }
  }
  if (!content.length && result.toolResult !== undefined) {
    texts.push(
      typeof result.toolResult === 'string' ? result.toolResult : JSON.stringify(result.toolResult),
    );
  }
  let text = texts.join('\n\n');
  if (!text)
    text = images.length
      ? `(${images.length} image${images.length > 1 ? 's' : ''})`
      : '(no content)';
  const mapped: ToolResult = { content: text };
  if (result.isError === true) mapped.isError = true;
  if (images.length) mapped.images = images;
  return mapped;
}

function sameJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

function describeContent(item: unknown, toolName: string, images: ToolImage[]): string {
  if (!item || typeof item !== 'object') return '';
  const part = item as Record<string, unknown>;
  switch (part.type) {
    case 'text':
      return typeof part.text === 'string' ? part.text : '';
    case 'image': {
      const mime = typeof part.mimeType === 'string' ? part.mimeType : 'image/png';
      if (typeof part.data !== 'string' || !/^image\/[\w.+-]+$/.test(mime)) {
        return '[An image the server sent could not be read.]';
      }
      images.push({
        url: `data:${mime};base64,${part.data}`,
        alt: `Image from ${toolName}`,
      });
      return '';
    }
    case 'audio':
      return `[Audio (${String(part.mimeType ?? 'unknown type')}) that Cove cannot play to the model.]`;
    case 'resource':
      return describeEmbeddedResource(part.resource);
    case 'resource_link': {
      const lines = [`Resource link: ${String(part.uri ?? '')}`];
      if (typeof part.name === 'string') lines.push(`Name: ${part.name}`);
      if (typeof part.mimeType === 'string') lines.push(`Type: ${part.mimeType}`);
      if (typeof part.description === 'string') lines.push(`Description: ${part.description}`);
      return lines.join('\n');
    }
    default:
      return `[Content of type “${String(part.type)}” that Cove does not show.]`;
  }
}

function describeEmbeddedResource(resource: unknown): string {
  if (!resource || typeof resource !== 'object') return '[An embedded resource without data.]';
  const r = resource as Record<string, unknown>;
  const header = `Resource ${String(r.uri ?? '')}${typeof r.mimeType === 'string' ? ` (${r.mimeType})` : ''}:`;
  if (typeof r.text === 'string') {
    const cut = r.text.length > MAX_EMBEDDED_TEXT;
    const body = cut
      ? `${r.text.slice(0, MAX_EMBEDDED_TEXT)}\n[… cut at ${MAX_EMBEDDED_TEXT} characters]`
      : r.text;
    return `${header}\n${body}`;
  }
  if (typeof r.blob === 'string') {
    // base64: 4 characters carry 3 bytes.
    const bytes = Math.floor((r.blob.length * 3) / 4);
    return `${header}\n[Binary data, about ${bytes} bytes, not shown.]`;
  }
  return `${header}\n[No content.]`;
}
