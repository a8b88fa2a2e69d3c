import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { McpConnection, type McpTool } from '../../../src/mcp/mcp-connection';
import { toCoveTools } from '../../../src/mcp/mcp-tools';
import type { McpServerConfig } from '../../../src/mcp/server-config';
import { fingerprintTool } from '../../../src/mcp/tool-fingerprint';

function connection(config: Partial<McpServerConfig> = {}): McpConnection {
  return new McpConnection(
    {
      id: 'gh',
      name: 'github',
      url: 'https://mcp.example.com/mcp',
      headers: {},
      enabled: true,
      approval: 'ask',
      ...config,
    },
    {
      fetch: () => Promise.reject(new Error('no network in this test')),
      clock: new ManualClock(),
    },
  );
}

const readIssue: McpTool = {
  name: 'read_issue',
  title: 'Read issue',
  description: 'Reads one issue.',
  inputSchema: { type: 'object', properties: { number: { type: 'integer' } } },
  annotations: { readOnlyHint: true },
};

describe('MCP tools as agent tools', () => {
  it('offers the server’s words as data, under its name, as a network tool', () => {
    const [tool] = toCoveTools(connection(), [readIssue]);
    expect(tool).toMatchObject({
      name: 'mcp_github_read_issue',
      description: 'Read issue: Reads one issue.',
      parameters: readIssue.inputSchema,
      approval: 'network',
      mcp: {
        serverId: 'gh',
        serverName: 'github',
        toolName: 'read_issue',
        serverApproval: 'ask',
        trustedReadOnly: false,
        fingerprint: fingerprintTool(readIssue),
      },
    });
  });

  it('trusts a read-only hint only when the user chose so for the server', () => {
    expect(
      toCoveTools(connection({ trustReadOnlyHint: true }), [readIssue])[0]!.mcp.trustedReadOnly,
    ).toBe(true);
    const writer = { ...readIssue, name: 'close_issue', annotations: { readOnlyHint: false } };
    expect(
      toCoveTools(connection({ trustReadOnlyHint: true }), [writer])[0]!.mcp.trustedReadOnly,
    ).toBe(false);
    expect(toCoveTools(connection({ approval: 'auto' }), [readIssue])[0]!.mcp.serverApproval).toBe(
      'auto',
    );
  });

  it('gives a tool without schema properties an empty object schema', () => {
    const [tool] = toCoveTools(connection(), [{ name: 'ping', inputSchema: { type: 'object' } }]);
    expect(tool!.parameters).toEqual({ type: 'object', properties: {} });
    expect(tool!.description).toBe('Tool “ping” of the MCP server github.');
  });

  it('avoids names other tools already use', () => {
    const [tool] = toCoveTools(connection(), [readIssue], {
      takenNames: ['mcp_github_read_issue'],
    });
    expect(tool!.name).toBe('mcp_github_read_issue_2');
  });
});
