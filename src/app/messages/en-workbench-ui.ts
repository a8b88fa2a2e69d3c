/**
 * The English of the editor, the file tree, the zip import and the common dialogs (see
 * ./en-ui.ts): areas of the first screen.
 */
import type { Formats } from './formats';

export const enWorkbenchUi = {
  editor: {
    openFiles: 'Open files',
    unsaved: 'unsaved changes',
    unsavedTitle: 'Unsaved changes',
    close: (name: string) => `Close ${name}`,
    closeWithPath: (name: string, path: string) => `Close ${name} (${path})`,
    editor: 'Editor',
    conflict:
      'This file was changed elsewhere while you had unsaved edits. Which version do you want to keep?',
    useTheirs: 'Use the new version',
    keepMine: 'Keep my edits',
    deleted: 'This file was deleted elsewhere. Save to create it again, or close the tab.',
    saveAgain: 'Save again',
    readOnly: 'Read-only',
    download: 'Download',
    binaryIs: (f: Formats, bytes: number) =>
      ` is binary, ${f.plural(bytes, { one: '# byte', other: '# bytes' })}.`,
    binaryKept: 'Cove keeps binary files as they are and does not open them as text.',
    noFile: 'No file is open.',
    noFileHint: 'Choose a file on the left, or create one with “New file”.',
    formatTitle: 'Format with Ruff (Shift+Alt+F)',
    format: 'Format',
    saving: 'Saving…',
    saved: 'Saved',
    couldNotLoad: (reason: string) => `The editor could not load (${reason}). Reload the page.`,
    couldNotFormat: (path: string) => `Could not format ${path}`,
  },
  fileTree: {
    empty: 'No files yet. Create one, or drop files here.',
    label: 'Files',
    actionsFor: (name: string) => `Actions for ${name}`,
    binary: (f: Formats, bytes: number) =>
      `binary, ${f.plural(bytes, { one: '# byte', other: '# bytes' })}`,
  },
  dialogs: {
    cancel: 'Cancel',
  },
  zipImport: {
    label: 'Zip import',
    progress: 'Zip import progress',
    opening: 'Opening the zip…',
    unpacking: (done: string, total: string) => `Unpacking ${done} of ${total} entries…`,
    importing: (done: string, total: string) => `Importing ${done} of ${total} files and folders…`,
    cancel: 'Cancel',
    cancelling: 'Cancelling…',
  },
};
