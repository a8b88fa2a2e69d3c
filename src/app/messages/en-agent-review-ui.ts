/**
 * The English of what an agent run asks and leaves to review (see ./en-ui.ts): the approval
 * of a tool call, the files it changed, committing them, a memory note it saved and the
 * rewind preview. Each part of the UI that shows these is lazily loaded and adds its area
 * as it loads (./english-areas.ts), so the first load does not carry these words.
 */
import type { Formats } from './formats';

export const enApprovalUi = {
  title: (tool: string) => `Approve ${tool}?`,
  wouldFail: (problem: string) => `As it stands this call would fail: ${problem}`,
  approve: 'Approve',
  approveSession: (tool: string) => `Approve ${tool} for this session`,
  reject: 'Reject…',
  stopTitle: 'Do not run it, and stop the run (as Stop under the message box)',
  rejectAndStop: 'Reject and stop',
  feedback: 'Feedback for the agent',
  feedbackPlaceholder:
    'What to do instead (optional). The agent reads this as the result of the call.',
  rejectWithFeedback: 'Reject with feedback',
  cancel: 'Cancel',
  code: 'Code to run',
  command: 'Command to run',
  commitMessage: 'Commit message',
  nothingToCommit: 'Nothing would be committed.',
  stagedDiff: 'Staged diff',
  address: 'Address to fetch',
  arguments: 'Arguments',
  unifiedDiff: 'Unified diff',
};

export const enChangedFilesUi = {
  label: 'Files changed by the agent',
  count: (f: Formats, files: number) =>
    f.plural(files, { one: '# file changed', other: '# files changed' }),
  changesTo: (path: string) => `Changes to ${path}`,
  created: 'new',
  deleted: 'deleted',
  openLabel: (path: string) => `Open ${path}`,
  open: 'Open',
  diffOf: (path: string) => `Diff of ${path}`,
  nothingLeft: 'Nothing left to review.',
  keepAllLabel: (path: string) => `Keep all changes to ${path}`,
  keepAll: 'Keep all',
  undoAllLabel: (path: string) => `Undo all changes to ${path}`,
  undoAll: 'Undo all',
};

export const enAgentCommitUi = {
  fromModel: 'Proposed by the model. Edit it as you like.',
  fromRun: 'Made from your request and the files (no model answered). Edit it as you like.',
  committed: (oid: string, subject: string) => `Committed ${oid}: ${subject}`,
  label: "Commit the agent's changes",
  open: "Commit the agent's changes…",
  message: 'Commit message',
  placeholder: 'Writing a message…',
  proposing: 'Writing a message for the changes…',
  cancel: 'Cancel',
  commit: (f: Formats, files: number) =>
    f.plural(files, { one: 'Commit # file', other: 'Commit # files' }),
};

export const enMemoryReceiptUi = {
  changedSince: (title: string) =>
    `“${title}” changed since it was saved here; edit it in Settings → Memory.`,
  userScope: 'your memory',
  workspaceScope: "this workspace's memory",
  label: (title: string) => `Saved to memory: ${title}`,
  undone: (title: string) => `Undone: this write of “${title}” was taken back.`,
  saved: 'Saved to memory:',
  view: 'View',
  undo: 'Undo',
  couldNotUndo: 'Could not undo',
  flagged: (source: string) =>
    `Flagged: saved after ${source} brought outside text into this run. Check it holds what you want remembered, not instructions from a file or page.`,
  note: (title: string) => `Note: ${title}`,
  gone: 'This note is no longer in memory.',
};

export const enRewindUi = {
  restore: 'Restore',
  delete: 'Delete',
  recreate: 'Recreate',
  restoreNote: 'goes back to its earlier content',
  deleteNote: 'did not exist then',
  recreateNote: 'was deleted since',
  title: 'Rewind to this message',
  nothing: 'The files are already as they were at this message; none will change.',
  files: (f: Formats, files: number) =>
    f.plural(files, {
      one: 'This file goes back to how it was at this message:',
      other: 'These # files go back to how they were at this message:',
    }),
  list: 'Files to rewind',
  byHandMark: ', changed by hand',
  unsavedMark: ', unsaved changes in the editor',
  byHand: 'Changed by hand after the agent wrote it: the rewind overwrites that change',
  unsaved: 'Open with unsaved changes: the editor keeps your text and shows the conflict',
  maybeByHand: 'May have been changed by hand (the agent’s turn did not finish)',
  byHandCount: (f: Formats, files: number) =>
    f.plural(files, {
      one: 'One file was changed by hand since the agent’s turn. Rewinding overwrites that work (Undo brings it back).',
      other:
        '# files were changed by hand since the agent’s turn. Rewinding overwrites that work (Undo brings it back).',
    }),
  hint: '“Rewind conversation and files” also takes the conversation back here (from your own message, to just before it, with its text back in the message box). The later messages stay in the conversation as a branch.',
  cancel: 'Cancel',
  conversationAndFiles: 'Rewind conversation and files',
  filesOnly: 'Rewind files',
};
