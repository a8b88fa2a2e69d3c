import { outputBudget } from '../python/tool-output';
import type { Tool } from '../tool';
import { formatConsoleLines, type PreviewToolContext } from './preview-tool-context';

export type ReadPreviewConsoleArgs = { all?: boolean };

/** read_preview_console: what the live preview's console said since the agent last read it. */
export const readPreviewConsoleTool: Tool<ReadPreviewConsoleArgs, PreviewToolContext> = {
  name: 'read_preview_console',
  description:
    "Read the live preview's console (console.log output, uncaught errors, blocked requests) since your last read, or all of it with all: true. The preview reloads when files change, so read it after an edit to see the page's new messages.",
  parameters: {
    type: 'object',
    properties: {
      all: {
        type: 'boolean',
        description: 'Everything the console keeps, not only what is new since the last read.',
      },
    },
    additionalProperties: false,
  },
  approval: 'read',
  needs: 'preview',
  summarize: (args) => (args['all'] === true ? 'all messages' : ''),
  async execute(args, context) {
    const read = context.preview.readConsole(args.all === true);
    if (read.path === undefined) {
      return { content: 'No preview is open. Open an HTML file with open_preview first.' };
    }
    const what = args.all === true ? 'everything kept' : 'since the last read';
    const dropped = read.dropped
      ? `\n(${read.dropped} older message${read.dropped === 1 ? ' was' : 's were'} dropped: the console keeps the newest.)`
      : '';
    return {
      content: `Console of ${read.path} (${what}, ${read.lines.length} message${read.lines.length === 1 ? '' : 's'}):\n${formatConsoleLines(read.lines, outputBudget(context))}${dropped}`,
      details: { path: read.path, count: read.lines.length },
    };
  },
};
