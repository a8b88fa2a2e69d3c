/** Offers bytes to the person as a download with the given file name. */
export function downloadBytes(
  name: string,
  bytes: Uint8Array,
  type = 'application/octet-stream',
): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start reading the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Opens the browser's file picker; resolves the chosen files (none when cancelled). */
export function pickFiles(options: {
  accept?: string;
  multiple?: boolean;
  folder?: boolean;
}): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    if (options.accept) input.accept = options.accept;
    input.multiple = options.multiple ?? false;
    if (options.folder) input.webkitdirectory = true;
    input.addEventListener('change', () => resolve([...(input.files ?? [])]), { once: true });
    input.addEventListener('cancel', () => resolve([]), { once: true });
    input.click();
  });
}
