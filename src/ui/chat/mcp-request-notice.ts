import { createEffect, onCleanup } from 'solid-js';
import type { McpService } from '../../app/mcp-service';
import type { NoticeService } from '../../app/notice-service';
import type { AppLog } from '../../app/app-log';

/**
 * Tells each request of a server allowed to use the model without review, after it was
 * answered: which server, and the start of what the model gave it (or why it could not).
 */
export function noticeUnaskedSampling(mcp: McpService, notices: NoticeService, log: AppLog): void {
  onCleanup(
    mcp.sampling.onUnasked(({ serverName, reply }) => {
      const text = reply.ok
        ? `${serverName} used the model without review: “${excerpt(reply.text)}”`
        : `${serverName} asked the model without review; it could not answer: ${reply.message}`;
      log.write(reply.ok ? 'info' : 'warn', `mcp ${serverName}`, text);
      notices.show({ kind: 'info', text });
    }),
  );
}

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/**
 * A server's request that waits for the person (a form to fill, a model reply to review)
 * shows in the assistant panel; while that panel is hidden or collapsed, a notice says so
 * ("<server> asks for input") with Open, which shows the panel. The notice goes when the
 * panel is shown or nothing waits any more, so an answered request leaves nothing behind.
 */
export function noticeWaitingMcpRequests(options: {
  mcp: McpService;
  notices: NoticeService;
  /** True while the person cannot see the assistant panel. */
  hidden: () => boolean;
  show: () => void;
}): void {
  let shown: { noticeId: number; requestId: string } | undefined;
  const dismiss = () => {
    if (shown) options.notices.dismiss(shown.noticeId);
    shown = undefined;
  };
  createEffect(() => {
    const first =
      options.mcp.elicitations
        .pending()
        .map((p) => ({ id: p.id, server: p.request.serverName, what: 'asks for input' }))[0] ??
      options.mcp.sampling.pending().map((p) => ({
        id: p.id,
        server: p.request.serverName,
        what: 'asks for a model reply',
      }))[0];
    if (!first || !options.hidden()) return dismiss();
    if (shown?.requestId === first.id) return;
    dismiss();
    const noticeId = options.notices.show({
      kind: 'info',
      text: `${first.server} ${first.what}.`,
      action: { label: 'Open', run: options.show },
    });
    shown = { noticeId, requestId: first.id };
  });
  onCleanup(dismiss);
}
