import frameScript from './frame-script.js?raw';

/** `type` of the one message the page sends into a new sandbox frame. */
export const SANDBOX_INIT = 'cove-sandbox-init';

/**
 * The Content-Security-Policy of the sandbox frame, on top of the page's own (a srcdoc
 * frame inherits that one too, which is why index.html lists this frame's script hash,
 * `blob:` scripts and `data:` workers). No connections but `connectSources`, no images,
 * styles, frames or forms; scripts only inline (this frame's), `data:` workers and the
 * `blob:` module the worker makes of Pyodide's loader; wasm compiled from bytes.
 */
export function sandboxPolicy(connectSources: string): string {
  return [
    "default-src 'none'",
    "script-src 'unsafe-inline' blob: 'wasm-unsafe-eval'",
    'worker-src data:',
    `connect-src ${connectSources}`,
    "img-src 'none'",
    "style-src 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * The frame's whole document: the policy first, so it holds before any script runs, then
 * the script. Pure, for tests.
 */
export function sandboxDocument(connectSources: string): string {
  const policy = sandboxPolicy(connectSources).replace(/"/g, '&quot;');
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${policy}"><script>${frameScript}</script>`;
}

/**
 * Adds an invisible sandbox frame to `document`. `sandbox="allow-scripts"` without
 * `allow-same-origin` gives it an opaque origin: its storage is not Cove's, it has no
 * service worker, and it cannot script the page. Removing the element ends the frame and
 * every worker in it.
 *
 * The frame is a transparent pixel rather than `hidden`: Chromium runs an opaque-origin
 * frame in its own process and gives a process whose frames are all hidden background
 * priority (nice 5 on Linux), so the person's Python got a third of the CPU of anything
 * else busy on the machine.
 */
export function createSandboxFrame(document: Document, connectSources: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = 'Python sandbox';
  frame.style.cssText =
    'position:fixed;left:0;top:0;width:1px;height:1px;border:0;opacity:0;pointer-events:none';
  frame.srcdoc = sandboxDocument(connectSources);
  document.body.append(frame);
  return frame;
}
