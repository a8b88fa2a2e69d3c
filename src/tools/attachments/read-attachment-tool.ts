import type { NodeAttachment } from '../../store/records';
import type { Tool, ToolContext, ToolResult } from '../tool';
import { documentBody, parsePageRange, splitPages } from './attachment-pages';

/** The files attached to the current conversation's messages, as read_attachment finds them. */
export interface AttachmentToolHost {
  /** Every attachment of the session's messages, oldest first. */
  list(): Promise<readonly NodeAttachment[]>;
}

/** What read_attachment uses. Absent `attachments`: nothing is attached anywhere. */
export interface AttachmentToolContext extends ToolContext {
  attachments?: AttachmentToolHost;
}

export type ReadAttachmentArgs = { name: string; pages?: string; offset?: number };

/** Characters served per call when the loop states no cap (it cuts longer results). */
const DEFAULT_CAP = 10_000;

function names(all: readonly NodeAttachment[]): string {
  const unique = [...new Set(all.map((attachment) => attachment.name))];
  return unique.length ? `Attached here: ${unique.join(', ')}.` : 'Nothing is attached here.';
}

/** The pages `range` names, each behind its page line, within `cap` characters. */
function readPages(text: string, name: string, range: string, cap: number): ToolResult {
  const pages = splitPages(text);
  const last = Math.max(0, ...pages.keys());
  const wanted = parsePageRange(range, last);
  if (!wanted || wanted.from > last) {
    return {
      content: `"${range}" is not a page range of ${name}, which has ${last} pages. Write it as "3", "2-5" or "4-".`,
      isError: true,
    };
  }
  let out = '';
  for (let page = wanted.from; page <= wanted.to; page++) {
    const next = `--- page ${page} ---\n${pages.get(page) ?? ''}\n`;
    if (out && out.length + next.length > cap - 100) {
      return {
        content: `${out}[Stopped before page ${page} to stay within the result limit: ask for pages "${page}-${wanted.to}" next.]`,
      };
    }
    out += next;
  }
  return { content: out.trimEnd() };
}

/** A stretch of a text from `offset`, within `cap` characters, saying where to go on. */
function readText(text: string, offset: number, cap: number): ToolResult {
  if (offset >= text.length && text.length > 0) {
    return {
      content: `offset ${offset} is past the end (${text.length} characters).`,
      isError: true,
    };
  }
  // Room is left for the closing line, so the loop's own cut never takes it.
  const part = text.slice(offset, offset + Math.max(1, cap - 100));
  const end = offset + part.length;
  const more =
    end < text.length
      ? `\n[Characters ${offset}-${end} of ${text.length}: read on with offset ${end}.]`
      : '';
  return { content: `${part}${more}` };
}

/**
 * read_attachment: a file attached to a message of this conversation, read again by name
 * (a PDF by pages), so a long document need not ride in every request and survives a
 * compaction. Read-only.
 */
export const readAttachmentTool: Tool<ReadAttachmentArgs, AttachmentToolContext> = {
  name: 'read_attachment',
  needs: 'attachments',
  description:
    'Read a file the user attached to a message of this conversation (a PDF, a Word document, a text file or a picture) by its name. For a PDF give a page range ("3", "2-5", "4-"); for other text an optional character offset to read on from. Read-only.',
  parameters: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, description: 'The attachment name, e.g. "paper.pdf".' },
      pages: { type: 'string', description: 'PDF pages: "3", "2-5" or "4-" (to the end).' },
      offset: { type: 'integer', minimum: 0, description: 'Character to start at (not PDFs).' },
    },
    required: ['name'],
    additionalProperties: false,
  },
  approval: 'read',
  promptHint:
    'Files the user attached can be read again with read_attachment (a PDF by page range) when they are not all in the conversation.',
  summarize: (args) =>
    typeof args['name'] === 'string'
      ? `${args['name']}${typeof args['pages'] === 'string' ? ` pages ${args['pages']}` : ''}`
      : '',
  async execute(args, context) {
    const all = (await context.attachments?.list()) ?? [];
    // The newest attachment of that name: a file attached again replaces the older one.
    const found = all.filter((attachment) => attachment.name === args.name).at(-1);
    if (!found) {
      return { content: `No attachment is named "${args.name}". ${names(all)}`, isError: true };
    }
    const cap = context.resultCap ?? DEFAULT_CAP;
    if (found.image) {
      const { width, height, url } = found.image;
      return {
        content: `${found.name}: a picture of ${width}×${height} pixels.`,
        images: [{ url, alt: found.name }],
      };
    }
    const text = found.source ?? documentBody(found.text);
    if (found.file?.kind === 'pdf') {
      if (found.file.scanned) {
        return { content: `${found.name} has no text layer (scanned, no text).`, isError: true };
      }
      return readPages(text, found.name, args.pages ?? '1-', cap);
    }
    return readText(text, args.offset ?? 0, cap);
  },
};
