/**
 * The English of the store's errors (src/store/store-errors.ts), from their params. The
 * workspace layer raises some of the same codes (`exists`, `missing`, `conflict`,
 * `backup-invalid`); their variants are here too (a workspace's name, a file to delete, …),
 * and an error without a `variant` gets the general sentence.
 */
import type { StoreErrorCode } from '../../store/store-errors';
import { text, type ErrorParams, type Wording } from './wording';

const RELOAD = 'Reload the page; if it keeps happening, export a backup in Settings.';

const variant = (p: ErrorParams) => text(p, 'variant');
const quoted = (p: ErrorParams, key: string) => `"${text(p, key) ?? ''}"`;

export const storeMessages = {
  conflict: (p) => {
    switch (variant(p)) {
      case 'file':
        return {
          message: `${quoted(p, 'path')} changed since it was read.`,
          hint: 'Reload it to see the new content, then apply your change again.',
        };
      case 'moving':
        return {
          message: `${quoted(p, 'path')} changed while moving.`,
          hint: 'Try the move again.',
        };
      default:
        return {
          message: 'This changed elsewhere (another tab) since it was read.',
          hint: 'Try again.',
        };
    }
  },
  exists: (p) => {
    switch (variant(p)) {
      case 'file':
        return {
          message: `${quoted(p, 'path')} already exists.`,
          hint: 'Choose another name, or delete the existing one first.',
        };
      case 'workspace':
        return {
          message: `A workspace named ${quoted(p, 'name')} already exists.`,
          hint: 'Choose another name.',
        };
      case 'conversation':
        return {
          message: 'This conversation, or some of its messages, is already stored.',
          hint: 'Nothing was changed. Import or copy it again to get new ids.',
        };
      case 'message':
        return { message: 'That message exists already.', hint: 'Reload the conversation.' };
      case 'trash-entry':
        return {
          message: 'That entry of Recently deleted exists already.',
          hint: 'Nothing was changed.',
        };
      case 'stored-again':
        return {
          message: `${quoted(p, 'title')}, or some of its messages, is stored again (an import or a backup brought it back).`,
          hint: 'Nothing was changed. Open the conversation that is there, or delete this entry now.',
        };
      default:
        return {
          message: 'Something with that name already exists.',
          hint: 'Choose another name.',
        };
    }
  },
  missing: (p) => {
    switch (variant(p)) {
      case 'file':
        return {
          message: `${quoted(p, 'path')} does not exist.`,
          hint: 'It may have been deleted or renamed; refresh and try again.',
        };
      case 'file-to-read':
        return {
          message: `${quoted(p, 'path')} does not exist.`,
          hint: 'Check the name in the file tree.',
        };
      case 'file-to-delete':
        return {
          message: `${quoted(p, 'path')} does not exist.`,
          hint: 'It may have been deleted already.',
        };
      case 'file-to-move':
        return {
          message: `${quoted(p, 'path')} does not exist.`,
          hint: 'It may have been moved or deleted; refresh the tree.',
        };
      case 'file-deleted':
        return {
          message: `${quoted(p, 'path')} was deleted meanwhile.`,
          hint: 'Save it under a name again to keep your text.',
        };
      case 'workspace':
        return {
          message: 'That workspace no longer exists.',
          hint: 'It may have been deleted in another tab.',
        };
      case 'conversation':
        return {
          message: 'This conversation was deleted.',
          hint: 'Start a new conversation; it may have been deleted in another tab.',
        };
      case 'checkpoint':
        return {
          message: `Checkpoint ${text(p, 'id') ?? ''} does not exist.`,
          hint: 'It may have been deleted with its conversation; reload the conversation.',
        };
      case 'checkpoint-content':
        return {
          message: `The saved content ${text(p, 'hash') ?? ''}… of a checkpoint is missing.`,
          hint: 'This checkpoint cannot be restored; an earlier or later one may still be.',
        };
      case 'trash-entry':
        return {
          message: 'This deleted item is no longer in Recently deleted.',
          hint: 'It was restored or deleted for good, perhaps in another tab.',
        };
      case 'branch-conversation':
        return {
          message: `The conversation ${quoted(p, 'title')} this branch belonged to is gone.`,
          hint:
            p['inTrash'] === true
              ? 'Restore the conversation first (it is in Recently deleted), then this branch.'
              : 'The branch cannot go back without its conversation; delete it now if you no longer need it.',
        };
      case 'branch-parent':
        return {
          message: `The message this branch followed in ${quoted(p, 'title')} is gone.`,
          hint: 'Restore the branch it was part of first, if it is in Recently deleted.',
        };
      default:
        return {
          message: 'That is gone; it may have been deleted in another tab.',
          hint: 'Choose another one.',
        };
    }
  },
  'backup-invalid': (p) => {
    const detail = text(p, 'detail');
    if (variant(p) === 'keys') {
      return {
        message: 'The encrypted keys in this backup are not in a form Cove knows.',
        hint: 'Nothing was changed. Restore without the keys, then enter them again in Settings.',
      };
    }
    if (variant(p) === 'archive') {
      return {
        message: `This file is not a usable Cove backup: ${detail ?? ''}.`,
        hint: 'Nothing was changed. Choose a file made by "Download backup".',
      };
    }
    return detail
      ? {
          message: `This backup is damaged or not a Cove backup: ${detail}.`,
          hint: 'Nothing was changed. Choose a file made by "Download backup".',
        }
      : { message: 'This backup cannot be restored.', hint: 'Choose a backup made by Cove.' };
  },
  'database-closed': () => ({
    message: 'Cove’s storage is closed in this tab (a newer version opened it elsewhere).',
    hint: 'Reload the tab to continue; your saved work is safe.',
  }),
  'old-version': () => ({
    message: 'A newer version of Cove has already updated this browser’s data.',
    hint: 'Reload the page to get the new version.',
  }),
  'secret-unreadable': () => ({
    message: 'A saved key can no longer be read: this browser lost the key that protected it.',
    hint: 'Enter the key again in Settings → Providers.',
  }),
  'storage-full': () => ({
    message: 'The browser has no room left for Cove, so nothing was saved.',
    hint: 'Free space: export and delete workspaces you no longer need, or clear other sites’ data, then try again.',
  }),
  'storage-unavailable': (p) => ({
    message: `Cove cannot open its storage${text(p, 'detail') ? `: ${text(p, 'detail')}` : '.'}`,
    hint: 'Private windows and some privacy settings block IndexedDB; open Cove in a normal window.',
  }),
  'write-failed': (p) => {
    const detail = text(p, 'detail');
    return detail
      ? {
          message: `Saving failed: ${detail}`,
          hint: 'Nothing was changed. Try again; if it keeps failing, download a backup from Settings.',
        }
      : { message: 'Cove could not save the change.', hint: RELOAD };
  },
} satisfies Record<StoreErrorCode, Wording>;
