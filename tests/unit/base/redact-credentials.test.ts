import { describe, expect, it } from 'vitest';
import {
  createSecretRedactor,
  CREDENTIAL_REDACTED,
  noSecrets,
  redactCredentials,
  redactKnownSecrets,
  secretVariants,
} from '../../../src/base/redact-credentials';

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

describe('redactKnownSecrets', () => {
  const KEY = 'sk-live-4f9a2c7e1b8d6053aa';
  const TOKEN = 'mcp-token-7c1e9b44d2f0';

  it('removes every known secret whole, masked or cut, and nothing else', () => {
    const text = `401: key ${KEY} (sk-live-****…6053aa) and token "${TOKEN.slice(2, 14)}"`;
    expect(redactKnownSecrets(text, [KEY, TOKEN])).toBe(`401: key ${R} (${R}) and token "${R}"`);
    expect(redactKnownSecrets('password = input()', [KEY])).toBe('password = input()');
  });

  it('leaves placeholders under 8 characters alone, so ordinary words stay', () => {
    expect(redactKnownSecrets('the default model', ['default', 'ollama'])).toBe(
      'the default model',
    );
  });

  it('replaces a longer secret whole when a shorter one is inside it', () => {
    expect(redactKnownSecrets(`x ${KEY}`, [KEY.slice(0, 12), KEY])).toBe(`x ${R}`);
  });
});

describe('secretVariants', () => {
  it('adds the credential after an Authorization scheme', () => {
    expect(secretVariants('Bearer abc123def456')).toEqual(['Bearer abc123def456', 'abc123def456']);
    expect(secretVariants(' plain-token-value ')).toEqual(['plain-token-value']);
  });
});

describe('createSecretRedactor', () => {
  it('redacts every string of a record at any depth and keeps other values as they are', () => {
    let known = ['secret-value-123456'];
    const redactor = createSecretRedactor(() => known);
    const bytes = new Uint8Array([1, 2]);
    const record = {
      id: 'n1',
      content: 'echo secret-value-123456',
      toolCalls: [{ id: 'c1', arguments: '{"auth":"secret-value-123456"}' }],
      error: { message: 'denied for secret-value-123456', code: 'auth' },
      bytes,
      count: 3,
    };
    const clean = redactor.redact(record);
    expect(clean).toEqual({
      id: 'n1',
      content: `echo ${R}`,
      toolCalls: [{ id: 'c1', arguments: `{"auth":"${R}"}` }],
      error: { message: `denied for ${R}`, code: 'auth' },
      bytes,
      count: 3,
    });
    expect(clean.bytes).toBe(bytes);
    expect(record.content).toBe('echo secret-value-123456');
    // Nothing to remove: the same object back. Secrets are read at each call.
    const plain = { a: ['b'] };
    expect(redactor.redact(plain)).toBe(plain);
    known = [];
    expect(redactor.redact(record)).toBe(record);
    expect(noSecrets.redactText('secret-value-123456')).toBe('secret-value-123456');
  });
});
