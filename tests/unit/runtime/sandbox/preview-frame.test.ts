import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { previewPolicy } from '../../../../src/runtime/preview-policy';
import {
  previewFrameDocument,
  PREVIEW_SANDBOX,
} from '../../../../src/runtime/sandbox/preview-frame';
import { parsePreviewMessage } from '../../../../src/runtime/sandbox/preview-messages';
import { sandboxCsp, scriptHashSource } from '../../../../scripts/vite-plugin-sandbox-csp';

const script = readFileSync('src/runtime/sandbox/preview-frame-script.js', 'utf8');

describe('the preview frame', () => {
  it('is sandboxed with scripts only: no same origin, popups, top navigation or forms', () => {
    expect(PREVIEW_SANDBOX).toBe('allow-scripts');
  });

  it('puts its policy first, then its loader', () => {
    const html = previewFrameDocument(previewPolicy('off'));
    expect(html.startsWith('<!doctype html><meta http-equiv="Content-Security-Policy"')).toBe(true);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script>'));
    expect(html).toContain(`<script>${script}</script>`);
    expect(script).not.toMatch(/<\/script/i);
  });

  it("is allowed by index.html's policy by its script's hash", () => {
    const transform = sandboxCsp().transformIndexHtml as (html: string) => string;
    expect(transform(readFileSync('index.html', 'utf8'))).toContain(scriptHashSource(script));
  });

  it('accepts only the messages it knows, as plain data', () => {
    expect(parsePreviewMessage({ type: 'console', level: 'log', text: 'hi' }, [])).toEqual({
      type: 'console',
      level: 'log',
      text: 'hi',
    });
    expect(parsePreviewMessage({ type: 'loaded' }, [])).toEqual({ type: 'loaded' });
    expect(parsePreviewMessage({ type: 'loaded', extra: 1 }, [])).toBeUndefined();
    expect(parsePreviewMessage({ type: 'console', level: 'shout', text: '' }, [])).toBeUndefined();
    expect(
      parsePreviewMessage({ type: 'console', level: 'log', text: 'x'.repeat(70_000) }, []),
    ).toBeUndefined();
    expect(parsePreviewMessage({ type: 'loaded' }, [{}])).toBeUndefined();
    expect(
      parsePreviewMessage(JSON.parse('{"type":"loaded","__proto__":{"x":1}}'), []),
    ).toBeUndefined();
    expect(parsePreviewMessage('loaded', [])).toBeUndefined();
  });
});
