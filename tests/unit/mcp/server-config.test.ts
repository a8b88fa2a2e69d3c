import { describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import { validateMcpServerConfig, type McpServerConfig } from '../../../src/mcp/server-config';

const base: McpServerConfig = {
  id: 'a',
  name: ' github ',
  url: ' https://api.example.com/mcp ',
  headers: { Authorization: ' Bearer t0ken ', '': '' },
  enabled: true,
  approval: 'ask',
};

function problem(config: Partial<McpServerConfig>): string {
  try {
    validateMcpServerConfig({ ...base, ...config });
  } catch (error) {
    expect(error).toBeInstanceOf(CoveError);
    expect((error as CoveError).code).toMatch(/^mcp-invalid-(name|url|headers)$/);
    return (error as CoveError).userText;
  }
  throw new Error('expected a problem');
}

describe('MCP server settings', () => {
  it('trims and keeps a good server', () => {
    expect(validateMcpServerConfig(base)).toEqual({
      ...base,
      name: 'github',
      url: 'https://api.example.com/mcp',
      headers: { Authorization: 'Bearer t0ken' },
    });
  });

  it('says what to fix', () => {
    expect(problem({ name: '  ' })).toMatch(/no name/);
    expect(problem({ url: 'api.example.com' })).toMatch(/not a URL/);
    expect(problem({ url: 'ws://example.com/mcp' })).toMatch(/HTTP only/);
    expect(problem({ url: 'https://u:p@example.com/mcp' })).toMatch(/Authorization header/);
    expect(problem({ headers: { 'Bad Name': 'x' } })).toMatch(/not a valid header name/);
    expect(problem({ headers: { 'Mcp-Session-Id': 'x' } })).toMatch(/Cove sends it itself/);
  });
});
