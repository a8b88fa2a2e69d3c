/** The Simplified Chinese of Knowledge, Logs, Preview and Search (the keys of ./en-panels-ui.ts). */
import type { UiCatalog } from './catalog';
import type { Formats } from './formats';

export const zhKnowledgeUi = {
  label: '知识库',
  intro:
    '助手可以搜索和引用的文件与文件夹（聊天中用 #knowledge，智能体用 search_knowledge）。可从文件树的菜单中添加。配置嵌入模型（你的服务商中提供 /embeddings 的模型）后，搜索还会按语义排序。',
  addWorkspace: '添加整个工作区',
  embeddingModel: '嵌入模型',
  noEmbedding: '无：仅全文搜索',
  indexing: '正在建立索引…',
  partlyIndexed: '部分已索引',
  indexed: '已索引',
  empty: '知识库中还没有内容。',
  list: '已索引的文件和文件夹',
  wholeWorkspace: '整个工作区',
  files: (f: Formats, n: number) => f.plural(n, { other: '# 个文件' }),
  chunks: (f: Formats, n: number) => f.plural(n, { other: '# 个片段' }),
  notIndexed: (count: string) => `${count} 个未索引`,
  reindex: '重新索引',
  reindexName: (name: string) => `重新索引 ${name}`,
  remove: '移除',
  removeName: (name: string) => `从知识库中移除 ${name}`,
} satisfies UiCatalog['knowledge'];

export const zhLogsUi = {
  title: '日志',
  close: '关闭',
  filters: { all: '所有级别', error: '错误', warn: '警告', info: '信息' },
  levels: { error: '错误', warn: '警告', info: '信息' },
  level: '级别',
  entries: (f: Formats, n: number) => f.plural(n, { other: '# 条记录' }),
  export: '导出',
  clear: '清空',
  clearTitle: '清空日志？',
  clearText: '所有记录都会被删除，所有标签页中都是如此。',
  empty: '没有记录。Cove 各部分的错误和警告会显示在这里。',
  table: '日志记录',
  time: '时间',
  source: '来源',
  message: '消息',
} satisfies UiCatalog['logs'];

export const zhPreviewUi = {
  controls: '预览控制',
  loading: '正在加载…',
  reloadLabel: '重新加载预览',
  reloadTitle: '根据工作区重新构建页面',
  reload: '重新加载',
  close: '关闭预览',
  console: '预览控制台',
  consoleTitle: '控制台',
  messages: (f: Formats, n: number) => f.plural(n, { other: '# 条消息' }),
  dropped: (count: string) => `（已丢弃 ${count} 条较早的消息）`,
  clearConsole: '清空控制台',
  clear: '清空',
  consoleMessages: '控制台消息',
  levels: { error: '错误', warn: '警告', info: '信息', log: '日志', debug: '调试' },
  frameTitle: (name: string) => `${name} 的预览`,
} satisfies UiCatalog['preview'];

export const zhSearchUi = {
  noResults: '没有结果。',
  results: (f: Formats, total: number, capped: boolean, files: number) =>
    `${f.number(files)} 个文件中有 ${f.number(total)}${capped ? '+' : ''} 个结果`,
  capped: (found: string, total: string) =>
    `${found}。仅显示前 ${total} 个；缩小搜索范围以查看其余结果。`,
  found: (found: string) => `${found}。`,
  matches: (f: Formats, n: number) => f.plural(n, { other: '# 处匹配' }),
  files: (f: Formats, n: number) => f.plural(n, { other: '# 个文件' }),
  nothingToReplace: '没有可替换的内容：替换后文本不变。',
  replaceIn: (path: string) => `在 ${path} 中替换`,
  replaceAll: '全部替换',
  replaceText: (matches: string, files: string, replacement: string) =>
    `将 ${files}中的 ${matches}替换为“${replacement}”？之后可以撤销。`,
  replace: '替换',
  searchText: '搜索文本',
  search: '搜索',
  matchCase: '区分大小写',
  wholeWord: '全字匹配',
  regex: '使用正则表达式',
  replaceAllTitle: '替换下方所有文件中的每处匹配',
  include: '包含的文件',
  includePlaceholder: '包含的文件（如 src, *.py）',
  exclude: '排除的文件',
  excludePlaceholder: '排除的文件（如 tests/**）',
  searching: '正在搜索…',
  resultsLabel: '搜索结果',
  replaceInFile: '在此文件中替换',
  line: (line: string, preview: string) => `第 ${line} 行：${preview}`,
  changesToMake: '将要进行的更改',
  moreFiles: (f: Formats, n: number) => `…以及另外 ${f.number(n)} 个文件。`,
  changesTo: (path: string) => `对 ${path} 的更改`,
} satisfies UiCatalog['search'];
