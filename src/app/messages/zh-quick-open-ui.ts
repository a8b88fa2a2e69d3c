/** The Simplified Chinese of Quick open and the command palette (the keys of ./en-quick-open-ui.ts). */
import type { UiCatalog } from './catalog';
import type { Formats } from './formats';

export const zhQuickOpenUi = {
  noCommand: (filter: string) => `没有与“${filter}”匹配的命令。`,
  noFiles: '此工作区还没有文件。',
  noFile: (filter: string) => `没有与“${filter}”匹配的文件。`,
  openForLine: '请先打开一个文件，再跳转到其中的某一行。',
  typeLine: (name: string, lines: string) => `输入 ${name} 的行号（1–${lines}）。`,
  openForSymbol: '请先打开一个 Python 文件，再跳转到其中的符号。',
  notPython: (name: string) => `@ 列出 Python 文件中的函数和类；${name} 不是 Python 文件。`,
  noSymbols: (name: string) => `${name} 没有定义函数或类。`,
  noSymbol: (filter: string) => `没有与“${filter}”匹配的符号。`,
  palette: '命令面板',
  quickOpen: '快速打开',
  command: '命令',
  fileQuery: '文件名、:行号 或 @符号',
  lists: { file: '文件', line: '文件', symbol: '符号', command: '命令' },
  showing: (shown: string, total: string) =>
    `显示 ${total} 个中的 ${shown} 个；继续输入以缩小范围。`,
  commandKeys: '↑↓ 选择，Enter 运行，Esc 关闭。删除 > 可查找文件。',
  fileKeys: '↑↓ 选择，Enter 打开，Esc 关闭。输入 : 跳到行，@ 跳到符号，> 运行命令。',
  goToLine: (line: string) => `跳转到第 ${line} 行`,
  column: (column: string) => `，第 ${column} 列`,
  ofFile: (f: Formats, name: string, lines: number) =>
    `（${name}，共 ${f.plural(lines, { other: '# 行' })}）`,
  line: (line: string) => `第 ${line} 行`,
  pathLine: (path: string, line: string) => `${path}，第 ${line} 行`,
  goToLineOf: (line: string, path: string) => `跳转到 ${path} 的第 ${line} 行`,
  symbolLabel: (name: string, kind: string, line: string) => `${name}，${kind}，第 ${line} 行`,
  kinds: { function: '函数', class: '类', method: '方法' },
} satisfies UiCatalog['quickOpen'];
