/**
 * The English of the layers that still word their own errors where they throw them (the
 * workspace): such an error carries its sentences, and describeError
 * shows those. These entries make the catalog complete, so
 * moving a layer here means replacing its entry's sentence with one built from params.
 */
import type { WorkspaceErrorCode } from '../../workspace/workspace-errors';
import { storeMessages } from './store-messages';
import type { Wording } from './wording';

const says =
  (message: string, hint = ''): Wording =>
  () => ({ message, hint });

/**
 * The workspace's codes; those it shares with the store (its union includes the store's)
 * are worded in ./store-messages.ts.
 */
export const workspaceMessages = {
  ...storeMessages,
  'bad-name': says('That name cannot be used.', 'Choose another name.'),
  'bad-path': says('That path cannot be used in a workspace.', 'Use a relative path without “..”.'),
  'is-folder': says('That is a folder, not a file.', 'Choose a file.'),
  'not-a-folder': says('That is a file, not a folder.', 'Choose a folder.'),
  'move-into-itself': says('A folder cannot be moved into itself.', 'Choose another place.'),
  'too-large': says('That file is too large for a workspace.', 'Use a smaller file.'),
  'wrong-workspace': says(
    'That belongs to another workspace than the open one.',
    'Open its workspace first.',
  ),
  'zip-damaged': says('The zip file is damaged.', 'Make the zip file again.'),
  'zip-too-large': says('The zip file is too large to import.', 'Import a smaller part of it.'),
  'zip-import-failed': says('The zip import stopped.', 'Try again.'),
  'backup-newer': says(
    'This backup was made by a newer version of Cove.',
    'Reload the page to update Cove.',
  ),
} satisfies Record<WorkspaceErrorCode, Wording>;
