/**
 * A Word document (DOCX) as Markdown, with mammoth: headings, lists, emphasis, links and
 * tables' text kept; pictures left out. Pure over bytes so the composer's attachments and
 * the knowledge indexer read DOCX alike. Import lazily: mammoth is not for the first screen.
 */
import mammoth from 'mammoth';

/** What mammoth made of the document, and what it could not convert (said, not hidden). */
export interface DocxMarkdown {
  markdown: string;
  warnings: string[];
}

/** mammoth's Markdown writer: present in the package, missing from its type declarations. */
interface MarkdownConverter {
  convertToMarkdown(
    input: { arrayBuffer: ArrayBuffer; buffer: Uint8Array },
    options?: { convertImage?: unknown },
  ): Promise<{ value: string; messages: { type: string; message: string }[] }>;
}

/** An image becomes nothing: a data: URL of every picture would swamp the text. */
const dropImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

/** Throws when the bytes are not a DOCX (not a zip, or no word/document.xml in it). */
export async function docxToMarkdown(bytes: Uint8Array): Promise<DocxMarkdown> {
  const copy = new Uint8Array(bytes);
  // The browser build reads `arrayBuffer`, the Node build `buffer`: both name the same bytes.
  const result = await (mammoth as unknown as MarkdownConverter).convertToMarkdown(
    { arrayBuffer: copy.buffer, buffer: copy },
    { convertImage: dropImages },
  );
  const markdown = result.value
    // Pictures converted to nothing leave an empty image link behind.
    .replace(/!\[[^\]]*\]\(\)/g, '')
    // mammoth escapes every Markdown character ("Monday\\."); the text is for a model and
    // a person to read, not to render, and the escapes only add noise.
    .replace(/\\([\\`*_{}[\]()#+\-.!<>|])/g, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { markdown, warnings: result.messages.map((message) => message.message) };
}
