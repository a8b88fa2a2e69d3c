/** The Simplified Chinese of a Python run's result (the keys of ./en-run-result-ui.ts). */
import type { UiCatalog } from './catalog';
import type { Formats } from './formats';

export const zhRunResultUi = {
  finished: (duration: string) => `完成，用时 ${duration}。`,
  syntaxError: '未运行：代码有语法错误。',
  failedWith: (duration: string, type: string) => `运行 ${duration} 后失败，错误为 ${type}。`,
  exited: (code: string, duration: string) => `运行 ${duration} 后退出，退出码 ${code}。`,
  failed: '失败。',
  timeout: (duration: string) => `已停止：运行超过了时间限制（${duration}）。`,
  killed: (duration: string) => `运行 ${duration} 后已停止。`,
  crashed: 'Python 崩溃并已重启；你的文件是安全的。请重新运行。',
  outputCut: (f: Formats, dropped: number) =>
    `输出在 1 MB 处被截断（另有 ${f.plural(dropped, { other: '# 字节' })}未显示）。`,
  fileLine: (file: string, line: string) => `${file}，第 ${line} 行`,
  column: (column: string) => `，第 ${column} 列`,
  traceback: '调用栈',
  inFunction: '位于',
  figure: (n: string) => `图 ${n}`,
  wrote: (files: string) => `已写入 ${files}。`,
  deleted: (files: string) => `已删除 ${files}。`,
  debug: '用 AI 调试',
  busy: 'Python 正在执行另一次运行；请停止它或稍候。',
  codeOutput: '此代码的输出',
  running: '正在运行…',
  couldNotRun: '无法运行此代码。',
} satisfies UiCatalog['runResult'];
