/**
 * The files attached in the composer before the message is sent: each is read (in the
 * background: typing goes on) into the attachment the message stores, shown as a chip
 * meanwhile, and removable. A refused file is told in a notice that names the limit.
 * The same file attached twice (same bytes) stays one attachment.
 */
import { createSignal } from 'solid-js';
import type { PickedFile } from '../../app/file-attachment-reader';
import type { AppServices } from '../../app/services';
import { retryingImport } from '../../base/retrying-import';
import { sharedDocumentReader } from '../common/document-reader';
import type { NodeAttachment } from '../../store/records';

// Reading files is loaded at the first attachment: the first screen does without it.
const loadReader = retryingImport(async () => {
  const [reader, images, documents] = await Promise.all([
    import('../../app/file-attachment-reader'),
    import('./image-downscale'),
    sharedDocumentReader(),
  ]);
  return { ...reader, readers: { downscale: images.downscaleImage, documents } };
});

/** A file being read, or read. */
export interface ComposerFile {
  id: number;
  name: string;
  attachment?: NodeAttachment;
}

function picked(file: File, name: string): PickedFile {
  return {
    name,
    type: file.type,
    size: file.size,
    bytes: async () => new Uint8Array(await file.arrayBuffer()),
  };
}

export function createFileAttachments(services: Pick<AppServices, 'notices'>) {
  const [files, setFiles] = createSignal<readonly ComposerFile[]>([]);
  let ids = 0;
  const without = (id: number) => setFiles((all) => all.filter((entry) => entry.id !== id));

  async function add(list: readonly File[], pasted: boolean) {
    let reader: Awaited<ReturnType<typeof loadReader>>;
    try {
      reader = await loadReader();
    } catch (error) {
      services.notices.error(error, 'Files cannot be attached: a part of Cove did not load');
      return;
    }
    // Every pasted screenshot is "image.png": a name with the time tells them apart.
    const named = list.map((file) => ({
      file,
      id: ++ids,
      name:
        pasted && /^image\.\w+$/.test(file.name)
          ? reader.pastedName(file.type, new Date())
          : file.name,
    }));
    // All show at once as "reading…"; each is counted against the limit in this order.
    const before = files().length;
    setFiles((all) => [...all, ...named.map(({ id, name }) => ({ id, name }))]);
    await Promise.all(
      named.map(async ({ file, id, name }, i) => {
        const outcome = await reader.readFileAttachment(
          picked(file, name),
          before + i,
          reader.readers,
        );
        if (!files().some((entry) => entry.id === id)) return; // removed while it was read
        if (outcome.status === 'refused') {
          without(id);
          services.notices.error(outcome.error, 'Not attached');
          return;
        }
        const { attachment } = outcome;
        const hash = attachment.file?.hash;
        if (files().some((entry) => entry.attachment?.file?.hash === hash)) return without(id);
        setFiles((all) => all.map((entry) => (entry.id === id ? { ...entry, attachment } : entry)));
      }),
    );
  }

  return {
    files,
    add: (list: readonly File[], pasted = false) => void add(list, pasted),
    /** True while a file is still being read (the message waits for it). */
    reading: () => files().some((entry) => !entry.attachment),
    attachments: (): NodeAttachment[] =>
      files().flatMap((entry) => (entry.attachment ? [entry.attachment] : [])),
    remove: (attachment: NodeAttachment) =>
      setFiles((all) => all.filter((entry) => entry.attachment !== attachment)),
    removeReading: without,
    clear: () => setFiles([]),
  };
}

export type FileAttachments = ReturnType<typeof createFileAttachments>;
