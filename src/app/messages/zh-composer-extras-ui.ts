/** The Simplified Chinese of ./en-composer-extras-ui.ts. */
import type { UiCatalog } from './catalog';
import type { enComposerExtrasUi } from './en-composer-extras-ui';

export const zhComposerExtrasUi = {
  composerMenu: {
    couldNotLoad: '菜单无法加载；请检查网络连接后重新输入',
    couldNotAttach: (name: string, problem: string) => `无法附加 ${name}：${problem}`,
    mentions: '文件、文件夹和符号',
    commands: '命令',
    looking: '正在查找…',
    noMention: '没有匹配的文件、文件夹或符号',
    noCommand: '没有匹配的命令',
  },
  attachFiles: {
    label: '附加文件',
    title: '附加图片、PDF、DOCX 或文本文件（也可以粘贴或拖放到这里）',
    picker: '要附加的文件',
    reading: '正在读取的附件',
    readingNote: '正在读取…',
    remove: (name: string) => `移除 ${name}`,
  },
  mcpComposer: {
    couldNotUsePrompt: '无法使用该提示词',
    attached: '已附加的资源',
    changed: (time: string) => `服务器已更改它；已于 ${time} 重新读取`,
    updated: '已更新',
    remove: (name: string) => `移除 ${name}`,
    couldNotAttach: '无法附加该资源',
    menuTitle: '附加资源，或使用你的 MCP 服务器提供的提示词',
    menu: 'MCP 资源和提示词',
    asking: '正在询问服务器…',
    resources: '资源',
    resourcesOf: (server: string) => `${server} 的资源`,
    attach: (name: string) => `附加 ${name}`,
    templates: '资源模板',
    templatesOf: (server: string) => `${server} 的资源模板`,
    fillIn: (name: string) => `填写 ${name}`,
    prompts: '提示词',
    promptsOf: (server: string) => `${server} 的提示词`,
    usePrompt: (name: string) => `使用提示词 ${name}`,
  },
} satisfies Pick<UiCatalog, keyof typeof enComposerExtrasUi>;
