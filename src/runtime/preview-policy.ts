import { sandboxConnectSources, type PythonNetworkAccess } from './python-network';

/**
 * The Content-Security-Policy of the live preview's frame. Its network follows the same
 * setting as Python's (Settings → Python → Network) through the same `connect-src`
 * ({@link sandboxConnectSources}): one answer to "what may code Cove runs connect to".
 * Everything else the page shows comes inside the document (data: URLs, inline styles,
 * scripts as blob: URLs the frame makes), so images, fonts and media load only from
 * `data:` and `blob:`: an `<img src="https://…">` would otherwise carry data out even with
 * the network off. No forms, frames or `<base>`. The page's own policy, which a srcdoc
 * frame inherits, applies on top (it runs no inline script but the frame's loader).
 */
export function previewPolicy(access: PythonNetworkAccess): string {
  return [
    "default-src 'none'",
    "script-src 'unsafe-inline' data: blob:",
    "style-src 'unsafe-inline' data:",
    'img-src data: blob:',
    'font-src data:',
    'media-src data: blob:',
    'worker-src blob:',
    `connect-src ${sandboxConnectSources(access)}`,
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * Whether the page may open WebRTC connections. Chromium applies no Content-Security-Policy
 * to them (a peer connection to a STUN or TURN server sends packets wherever it is told), so
 * the frame's loader takes `RTCPeerConnection` away unless the network setting allows any
 * host. Best effort: it closes the plain way, not every way a determined page might find.
 */
export function previewAllowsWebRtc(access: PythonNetworkAccess): boolean {
  return access === 'any';
}

/**
 * What the preview's console says of a load its policy refused: the address, and what to
 * change when it was the network setting that refused it.
 */
export function blockedLoadMessage(
  url: string,
  directive: string,
  access: PythonNetworkAccess,
): string {
  const target = url || 'a resource';
  if (directive.startsWith('connect-src')) {
    const why =
      access === 'any'
        ? ''
        : access === 'off'
          ? ": the preview's network is off (Settings → Python → Network)"
          : ': the preview may not connect anywhere while Settings → Python → Network allows only the package index';
    return `Cove blocked a connection to ${target}${why}.`;
  }
  if (directive.startsWith('script-src') && (url === 'inline' || url === 'eval')) {
    return url === 'eval'
      ? 'Cove blocked eval() or new Function(): the preview does not run code made from strings.'
      : 'Cove blocked inline JavaScript (an onclick="…" attribute or a javascript: link): the preview runs scripts only from <script> elements and files; use addEventListener.';
  }
  return `Cove blocked ${target} (${directive}): the preview loads only files of the workspace, not other hosts.`;
}
