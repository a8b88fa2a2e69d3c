import { describe, expect, it } from 'vitest';
import { openPreviewTool } from '../../../../src/tools/preview/open-preview-tool';
import {
  formatConsoleLines,
  type PreviewConsoleLine,
  type PreviewHost,
  type PreviewToolContext,
} from '../../../../src/tools/preview/preview-tool-context';
import { readPreviewConsoleTool } from '../../../../src/tools/preview/read-preview-console-tool';

/** A preview host over a scripted console: `open` shows `page` and logs its lines. */
function fakeHost(pages: Record<string, { loaded: boolean; lines: PreviewConsoleLine[] }>) {
  let path: string | undefined;
  const console: PreviewConsoleLine[] = [];
  let read = 0;
  const opened: string[] = [];
  const host: PreviewHost & { opened: string[]; log(line: PreviewConsoleLine): void } = {
    opened,
    log: (line) => void console.push(line),
    async open(target) {
      opened.push(target);
      path = target;
      console.length = 0;
      const page = pages[target] ?? { loaded: true, lines: [] };
      console.push(...page.lines);
      read = console.length;
      return { loaded: page.loaded, console: [...console] };
    },
    readConsole(all) {
      const lines = console.slice(all ? 0 : read);
      read = console.length;
      return { path, lines, dropped: 0 };
    },
  };
  return host;
}

function context(preview: PreviewHost): PreviewToolContext {
  return { signal: new AbortController().signal, update: () => undefined, preview };
}

describe('open_preview', () => {
  it('opens the page and returns its console once loaded', async () => {
    const host = fakeHost({
      'site/index.html': {
        loaded: true,
        lines: [
          {
            level: 'error',
            text: 'style.css not found in the workspace (named in site/index.html)',
          },
          { level: 'log', text: 'hello' },
        ],
      },
    });
    const result = await openPreviewTool.execute({ path: 'site/index.html' }, context(host));
    expect(host.opened).toEqual(['site/index.html']);
    expect(result.isError).toBeUndefined();
    expect(result.content).toBe(
      'Opened site/index.html in the preview; it loaded.\nConsole (2 messages, 1 error):\n[error] style.css not found in the workspace (named in site/index.html)\n[log] hello',
    );
  });

  it('says when the page did not finish loading, and refuses files that are not HTML', async () => {
    const host = fakeHost({ 'a.html': { loaded: false, lines: [] } });
    const slow = await openPreviewTool.execute({ path: 'a.html' }, context(host));
    expect(slow.content).toContain('did not finish loading in time');
    expect(slow.content).toContain('(no console messages)');
    const wrong = await openPreviewTool.execute({ path: 'main.py' }, context(host));
    expect(wrong.isError).toBe(true);
    expect(host.opened).toEqual(['a.html']);
  });

  it('runs the page, so it is approved like running code, and needs the preview', async () => {
    expect(openPreviewTool.approval).toBe('code');
    expect(openPreviewTool.needs).toBe('preview');
    const card = await openPreviewTool.describeApproval!(
      { path: 'index.html' },
      context(fakeHost({})),
    );
    expect(card.title).toBe('Open index.html in the preview');
    expect(card.note).toContain("runs the page's scripts");
  });
});

describe('read_preview_console', () => {
  it('returns what is new since the last read, or everything', async () => {
    const host = fakeHost({
      'index.html': { loaded: true, lines: [{ level: 'log', text: 'first' }] },
    });
    const ctx = context(host);
    await openPreviewTool.execute({ path: 'index.html' }, ctx);
    host.log({ level: 'warn', text: 'second' });
    const fresh = await readPreviewConsoleTool.execute({}, ctx);
    expect(fresh.content).toBe(
      'Console of index.html (since the last read, 1 message):\n[warn] second',
    );
    const none = await readPreviewConsoleTool.execute({}, ctx);
    expect(none.content).toContain('(no console messages)');
    const all = await readPreviewConsoleTool.execute({ all: true }, ctx);
    expect(all.content).toBe(
      'Console of index.html (everything kept, 2 messages):\n[log] first\n[warn] second',
    );
  });

  it('says when no preview is open, and only reads', async () => {
    const result = await readPreviewConsoleTool.execute({}, context(fakeHost({})));
    expect(result.content).toBe('No preview is open. Open an HTML file with open_preview first.');
    expect(readPreviewConsoleTool.approval).toBe('read');
  });

  it('keeps the newest lines when they do not fit', () => {
    const lines = Array.from({ length: 10 }, (_, i) => ({
      level: 'log' as const,
      text: `line ${i}`,
    }));
    expect(formatConsoleLines(lines, 30)).toBe(
      '… 8 earlier messages not shown\n[log] line 8\n[log] line 9',
    );
  });
});
