import type { PreviewPage } from '../../workspace/preview/preview-page';
import { parsePreviewMessage, type PreviewFrameMessage } from './preview-messages';
import previewScript from './preview-frame-script.js?raw';

/** `type` of the one message the page sends into a new preview frame. */
export const PREVIEW_INIT = 'cove-preview-init';

/** Messages a second the frame may send, and the burst above it; the rest are dropped. */
const RATE = 500;
const BURST = 2000;

/**
 * No policy covers the browser resolving host names a page merely names (links, prefetch
 * hints): this turns it off for the document, so a name cannot carry data to a DNS server.
 */
export const NO_DNS_PREFETCH = '<meta http-equiv="x-dns-prefetch-control" content="off">';

/**
 * The preview frame's first document: its policy first, so it holds before any script
 * runs, then the loader (preview-frame-script.js), which writes the page itself when the
 * page's document arrives. Pure, for tests.
 */
export function previewFrameDocument(policy: string): string {
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}">${NO_DNS_PREFETCH}<script>${previewScript}</script>`;
}

/** The sandbox attribute of a preview frame: scripts, nothing else (no same origin, no popups, no top navigation, no forms). */
export const PREVIEW_SANDBOX = 'allow-scripts';

export interface PreviewFrameOptions {
  /** The frame's Content-Security-Policy (previewPolicy). */
  policy: string;
  /** Where the last document of this preview was scrolled to, kept across reloads. */
  scroll?: { x: number; y: number };
  /** The page may use WebRTC (previewAllowsWebRtc); absent: the loader takes it away. */
  webRtc?: boolean;
  /** Each accepted message of the frame, in order. */
  onMessage(message: PreviewFrameMessage): void;
  /** Monotonic milliseconds, for the flood limit. */
  now(): number;
}

/**
 * Loads `page` into `frame` (an `<iframe sandbox="allow-scripts">` the UI made): sets its
 * srcdoc, and once it has loaded hands it the document and one end of a MessageChannel,
 * the only way the frame talks to Cove. The page never listens to `window` messages.
 * Returns the close of this load: its port is closed and later messages are ignored.
 */
export function loadPreviewFrame(
  frame: HTMLIFrameElement,
  page: PreviewPage,
  options: PreviewFrameOptions,
): () => void {
  const channel = new MessageChannel();
  let closed = false;
  let tokens = BURST;
  let refilledAt = options.now();
  let dropped = 0;
  channel.port1.onmessage = (event: MessageEvent) => {
    if (closed) return;
    const now = options.now();
    tokens = Math.min(BURST, tokens + ((now - refilledAt) * RATE) / 1000);
    refilledAt = now;
    if (tokens < 1) {
      dropped++;
      return;
    }
    tokens--;
    if (dropped) {
      options.onMessage({
        type: 'console',
        level: 'warn',
        text: `Cove dropped ${dropped} console messages: the page sent them faster than ${RATE} a second.`,
      });
      dropped = 0;
    }
    const message = parsePreviewMessage(event.data, event.ports);
    if (message) options.onMessage(message);
  };
  const onLoad = () => {
    if (closed) return;
    frame.contentWindow?.postMessage(
      {
        type: PREVIEW_INIT,
        parts: page.parts,
        scripts: page.scripts,
        served: page.served.map(({ name, type, content }) => ({ name, type, content })),
        ...(options.scroll ? { scroll: options.scroll } : {}),
        webRtc: options.webRtc === true,
      },
      '*',
      [channel.port2],
    );
  };
  frame.setAttribute('sandbox', PREVIEW_SANDBOX);
  frame.addEventListener('load', onLoad, { once: true });
  frame.srcdoc = previewFrameDocument(options.policy);
  return () => {
    closed = true;
    frame.removeEventListener('load', onLoad);
    channel.port1.onmessage = null;
    channel.port1.close();
  };
}
