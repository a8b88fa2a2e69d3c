import { outputBudget } from '../python/tool-output';
import type { Tool } from '../tool';
import { formatConsoleLines, type PreviewToolContext } from './preview-tool-context';

export type OpenPreviewArgs = { path: string };

/**
 * open_preview: shows a workspace HTML file in the live preview (its CSS, scripts and
 * images from the workspace) and returns, once it has loaded, what its console said.
 * Opening runs the page's scripts, so it is approved like running code.
 */
export const openPreviewTool: Tool<OpenPreviewArgs, PreviewToolContext> = {
  name: 'open_preview',
  description:
    'Open a workspace HTML file in the live preview the user sees (with the CSS, JavaScript and images it links from the workspace) and return its console once the page has loaded: console.log output, uncaught errors and blocked requests. The preview reloads by itself when files change; read its console again with read_preview_console.',
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Workspace path of the .html file, e.g. "index.html".' },
    },
    required: ['path'],
    additionalProperties: false,
  },
  approval: 'code',
  needs: 'preview',
  promptHint:
    'open_preview shows a web page of the workspace (HTML with its CSS and JavaScript) and returns its console: use it to check pages you write.',
  async describeApproval(args) {
    return {
      title: `Open ${args.path} in the preview`,
      view: { kind: 'arguments' },
      note: "It runs the page's scripts (in a sandbox without access to Cove's storage; its network follows Settings → Python → Network).",
    };
  },
  async execute(args, context) {
    const path = args.path.trim();
    if (!/\.html?$/i.test(path)) {
      return { content: `${path} is not an HTML file: pass a .html file.`, isError: true };
    }
    const outcome = await context.preview.open(path, context.signal);
    const errors = outcome.console.filter((line) => line.level === 'error').length;
    const head = outcome.loaded
      ? `Opened ${path} in the preview; it loaded.`
      : `Opened ${path} in the preview; it did not finish loading in time (a script may still be busy).`;
    const count = `Console (${outcome.console.length} message${outcome.console.length === 1 ? '' : 's'}${errors ? `, ${errors} error${errors === 1 ? '' : 's'}` : ''}):`;
    return {
      content: `${head}\n${count}\n${formatConsoleLines(outcome.console, outputBudget(context))}`,
      details: { path, loaded: outcome.loaded, errors },
    };
  },
};
