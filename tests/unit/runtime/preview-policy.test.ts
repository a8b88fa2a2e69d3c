import { describe, expect, it } from 'vitest';
import {
  blockedLoadMessage,
  previewAllowsWebRtc,
  previewPolicy,
} from '../../../src/runtime/preview-policy';
import { sandboxConnectSources } from '../../../src/runtime/python-network';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );

describe("the preview frame's policy", () => {
  it("connects where Python's network setting allows, through the same sources", () => {
    for (const access of ['off', 'package-index', 'any'] as const) {
      expect(directives(previewPolicy(access))['connect-src']).toBe(sandboxConnectSources(access));
    }
    expect(directives(previewPolicy('package-index'))['connect-src']).toBe("'none'");
    expect(directives(previewPolicy('any'))['connect-src']).toBe('http: https: ws: wss:');
  });

  it('loads nothing from other hosts: scripts, styles, images and fonts only inline or from data:/blob:', () => {
    const policy = directives(previewPolicy('any'));
    expect(policy['default-src']).toBe("'none'");
    expect(policy['script-src']).toBe("'unsafe-inline' data: blob:");
    expect(policy['style-src']).toBe("'unsafe-inline' data:");
    expect(policy['img-src']).toBe('data: blob:');
    expect(policy['font-src']).toBe('data:');
    expect(policy['form-action']).toBe("'none'");
    expect(previewPolicy('any')).not.toContain('unsafe-eval');
  });

  it('lets the page use WebRTC, which no policy covers, only when any host is allowed', () => {
    expect(previewAllowsWebRtc('any')).toBe(true);
    expect(previewAllowsWebRtc('package-index')).toBe(false);
    expect(previewAllowsWebRtc('off')).toBe(false);
  });

  it('says what was blocked and where the network is set', () => {
    expect(blockedLoadMessage('http://127.0.0.1:8080/data', 'connect-src', 'package-index')).toBe(
      'Cove blocked a connection to http://127.0.0.1:8080/data: the preview may not connect anywhere while Settings → Python → Network allows only the package index.',
    );
    expect(blockedLoadMessage('http://x.example/', 'connect-src', 'off')).toContain(
      "the preview's network is off",
    );
    expect(blockedLoadMessage('inline', 'script-src-attr', 'off')).toContain('addEventListener');
    expect(blockedLoadMessage('https://cdn.example/a.js', 'script-src-elem', 'any')).toBe(
      'Cove blocked https://cdn.example/a.js (script-src-elem): the preview loads only files of the workspace, not other hosts.',
    );
  });
});
