/**
 * An in-memory stand-in for an OPFS directory: the few calls the model file store makes
 * (getDirectoryHandle, getFileHandle, createWritable, getFile, removeEntry, keys). A
 * writable's bytes reach the file only on close, as in browsers; `files` shows what a
 * person's disk would hold.
 */
export class FakeDirectory {
  readonly files = new Map<string, Uint8Array>();
  private readonly directories = new Map<string, FakeDirectory>();

  getDirectoryHandle(name: string): Promise<FakeDirectory> {
    let dir = this.directories.get(name);
    if (!dir) this.directories.set(name, (dir = new FakeDirectory()));
    return Promise.resolve(dir);
  }

  getFileHandle(name: string, options: { create?: boolean } = {}) {
    if (!this.files.has(name)) {
      if (!options.create) return Promise.reject(new DOMException(name, 'NotFoundError'));
      this.files.set(name, new Uint8Array(0));
    }
    const files = this.files;
    return Promise.resolve({
      getFile: () => Promise.resolve(new File([files.get(name) as BlobPart], name)),
      createWritable: () => {
        const parts: Uint8Array[] = [];
        return Promise.resolve({
          write: (data: Uint8Array | string) => {
            parts.push(typeof data === 'string' ? new TextEncoder().encode(data) : data);
            return Promise.resolve();
          },
          close: async () => {
            files.set(name, new Uint8Array(await new Blob(parts as BlobPart[]).arrayBuffer()));
          },
          abort: () => Promise.resolve(),
        });
      },
    });
  }

  removeEntry(name: string): Promise<void> {
    if (!this.files.delete(name)) return Promise.reject(new DOMException(name, 'NotFoundError'));
    return Promise.resolve();
  }

  async *keys(): AsyncGenerator<string> {
    for (const name of [...this.files.keys()]) yield name;
  }

  /** As the store's root (`navigator.storage.getDirectory`). */
  asRoot(): () => Promise<FileSystemDirectoryHandle> {
    return () => Promise.resolve(this as unknown as FileSystemDirectoryHandle);
  }
}
