/** The Simplified Chinese of Settings → Storage and the passphrase dialog. */
import type { UiCatalog } from './catalog';
import type { Formats } from './formats';

export const zhStorageSettingsUi = {
  usage: {
    files: (f: Formats, n: number) => f.plural(n, { other: '# 个文件和文件夹' }),
    conversations: (f: Formats, n: number) => f.plural(n, { other: '# 个对话' }),
    runs: (f: Formats, n: number) => f.plural(n, { other: '# 条运行轨迹' }),
    checkpoints: (f: Formats, n: number) => f.plural(n, { other: '# 个检查点' }),
    versions: (f: Formats, n: number) => f.plural(n, { other: '# 个已存文件版本' }),
    messages: (f: Formats, n: number) => f.plural(n, { other: '# 条消息' }),
    amount: (what: string, size: string) => `${what}（${size}）`,
    checkpointsOver: (checkpoints: string, versions: string, size: string) =>
      `${checkpoints}，涉及 ${versions}（${size}）`,
    empty: '空',
    countFailed: '无法统计 Cove 存储的内容',
    openFailed: '无法打开工作区',
    deleteQuestion: (title: string) => `删除“${title}”？`,
    deleteText:
      '该对话及其所有消息（包括每个分支）都将被删除。随后的通知中有“撤销”，可将其完整恢复。',
    deleteConversation: '删除对话',
    workspaces: '工作区',
    workspacesHelp:
      '大小统计的是 Cove 为每个工作区保存的文件和文本，从大到小排列；上方浏览器的总用量还包含其自身的管理数据。',
    counting: '正在统计…',
    open: '已打开',
    openWorkspace: (name: string) => `打开工作区 ${name}`,
    openButton: '打开',
    unreferenced: (versions: string, size: string) =>
      `未被任何检查点使用：${versions}（${size}）。`,
    conversationsIn: (workspace: string) => `“${workspace}”中的对话`,
    noConversations: '此工作区中没有对话。',
    openConversation: (title: string) => `打开对话 ${title}`,
    deleteConversationOf: (title: string) => `删除对话 ${title}`,
    delete: '删除',
  },
  setAside: {
    deleteAllQuestion: (f: Formats, n: number) =>
      f.plural(n, { other: '删除全部 # 行已隔离的数据？' }),
    deleteOneQuestion: (row: string) => `删除 ${row} 的已隔离行？`,
    deleteText:
      'Cove 保留了无法读取的内容，方便你查看或手动恢复。删除后将永久消失；如果可能还需要，请先导出。',
    deleteAll: '全部删除',
    deleteRow: '删除此行',
    deleteFailed: '无法删除已隔离的行',
    heading: '已隔离',
    empty: '没有隔离任何内容：Cove 目前读取的每一行都完好。',
    intro:
      'Cove 在读取这些行时发现它们已损坏。它把它们排除在外，让其余部分可以打开，并在此按原样保留。',
    list: '已隔离的行',
    when: (time: string) => `隔离于 ${time}`,
    exportRow: (row: string) => `导出 ${row}`,
    export: '导出',
    deleteRowOf: (row: string) => `删除 ${row}`,
    delete: '删除',
    exportAll: '导出所有已隔离的行',
    deleteAllButton: '删除所有已隔离的行…',
  },
  passphrase: {
    sealing: '正在用口令加密密钥（故意放慢：这样猜测口令也会变慢）…',
    opening: '正在用口令打开密钥（故意放慢：这样猜测口令也会变慢）…',
    tooShort: (min: string) => `口令至少需要 ${min} 个字符。`,
    differ: '两次输入的口令不一致；请输入相同的口令两次。',
    empty: '请输入口令。',
    passphrase: '口令',
    repeat: '再次输入口令',
    cancel: '取消',
  },
} satisfies UiCatalog['storageSettings'];
