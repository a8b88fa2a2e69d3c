import { describe, expect, it } from 'vitest';
import { mcpToolName, mcpToolNames, TOOL_NAME_PATTERN } from '../../../src/mcp/tool-names';

describe('MCP tool names', () => {
  it('keeps names that are already safe as mcp_<server>_<tool>', () => {
    expect(mcpToolName('everything', 'get-sum')).toBe('mcp_everything_get-sum');
  });

  it('sanitizes other characters, deterministically', () => {
    const name = mcpToolName('My Server!', 'read file.v2');
    expect(name).toMatch(TOOL_NAME_PATTERN);
    expect(name.startsWith('mcp_My_Server_read_file_v2_')).toBe(true);
    expect(mcpToolName('My Server!', 'read file.v2')).toBe(name);
    expect(mcpToolName('Café', 'ünïcode')).toMatch(TOOL_NAME_PATTERN);
    expect(mcpToolName('', '')).toMatch(TOOL_NAME_PATTERN);
  });

  it('keeps names that only differ in dropped characters apart', () => {
    expect(mcpToolName('s', 'a.b')).not.toBe(mcpToolName('s', 'a b'));
  });

  it('cuts long names to 64 characters and keeps them distinct', () => {
    const long = 'x'.repeat(80);
    const a = mcpToolName('server', `${long}-a`);
    const b = mcpToolName('server', `${long}-b`);
    expect(a).toMatch(TOOL_NAME_PATTERN);
    expect(a).toHaveLength(64);
    expect(a).not.toBe(b);
  });

  it('makes every name of a server unique, also against names already taken', () => {
    const names = mcpToolNames('s', ['echo', 'echo', 'other'], ['mcp_s_other']);
    expect(new Set([...names, 'mcp_s_other']).size).toBe(4);
    for (const name of names) expect(name).toMatch(TOOL_NAME_PATTERN);
    expect(names[0]).toBe('mcp_s_echo');
    expect(mcpToolNames('s', ['echo', 'echo', 'other'], ['mcp_s_other'])).toEqual(names);
  });
});
