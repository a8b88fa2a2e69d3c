/**
 * The English of a merge's conflicts (see ./en-ui.ts): the editor's actions on each
 * conflicted region and the Git panel's merge bar. Loaded with the editor or the Git panel.
 */
export const enGitExtraUi = {
  conflictActions: 'Resolve this conflict',
  acceptCurrent: 'Accept current',
  acceptCurrentTitle: 'Keep this branch’s lines (between <<<<<<< and =======)',
  acceptIncoming: 'Accept incoming',
  acceptIncomingTitle: 'Keep the pulled lines (between ======= and >>>>>>>)',
  acceptBoth: 'Accept both',
  acceptBothTitle: 'Keep both sides, this branch’s first',
  merging: 'Merging',
  mergingText: (count: number) =>
    count
      ? `${count} conflicted ${count === 1 ? 'file' : 'files'}: resolve each in the editor, then stage it.`
      : 'Every conflict is resolved: commit to finish the merge.',
  abortMerge: 'Abort merge',
  abortMergeTitle:
    'Put HEAD, the staged files and the working files back as they were before the pull',
  abortConfirm:
    'Abort the merge? The conflicted files go back to this branch’s last commit; edits made to them since the pull are lost.',
  abortFailed: 'Could not abort the merge',
  exportWithHistory: 'Download as .zip with history',
  exportWithHistoryTitle:
    'The workspace’s files and its .git folder, so the archive is this repository with every commit (Export zip in Files leaves .git out)',
};
