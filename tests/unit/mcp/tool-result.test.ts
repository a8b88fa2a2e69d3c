import { describe, expect, it } from 'vitest';
import { mapCallToolResult } from '../../../src/mcp/tool-result';

describe('MCP tool results', () => {
  it('joins text parts and keeps the server’s isError', () => {
    expect(
      mapCallToolResult(
        {
          content: [
            { type: 'text', text: 'one' },
            { type: 'text', text: 'two' },
          ],
          isError: true,
        },
        't',
      ),
    ).toEqual({ content: 'one\n\ntwo', isError: true });
  });

  it('turns images into data: URLs for the timeline and vision models', () => {
    const result = mapCallToolResult(
      { content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }] },
      'get-tiny-image',
    );
    expect(result.images).toEqual([
      { url: 'data:image/png;base64,iVBORw0KGgo=', alt: 'Image from get-tiny-image' },
    ]);
    expect(result.content).toBe('(1 image)');
  });

  it('refuses an image whose type is not an image type', () => {
    const result = mapCallToolResult(
      { content: [{ type: 'image', data: 'x', mimeType: 'text/html' }] },
      't',
    );
    expect(result.images).toBeUndefined();
    expect(result.content).toMatch(/could not be read/);
  });

  it('writes embedded resources and resource links as text with their URI', () => {
    const result = mapCallToolResult(
      {
        content: [
          {
            type: 'resource',
            resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' },
          },
          { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAAA' } },
          { type: 'resource_link', uri: 'demo://r/1', name: 'Resource 1', mimeType: 'text/plain' },
        ],
      },
      't',
    );
    expect(result.content).toBe(
      [
        'Resource file:///a.txt (text/plain):\nhello',
        'Resource file:///b.bin:\n[Binary data, about 3 bytes, not shown.]',
        'Resource link: demo://r/1\nName: Resource 1\nType: text/plain',
      ].join('\n\n'),
    );
  });

  it('adds structured content as JSON unless a text part already says it', () => {
    const data = { temperature: 21, conditions: 'sunny' };
    expect(mapCallToolResult({ content: [], structuredContent: data }, 't').content).toBe(
      `Structured content:\n${JSON.stringify(data, null, 2)}`,
    );
    expect(
      mapCallToolResult(
        { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data },
        't',
      ).content,
    ).toBe(JSON.stringify(data));
  });

  it('says so when there is nothing', () => {
    expect(mapCallToolResult({ content: [] }, 't')).toEqual({ content: '(no content)' });
  });
});
