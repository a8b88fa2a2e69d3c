/**
 * What a mention in the composer attaches to the message: a file's text as it was when
 * sent (so the conversation reads the same later), a folder's tree, or a Python symbol's
 * source lines with where they are. Pure: the caller reads the workspace (and finds the
 * symbol in it) and passes what it read. Each result is a {@link NodeAttachment}: `text` is what the model receives, `name`
 * the chip's label.
 */
import type { FileMeta, NodeAttachment } from '../store/records';
import { renderTreeListing } from '../workspace/tree-listing';
import type { SymbolContext } from './chat-prompt';
import { capAttachmentText } from './message-attachments';

/** Entries a folder mention lists at most; the listing counts the rest in a closing line. */
export const FOLDER_MENTION_ENTRIES = 500;
/** Levels of a folder mention's tree; deeper folders show how much they hold. */
export const FOLDER_MENTION_DEPTH = 8;

/** Attribute-safe text for the tags around an attachment (paths may hold quotes). */
const quoted = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Wraps `body` in a tag naming where it came from; a cut is said in the tag too. */
function tagged(tag: string, attributes: Record<string, string>, body: string, note?: string) {
  const all = note ? { ...attributes, cut: note } : attributes;
  const attrs = Object.entries(all)
    .map(([key, value]) => ` ${key}="${quoted(value)}"`)
    .join('');
  return `<${tag}${attrs}>\n${body}\n</${tag}>`;
}

/** A file mention: its whole text, cut only at the attachment limit (and then saying so). */
export function fileMention(path: string, content: string): NodeAttachment {
  const capped = capAttachmentText(content);
  return {
    name: path,
    text: tagged('file', { path }, capped.text, capped.note),
    ...(capped.note ? { note: capped.note } : {}),
  };
}

/**
 * A folder mention: the indented tree of what the folder holds (files with their sizes),
 * from the workspace listing. `folder` is a normalized path ('' for the workspace root).
 */
export function folderMention(folder: string, entries: readonly FileMeta[]): NodeAttachment {
  const listing = renderTreeListing(entries, {
    root: folder,
    depth: FOLDER_MENTION_DEPTH,
    maxEntries: FOLDER_MENTION_ENTRIES,
  });
  const name = folder ? `${folder}/` : './';
  const summary = `${listing.files} ${listing.files === 1 ? 'file' : 'files'}, ${listing.folders} ${listing.folders === 1 ? 'folder' : 'folders'}`;
  const body = listing.text || '(empty folder)';
  const capped = capAttachmentText(body);
  const note =
    listing.shown < listing.files + listing.folders
      ? `${listing.shown} of ${listing.files + listing.folders} entries listed`
      : capped.note;
  return {
    name,
    text: tagged('folder', { path: name, holds: summary }, capped.text, note),
    ...(note ? { note } : {}),
  };
}

/**
 * A symbol mention: the source lines of the Python function or class `found` in `path`
 * (python-definitions.ts finds it), labelled `path:start-end`.
 */
export function symbolMention(path: string, found: SymbolContext): NodeAttachment {
  const { name } = found;
  const lines = `${found.startLine}-${found.endLine}`;
  const capped = capAttachmentText(found.source);
  return {
    name: `${path}:${found.startLine} ${name}`,
    text: tagged(
      'symbol',
      { path, lines, name, kind: found.kind },
      `${path}:${found.startLine}\n${capped.text}`,
      capped.note,
    ),
    ...(capped.note ? { note: capped.note } : {}),
  };
}
