/** The Simplified Chinese of Settings' Python, Agent, Memory and Network sections. */
import type { UiCatalog } from './catalog';

export const zhSectionsUi = {
  python: {
    off: '关闭',
    offHelp: '完全不允许连接；无法加载包。',
    packageIndex: '仅限包索引',
    packageIndexHelp: '导入时从下方的索引加载包；脚本无法连接任何地方。',
    any: '任意主机',
    anyHelp:
      '脚本可以连接任意网址。你运行的代码（包括模型生成的代码）可能会把工作区文件发送到任何地方。',
    badTimeout: '时间限制必须是秒数，例如 30。',
    saved: 'Python 设置已保存。',
    timeout: '每次运行的时间限制（秒）',
    network: 'Python 的网络访问',
    anyWarning:
      '警告：允许任意主机后，脚本可以把你的工作区文件发送到任何服务器。无论如何，你的密钥和 Cove 的存储都不会被访问到。',
    index: '包索引',
    indexHelp:
      '脚本导入 numpy 等包时从这里获取；也可以使用 Pyodide 发行版的镜像。加载过一次的包离线也能使用。',
    lock: '包列表（锁文件 URL，可选）',
    lockPlaceholder: 'Cove 自带的列表',
    save: '保存 Python 设置',
  },
  agent: {
    kinds: {
      read: '只读',
      edit: '编辑文件',
      code: '运行代码',
      network: '使用网络',
    },
    saved: '智能体设置已保存。',
    heading: '智能体',
    approvals: '按工具设置审批',
    approvalsHelp:
      '“跟随会话”遵循每个对话中“先询问 / 自动编辑 / 全自动”的选择。此处的选择在所有会话中优先。只读工具从不询问。',
    neverAsks: '从不询问',
    sessionMode: '跟随会话',
    alwaysAsk: '总是询问',
    neverAsk: '从不询问',
    resultCap: '模型读取的工具结果最大长度（字符）',
    resultCapHelp: (min: string, max: string, fallback: string) =>
      `更长的结果会被截断，并附注说明省略了多少以及如何读取其余部分（${min} 到 ${max}；默认 ${fallback}）。`,
    steps: '每次运行在询问是否继续前的轮数',
    stepsHelp: (min: string, max: string, fallback: string) =>
      `${min} 到 ${max}；默认 ${fallback}。达到上限时运行会停止，并提供“继续”。`,
    privateNetwork: '允许 fetch_url 访问本机和私有网络',
    privateWarning:
      '警告：这样智能体就能读取本地服务器、路由器和你网络中其他设备的页面，并把读取的内容放进对话。',
    save: '保存智能体设置',
  },
  memory: {
    scopes: { user: '你的记忆（所有工作区）', workspace: '此工作区' },
    switchFailed: '无法更改记忆设置',
    deleteQuestion: '删除这条笔记？',
    deleteText: (title: string) => `“${title}”将从记忆中删除。`,
    deleteNote: '删除笔记',
    replaceQuestion: '替换记忆？',
    replaceText: (file: string) => `${file} 中的笔记将替换其所含范围内的笔记。`,
    importNotes: '导入笔记',
    imported: (file: string) => `已导入 ${file} 中的笔记。`,
    heading: '记忆',
    intro:
      '助手为跨对话记住而保存的笔记，总是经过你的批准或清楚可见。它们是助手学到的内容；你为项目编写的规则应放在项目的 AGENTS.md 中。',
    userSwitch: '为所有工作区记住内容',
    workspaceSwitch: '为每个工作区分别记住内容',
    chatSwitch: '在聊天模式中也使用记忆',
    chatHelp:
      '只要某个范围已开启，智能体运行就会读取和保存笔记。开启此项后，聊天回复也可以保存你要求它记住的内容，审批方式相同。',
    search: '搜索记忆',
    noMatch: '没有匹配的笔记。',
    none: '还没有笔记。',
    deleteFailed: '无法删除笔记',
    exportFailed: '导出失败',
    importFailed: '导入失败',
    export: '导出记忆',
    import: '导入记忆…',
    flagged: (source: string) => `已标记：保存于 ${source} 之后`,
    edit: '编辑',
    delete: '删除',
    title: '标题',
    text: '内容',
    save: '保存笔记',
    cancel: '取消',
  },
  network: {
    heading: '网络',
    intro:
      'Cove 只访问它自己的文件和下列主机。其他任何请求都会被拒绝并记录在日志中。你添加为服务商、MCP 服务器或 Python 包索引的主机会加入此列表；智能体获准读取的页面、你在保存前测试的服务器以及你点击的图片只放行一次。',
    enforced: '已在此标签页中生效。',
    notEnforced:
      '尚未在此标签页中生效：这需要 Cove 的离线支持，首次访问后才会启动。重新加载此标签页即可开启。',
    none: '还没有其他主机。',
    hosts: 'Cove 可以访问的主机',
  },
} satisfies UiCatalog['sections'];
