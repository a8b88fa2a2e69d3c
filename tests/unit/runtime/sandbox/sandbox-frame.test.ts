import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sandboxDocument, sandboxPolicy } from '../../../../src/runtime/sandbox/sandbox-frame';
import {
  SANDBOX_HASH_PLACEHOLDER,
  scriptHashSource,
  sandboxCsp,
} from '../../../../scripts/vite-plugin-sandbox-csp';

const script = readFileSync('src/runtime/sandbox/frame-script.js', 'utf8');

describe('the sandbox frame', () => {
  it('puts its policy before its script, and the policy allows no connection by default', () => {
    const html = sandboxDocument("'none'");
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script>'));
    expect(html).toContain(`<script>${script}</script>`);
    const policy = sandboxPolicy("'none'");
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('worker-src data:');
    expect(policy).not.toMatch(/'unsafe-eval'/);
  });

  it("the script's text cannot end its element early", () => {
    expect(script).not.toMatch(/<\/script/i);
  });

  it("index.html's policy gets exactly the hash of the script the frame runs", () => {
    const html = readFileSync('index.html', 'utf8');
    expect(html).toContain(SANDBOX_HASH_PLACEHOLDER);
    const plugin = sandboxCsp();
    const transform = plugin.transformIndexHtml as (html: string) => string;
    const out = transform(html);
    expect(out).toContain(scriptHashSource(script));
    expect(out).not.toContain(SANDBOX_HASH_PLACEHOLDER);
    expect(out).not.toContain("'unsafe-inline' blob:");
  });
});
