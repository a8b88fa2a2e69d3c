/**
 * The English of Settings → Storage (what each workspace holds, rows set aside) and of the
 * passphrase dialog. Loaded with the Settings dialog (./english-areas.ts).
 */
import type { Formats } from './formats';

export const enStorageSettingsUi = {
  usage: {
    files: (f: Formats, n: number) =>
      f.plural(n, { one: '# file or folder', other: '# files and folders' }),
    conversations: (f: Formats, n: number) =>
      f.plural(n, { one: '# conversation', other: '# conversations' }),
    runs: (f: Formats, n: number) => f.plural(n, { one: '# run trace', other: '# run traces' }),
    checkpoints: (f: Formats, n: number) =>
      f.plural(n, { one: '# checkpoint', other: '# checkpoints' }),
    versions: (f: Formats, n: number) =>
      f.plural(n, { one: '# stored file version', other: '# stored file versions' }),
    messages: (f: Formats, n: number) => f.plural(n, { one: '# message', other: '# messages' }),
    /** "12 files (3.4 KB)". */
    amount: (what: string, size: string) => `${what} (${size})`,
    checkpointsOver: (checkpoints: string, versions: string, size: string) =>
      `${checkpoints} over ${versions} (${size})`,
    empty: 'Empty',
    countFailed: 'Could not count what Cove stores',
    openFailed: 'Could not open the workspace',
    deleteQuestion: (title: string) => `Delete "${title}"?`,
    deleteText:
      'The conversation and all its messages, every branch included, will be deleted. The notice that follows has Undo, which brings it back whole.',
    deleteConversation: 'Delete conversation',
    workspaces: 'Workspaces',
    workspacesHelp:
      'Sizes count the files and the text Cove keeps for each, biggest first; the browser’s total above also counts its own bookkeeping.',
    counting: 'Counting…',
    open: 'open',
    openWorkspace: (name: string) => `Open workspace ${name}`,
    openButton: 'Open',
    unreferenced: (versions: string, size: string) =>
      `Not used by any checkpoint: ${versions} (${size}).`,
    conversationsIn: (workspace: string) => `Conversations in “${workspace}”`,
    noConversations: 'No conversations in this workspace.',
    openConversation: (title: string) => `Open conversation ${title}`,
    deleteConversationOf: (title: string) => `Delete conversation ${title}`,
    delete: 'Delete',
  },
  setAside: {
    deleteAllQuestion: (f: Formats, n: number) =>
      f.plural(n, { one: 'Delete the # set-aside row?', other: 'Delete all # set-aside rows?' }),
    deleteOneQuestion: (row: string) => `Delete the set-aside row of ${row}?`,
    deleteText:
      'Cove kept what it could not read so you could look at it or recover it by hand. Deleted, it is gone for good; export it first if you may need it.',
    deleteAll: 'Delete all',
    deleteRow: 'Delete row',
    deleteFailed: 'Could not delete the set-aside row',
    heading: 'Set aside',
    empty: 'Nothing was set aside: every row Cove has read so far was sound.',
    intro:
      'Cove found these rows damaged when it read them. It left them out so the rest could open, and kept them here exactly as they were stored.',
    list: 'Rows set aside',
    when: (time: string) => `Set aside ${time}`,
    exportRow: (row: string) => `Export ${row}`,
    export: 'Export',
    deleteRowOf: (row: string) => `Delete ${row}`,
    delete: 'Delete',
    exportAll: 'Export all set-aside rows',
    deleteAllButton: 'Delete all set-aside rows…',
  },
  passphrase: {
    sealing:
      'Encrypting the keys with the passphrase (slow on purpose: it makes guessing slow too)…',
    opening: 'Opening the keys with the passphrase (slow on purpose: it makes guessing slow too)…',
    tooShort: (min: string) => `The passphrase needs at least ${min} characters.`,
    differ: 'The two passphrases differ; type the same twice.',
    empty: 'Type the passphrase.',
    passphrase: 'Passphrase',
    repeat: 'Repeat the passphrase',
    cancel: 'Cancel',
  },
};
