import type { ToolContext } from '../tool';

/** One line of the live preview's console, as the tools read it. */
export interface PreviewConsoleLine {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  text: string;
}

/** What opening a preview came to. */
export interface PreviewOpenOutcome {
  /** The page finished loading (its load event) before the wait ended. */
  loaded: boolean;
  /** The console since the page was opened: the builder's problems first, then the page's. */
  console: PreviewConsoleLine[];
}

/** What the console holds for a reader. */
export interface PreviewConsoleRead {
  /** The HTML file shown; undefined when no preview is open. */
  path: string | undefined;
  lines: PreviewConsoleLine[];
  /** Lines the console let go (it keeps a bounded number) that this read would have had. */
  dropped: number;
}

/**
 * The live preview as the agent's tools use it; the app serves it with the preview pane,
 * tests with a fake.
 */
export interface PreviewHost {
  /**
   * Shows `path` (a workspace .html file) in the preview pane and resolves once the page
   * has loaded, or the wait is over (then `loaded` is false), or `signal` aborts.
   */
  open(path: string, signal: AbortSignal): Promise<PreviewOpenOutcome>;
  /** The console since the agent's last read (`all`: everything kept). Marks it read. */
  readConsole(all: boolean): PreviewConsoleRead;
}

/** What the preview tools use. */
export interface PreviewToolContext extends ToolContext {
  preview: PreviewHost;
}

/**
 * Console lines as the model reads them ("[error] Uncaught TypeError: …"), newest kept
 * when they do not fit in `budget` characters, with a note of how many were left out.
 */
export function formatConsoleLines(lines: readonly PreviewConsoleLine[], budget: number): string {
  if (!lines.length) return '(no console messages)';
  const written: string[] = [];
  let used = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = `[${lines[i]!.level}] ${lines[i]!.text}`;
    if (used + line.length + 1 > budget && written.length) {
      written.unshift(`… ${i + 1} earlier message${i ? 's' : ''} not shown`);
      break;
    }
    written.unshift(line.length > budget ? `${line.slice(0, budget)}…` : line);
    used += line.length + 1;
  }
  return written.join('\n');
}
