/** The Simplified Chinese of ./en-workbench-ui.ts. */
import type { UiCatalog } from './catalog';
import type { Formats } from './formats';

export const zhWorkbenchUi = {
  editor: {
    openFiles: '已打开的文件',
    unsaved: '有未保存的更改',
    unsavedTitle: '有未保存的更改',
    close: (name: string) => `关闭 ${name}`,
    closeWithPath: (name: string, path: string) => `关闭 ${name}（${path}）`,
    editor: '编辑器',
    conflict: '你有未保存的编辑时，此文件在别处被修改了。要保留哪个版本？',
    useTheirs: '使用新版本',
    keepMine: '保留我的编辑',
    deleted: '此文件已在别处被删除。保存可重新创建它，或关闭此标签页。',
    saveAgain: '重新保存',
    readOnly: '只读',
    download: '下载',
    binaryIs: (f: Formats, bytes: number) =>
      ` 是二进制文件，${f.plural(bytes, { other: '# 字节' })}。`,
    binaryKept: 'Cove 原样保存二进制文件，不会以文本方式打开。',
    noFile: '没有打开的文件。',
    noFileHint: '在左侧选择一个文件，或用“新建文件”创建一个。',
    formatTitle: '用 Ruff 格式化（Shift+Alt+F）',
    format: '格式化',
    saving: '正在保存…',
    saved: '已保存',
    couldNotLoad: (reason: string) => `编辑器无法加载（${reason}）。请重新加载页面。`,
    couldNotFormat: (path: string) => `无法格式化 ${path}`,
  },
  fileTree: {
    empty: '还没有文件。新建一个，或把文件拖到这里。',
    label: '文件',
    actionsFor: (name: string) => `${name} 的操作`,
    binary: (f: Formats, bytes: number) => `二进制文件，${f.plural(bytes, { other: '# 字节' })}`,
  },
  dialogs: {
    cancel: '取消',
  },
  zipImport: {
    label: 'Zip 导入',
    progress: 'Zip 导入进度',
    opening: '正在打开 zip 文件…',
    unpacking: (done: string, total: string) => `正在解压第 ${done} / ${total} 项…`,
    importing: (done: string, total: string) => `正在导入文件和文件夹：${done} / ${total}…`,
    cancel: '取消',
    cancelling: '正在取消…',
  },
} satisfies Pick<UiCatalog, 'editor' | 'fileTree' | 'dialogs' | 'zipImport'>;
