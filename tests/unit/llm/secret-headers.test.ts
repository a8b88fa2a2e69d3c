import { describe, expect, it } from 'vitest';
import { checkRequestHeaders } from '../../../src/llm/request-headers';
import {
  isSecretHeaderName,
  joinSecretHeaders,
  readSecretHeaders,
  splitSecretHeaders,
} from '../../../src/llm/secret-headers';
import type { SealedSecret } from '../../../src/store/secret-cipher';

const sealed: SealedSecret = {
  sealed: 'aes-gcm-256',
  iv: new Uint8Array(12),
  data: new Uint8Array(32),
};

describe('secret headers', () => {
  it('treats names that usually carry credentials as secret, in any case', () => {
    for (const name of ['Authorization', 'X-Api-Key', 'api_key', 'X-Auth-Token', 'Cookie']) {
      expect(isSecretHeaderName(name), name).toBe(true);
    }
    for (const name of ['X-Title', 'HTTP-Referer', 'OpenAI-Organization']) {
      expect(isSecretHeaderName(name), name).toBe(false);
    }
  });

  it('splits headers into public and secret parts and joins them back', () => {
    const headers = { 'X-Title': 'Cove', 'X-Api-Key': 'hdr-secret', Cookie: 'c=1' };
    const split = splitSecretHeaders(headers);
    expect(split).toEqual({
      publicHeaders: { 'X-Title': 'Cove' },
      secretHeaders: { 'X-Api-Key': 'hdr-secret', Cookie: 'c=1' },
    });
    expect(joinSecretHeaders(split.publicHeaders, split.secretHeaders)).toEqual(headers);
    expect(joinSecretHeaders({}, undefined)).toBeUndefined();
  });

  it('reads stored secret headers, reporting the ones that can no longer be decrypted', () => {
    expect(readSecretHeaders({ 'X-Api-Key': 'v', Token: sealed })).toEqual({
      headers: { 'X-Api-Key': 'v' },
      lost: true,
    });
    expect(readSecretHeaders({ Token: sealed })).toEqual({ lost: true });
    expect(readSecretHeaders({ 'X-Api-Key': 'v' })).toEqual({
      headers: { 'X-Api-Key': 'v' },
      lost: false,
    });
    for (const junk of [undefined, null, 'text', ['a'], 3]) {
      expect(readSecretHeaders(junk)).toEqual({ lost: false });
    }
  });
});

describe('checkRequestHeaders', () => {
  it('trims rows, drops empty ones and keeps the order', () => {
    expect(checkRequestHeaders({ ' X-B ': ' 2 ', '': '', 'X-A': '1' })).toEqual({
      ok: true,
      headers: { 'X-B': '2', 'X-A': '1' },
    });
  });

  it('names the problem and the fix; never throws', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ '': 'value' }, /no name/],
      [{ 'Bad Name': 'x' }, /not a valid header name/],
      [{ 'X-Title': 'caf\u00e9' }, /characters a request header cannot carry/],
      [{ 'X-Title': 'a', 'x-title': 'b' }, /given twice/],
    ];
    for (const [rows, problem] of cases) {
      const check = checkRequestHeaders(rows);
      expect(check.ok, JSON.stringify(rows)).toBe(false);
      if (check.ok) continue;
      expect(check.problem).toMatch(problem);
      expect(check.hint).not.toBe('');
    }
  });

  it('refuses the names a caller reserves, with the caller’s words', () => {
    const reserved = [{ name: 'Authorization', problem: 'Use the key field.', hint: 'Move it.' }];
    expect(checkRequestHeaders({ authorization: 'Bearer x' }, reserved)).toEqual({
      ok: false,
      problem: 'Use the key field.',
      hint: 'Move it.',
    });
    // Without the reservation (an MCP server may take a bearer token) the header is fine.
    expect(checkRequestHeaders({ Authorization: 'Bearer x' })).toEqual({
      ok: true,
      headers: { Authorization: 'Bearer x' },
    });
  });
});
