import { describe, expect, it } from 'vitest';
import {
  crossesIntoLocalNetwork,
  hostLocality,
  isMixedContent,
  originOf,
} from '../../../src/llm/network-locality';

describe('network locality', () => {
  it.each([
    ['http://localhost:11434', 'loopback'],
    ['http://127.0.0.1:8080', 'loopback'],
    ['http://[::1]:8000', 'loopback'],
    ['http://app.localhost', 'loopback'],
    ['http://192.168.1.20:1234', 'private'],
    ['http://10.0.0.5', 'private'],
    ['http://172.20.1.1', 'private'],
    ['http://172.32.1.1', 'public'],
    ['http://gpu.local:8000', 'private'],
    ['https://api.openai.com', 'public'],
    ['nonsense', 'public'],
    // The one classification of src/base/host-locality.ts, in any spelling.
    ['http://LOCALHOST.:11434/v1', 'loopback'],
    ['http://0x7f000001:8080', 'loopback'],
    ['http://[::ffff:c0a8:101]:1234', 'private'],
    ['http://100.64.1.2', 'private'],
  ])('%s is %s', (url, locality) => {
    expect(hostLocality(url)).toBe(locality);
  });

  it('knows when Chrome asks for Local Network Access', () => {
    expect(crossesIntoLocalNetwork('https://cove.github.io', 'http://localhost:11434/v1')).toBe(
      true,
    );
    expect(crossesIntoLocalNetwork('https://cove.github.io', 'http://192.168.1.2/v1')).toBe(true);
    expect(crossesIntoLocalNetwork('http://192.168.1.3', 'http://localhost:1/v1')).toBe(true);
    expect(crossesIntoLocalNetwork('http://localhost:5173', 'http://localhost:11434/v1')).toBe(
      false,
    );
    expect(crossesIntoLocalNetwork('https://cove.github.io', 'https://api.openai.com/v1')).toBe(
      false,
    );
    expect(crossesIntoLocalNetwork(undefined, 'http://localhost:1')).toBe(false);
  });

  it('knows what mixed content blocks', () => {
    expect(isMixedContent('https://cove.example', 'http://gpu.example/v1')).toBe(true);
    expect(isMixedContent('https://cove.example', 'http://localhost:11434/v1')).toBe(false);
    expect(isMixedContent('http://localhost:5173', 'http://gpu.example/v1')).toBe(false);
    expect(isMixedContent('https://cove.example', 'http://localhost.:11434/v1')).toBe(false);
    expect(isMixedContent('https://cove.example', 'http://0.0.0.0:11434/v1')).toBe(true);
  });

  it('gives origins of http(s) URLs only', () => {
    expect(originOf('https://api.openai.com/v1/models')).toBe('https://api.openai.com');
    expect(originOf('data:text/plain,hi')).toBeUndefined();
    expect(originOf('::')).toBeUndefined();
  });
});
