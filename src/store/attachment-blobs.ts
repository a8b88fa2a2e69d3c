import type { Table } from 'dexie';
import { hashContent } from './blob-hash';
import type { CoveDatabase } from './dexie-database';
import type { NodeAttachment, NodeRecord } from './records';

/**
 * An attachment's large text (a document's text, a PDF's pages, a picture's data: URL) is
 * stored once in `attachmentBlobs`, keyed by the SHA-256 of that text, and the node keeps
 * the hash: the same file attached twice, a fork, a branch kept in Recently deleted, all
 * refer to one row. Above the store nodes always carry their text (hydrated on read).
 */
export interface AttachmentBlobRecord {
  hash: string;
  data: string;
}

/** Which of an attachment's fields are kept as blobs, and their hashes. */
export interface StoredAttachmentRefs {
  text?: string;
  source?: string;
  image?: string;
}

/** A stored attachment: its large fields emptied, their hashes in `stored`. */
type StoredAttachment = NodeAttachment & { stored?: StoredAttachmentRefs };

/** A stored node: `attachmentRefs` lists every blob it refers to (a multiEntry index). */
export type StoredNode = NodeRecord & { attachmentRefs?: string[] };

/** Shorter texts stay on the node: a blob row costs more than it saves. */
export const MIN_BLOB_CHARS = 1024;

const big = (value: string | undefined): value is string =>
  value !== undefined && value.length >= MIN_BLOB_CHARS;

/**
 * The rows to store for `nodes` and the blobs they refer to. Hashing is WebCrypto, so this
 * runs before the write's transaction opens (inside it, IndexedDB would commit early).
 */
export async function dehydrateNodes(
  nodes: readonly NodeRecord[],
): Promise<{ rows: StoredNode[]; blobs: AttachmentBlobRecord[] }> {
  const blobs = new Map<string, AttachmentBlobRecord>();
  const keep = async (data: string) => {
    const hash = await hashContent(data);
    blobs.set(hash, { hash, data });
    return hash;
  };
  const rows: StoredNode[] = [];
  for (const node of nodes) {
    if (!node.attachments?.some(hasBlobField)) {
      rows.push(node);
      continue;
    }
    const refs = new Set<string>();
    const attachments: StoredAttachment[] = [];
    for (const attachment of node.attachments) {
      if (!hasBlobField(attachment)) {
        attachments.push(attachment);
        continue;
      }
      const stored: StoredAttachmentRefs = {};
      const row: StoredAttachment = { ...attachment, stored };
      if (big(attachment.text)) {
        stored.text = await keep(attachment.text);
        row.text = '';
      }
      if (big(attachment.source)) {
        stored.source = await keep(attachment.source);
        row.source = '';
      }
      if (attachment.image && big(attachment.image.url)) {
        stored.image = await keep(attachment.image.url);
        row.image = { ...attachment.image, url: '' };
      }
      for (const hash of Object.values(stored)) refs.add(hash);
      attachments.push(row);
    }
    rows.push({ ...node, attachments, attachmentRefs: [...refs] });
  }
  return { rows, blobs: [...blobs.values()] };
}

function hasBlobField(attachment: NodeAttachment): boolean {
  return big(attachment.text) || big(attachment.source) || big(attachment.image?.url);
}

/**
 * Inside a write's transaction: adds the blobs not stored yet (a stored one is never
 * rewritten). Call it only with blobs: awaiting a helper that did no Dexie work would let
 * the transaction commit early.
 */
export async function putAttachmentBlobs(
  table: Table<AttachmentBlobRecord, string>,
  blobs: readonly AttachmentBlobRecord[],
): Promise<void> {
  const present = new Set(
    (await table
      .where('hash')
      .anyOf(blobs.map((blob) => blob.hash))
      .primaryKeys()) as string[],
  );
  const missing = blobs.filter((blob) => !present.has(blob.hash));
  if (missing.length) await table.bulkAdd(missing);
}

/** Every hash a stored node refers to. */
export function nodeBlobRefs(nodes: readonly StoredNode[]): string[] {
  return nodes.flatMap((node) => node.attachmentRefs ?? []);
}

/**
 * Nodes as the layers above read them: each stored attachment with its text back. A blob
 * that is missing (set aside, or removed by a sweep racing this read) leaves a line
 * saying so, never an exception.
 */
export async function hydrateNodes<T extends NodeRecord | undefined>(
  table: Table<AttachmentBlobRecord, string>,
  nodes: T[],
): Promise<T[]> {
  const hashes = [...new Set(nodeBlobRefs(nodes.filter(Boolean) as StoredNode[]))];
  if (!hashes.length) return nodes;
  const found = await table.bulkGet(hashes);
  const data = new Map(hashes.map((hash, i) => [hash, found[i]?.data]));
  const read = (hash: string) =>
    data.get(hash) ?? '[The stored content of this attachment is missing.]';
  return nodes.map((node) => {
    if (!node || !(node as StoredNode).attachmentRefs) return node;
    const { attachmentRefs: _refs, ...rest } = node as StoredNode;
    const attachments = rest.attachments?.map((attachment: StoredAttachment) => {
      const { stored, ...plain } = attachment;
      if (!stored) return plain;
      if (stored.text) plain.text = read(stored.text);
      if (stored.source) plain.source = read(stored.source);
      if (stored.image && plain.image) plain.image = { ...plain.image, url: read(stored.image) };
      return plain;
    });
    return { ...rest, ...(attachments ? { attachments } : {}) } as T;
  });
}

/**
 * Removes the blobs no stored node and no entry of Recently deleted refers to, in one
 * transaction of its own after a delete: a blob left a moment longer is harmless, and a
 * write that refers to a blob adds it again in its own transaction. Returns how many went.
 */
export async function sweepAttachmentBlobs(db: CoveDatabase): Promise<number> {
  return db.transaction('rw', [db.nodes, db.trash, db.attachmentBlobs], async () => {
    const stored = (await db.attachmentBlobs.toCollection().primaryKeys()) as string[];
    if (!stored.length) return 0;
    const used = new Set((await db.nodes.orderBy('attachmentRefs').uniqueKeys()) as string[]);
    await db.trash.each((entry) => {
      for (const hash of nodeBlobRefs(entry.nodes)) used.add(hash);
    });
    const unused = stored.filter((hash) => !used.has(hash));
    if (unused.length) await db.attachmentBlobs.bulkDelete(unused);
    return unused.length;
  });
}
