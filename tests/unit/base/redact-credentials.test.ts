import { describe, expect, it } from 'vitest';
import { CREDENTIAL_REDACTED, redactCredentials } from '../../../src/base/redact-credentials';

const R = CREDENTIAL_REDACTED;

describe('redactCredentials', () => {
  it('blanks authorization headers and keeps their names and schemes', () => {
    expect(redactCredentials('Authorization: Bearer sk-abc123def456ghi789')).toBe(
      `Authorization: Bearer ${R}`,
    );
    expect(redactCredentials('{"authorization":"Bearer abcdefgh12345678","x":1}')).toBe(
      `{"authorization":"Bearer ${R}","x":1}`,
    );
    expect(redactCredentials('Authorization: Basic dXNlcjpwYXNz')).toBe(
      `Authorization: Basic ${R}`,
    );
    expect(redactCredentials('proxy-authorization=tok123')).toBe(`proxy-authorization=${R}`);
  });

  it('blanks key fields, URL keys and keys of known shapes', () => {
    expect(redactCredentials('headers {"x-api-key": "zzzzzzzzzzzz"}')).toBe(
      `headers {"x-api-key": "${R}"}`,
    );
    expect(redactCredentials('https://h/v1?key=AIzaSyA1234567890abcdefghijk&alt=sse')).toBe(
      `https://h/v1?key=${R}&alt=sse`,
    );
    expect(redactCredentials('api_key=hello123 password: "p@ss"')).toBe(
      `api_key=${R} password: "${R}"`,
    );
    expect(redactCredentials('Incorrect API key provided: sk-proj-abcdefghijklmnop.')).toBe(
      `Incorrect API key provided: ${R}.`,
    );
    expect(redactCredentials('groq gsk_0123456789abcdefXYZ and hf_abcdefghijklmnop')).toBe(
      `groq ${R} and ${R}`,
    );
  });

  it('removes known secrets of any shape, and leaves ordinary text alone', () => {
    expect(
      redactCredentials('my key is custom-secret-value-xyz!', ['custom-secret-value-xyz']),
    ).toBe(`my key is ${R}!`);
    const plain = 'inputTokens: 5, the token budget, a skeleton key, sk-short';
    expect(redactCredentials(plain, ['none'])).toBe(plain);
  });

  it('keeps JSON valid when a value inside it is blanked', () => {
    const json = JSON.stringify({ headers: { Authorization: 'Bearer abc.def-ghi' }, n: 1 });
    expect(JSON.parse(redactCredentials(json))).toEqual({
      headers: { Authorization: `Bearer ${R}` },
      n: 1,
    });
  });
});
