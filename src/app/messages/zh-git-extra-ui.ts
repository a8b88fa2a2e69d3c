/** Chinese of a merge's conflicts (./en-git-extra-ui.ts). */
import type { UiCatalog } from './catalog';

export const zhGitExtraUi = {
  conflictActions: '解决此冲突',
  acceptCurrent: '采用当前',
  acceptCurrentTitle: '保留本分支的行（<<<<<<< 与 ======= 之间）',
  acceptIncoming: '采用传入',
  acceptIncomingTitle: '保留拉取来的行（======= 与 >>>>>>> 之间）',
  acceptBoth: '两者都采用',
  acceptBothTitle: '保留两侧，本分支的在前',
  merging: '正在合并',
  mergingText: (count: number) =>
    count
      ? `${count} 个文件有冲突：在编辑器中逐个解决，然后暂存。`
      : '所有冲突都已解决：提交以完成合并。',
  abortMerge: '中止合并',
  abortMergeTitle: '将 HEAD、暂存区和工作区文件恢复到拉取之前',
  abortConfirm: '中止合并？有冲突的文件将恢复为本分支的最新提交；拉取后对它们的修改会丢失。',
  abortFailed: '无法中止合并',
  exportWithHistory: '下载为包含历史的 .zip',
  exportWithHistoryTitle:
    '工作区的文件及其 .git 文件夹，压缩包即是包含全部提交的此仓库（“文件”中的导出 zip 不含 .git）',
} satisfies UiCatalog['gitExtra'];
