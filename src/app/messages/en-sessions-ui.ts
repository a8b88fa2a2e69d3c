/**
 * The English of the conversations list, Recently deleted and the conversation tree (see
 * ./en-ui.ts): loaded with those panels.
 */
import type { Formats } from './formats';

export const enSessionsUi = {
  label: 'Conversations',
  renameTitle: 'Rename conversation',
  titleLabel: 'Title',
  rename: 'Rename',
  deleteTitle: (title: string) => `Delete "${title}"?`,
  deleteText:
    'The conversation and all its messages, every branch included, will be deleted. Undo brings it back whole, and so does Restore under Recently deleted for 30 days.',
  deleteConversation: 'Delete conversation',
  search: 'Search conversations',
  searchPlaceholder: 'Search titles and messages',
  newChat: 'New chat',
  newAgent: 'New agent session',
  import: 'Import…',
  searching: 'Searching…',
  matching: (shown: string, total: string) => `${shown} of ${total} conversations match`,
  none: 'No conversations in this workspace yet.',
  agentSession: 'Agent session',
  chatSession: 'Chat session',
  agent: 'Agent',
  chat: 'Chat',
  star: 'Star',
  unstar: 'Unstar',
  starTitle: 'Star (keeps it on top)',
  moreActions: 'More actions',
  moreTitle: 'Duplicate, export, delete',
  actionsFor: (title: string) => `Actions for ${title}`,
  duplicate: 'Duplicate',
  exportMarkdown: 'Export as Markdown',
  exportJson: 'Export as JSON',
  delete: 'Delete…',
  branchOf: (title: string) => `Branch of "${title}"`,
  deleteForGoodTitle: (name: string) => `Delete "${name}" for good?`,
  deleteSessionForGood:
    'The conversation, its messages, traces and file checkpoints are deleted now and cannot be brought back.',
  deleteBranchForGood: 'The messages of this branch are deleted now and cannot be brought back.',
  deleteForGood: 'Delete for good',
  recentlyDeletedCount: (count: string) => `Recently deleted (${count})`,
  keptFor: 'Kept for 30 days after their delete, then deleted for good.',
  recentlyDeleted: 'Recently deleted',
  deletedForGoodOn: (day: string) => `Deleted for good on ${day}`,
  deletedMeta: (f: Formats, messages: number, when: string) =>
    `${f.plural(messages, { one: '# message', other: '# messages' })} · deleted ${when}`,
  restore: 'Restore',
  restoreName: (name: string) => `Restore ${name}`,
  deleteNow: 'Delete now',
  deleteNameNow: (name: string) => `Delete ${name} now`,
  treeReadFailed: 'Could not read the conversation tree',
  deleteBranchTitle: 'Delete this branch?',
  deleteBranchText: (label: string, count: string) =>
    `"${label}" and everything after it (${count} messages here, and every branch under them) will be deleted. The conversation then shows a neighbouring branch. Undo, or Restore under Recently deleted for 30 days, brings it back.`,
  deleteBranch: 'Delete branch',
  treeEntry: (f: Formats, label: string, count: number, shown: boolean) =>
    `${label} (${f.plural(count, { one: '# message', other: '# messages' })}${shown ? ', shown' : ''})`,
  tree: 'Conversation tree',
  treeHelp: 'Choose a branch to show its newest conversation. Highlighted: the one shown now.',
  treeEmpty: 'No messages in this conversation yet.',
};
