import { describe, expect, it } from 'vitest';
import { nodeToMessage } from '../../../src/agent/context-builder';
import { contextTokens } from '../../../src/agent/compaction';
import { messageTokens } from '../../../src/agent/context-budget';
import { fileMention, folderMention, symbolMention } from '../../../src/agent/mention-content';
import { findPythonDefinition } from '../../../src/agent/python-definitions';
import {
  capAttachmentText,
  MAX_ATTACHMENT_CHARS,
  userMessageText,
} from '../../../src/agent/message-attachments';
import { exportSession, sessionMarkdown } from '../../../src/agent/session-export';
import { parseSessionImport } from '../../../src/agent/session-import';
import type { FileMeta, NodeRecord, SessionRecord } from '../../../src/store/records';

const meta = (path: string, kind: 'file' | 'folder' = 'file', size = 10): FileMeta => ({
  workspaceId: 'w',
  path,
  kind,
  size,
  mtime: 0,
  version: 1,
  binary: false,
});

const SOURCE = `import math


def greet(name):
    return f"hi {name}"


class Circle:
    def area(self):
        return math.pi
`;

describe('mention content', () => {
  it('a file mention holds the whole text, tagged with its path', () => {
    const attachment = fileMention('main.py', SOURCE);
    expect(attachment).toEqual({
      name: 'main.py',
      text: `<file path="main.py">\n${SOURCE}\n</file>`,
    });
  });

  it('a file over the limit is cut, and both the chip and the model are told', () => {
    const big = 'x'.repeat(MAX_ATTACHMENT_CHARS + 5);
    const attachment = fileMention('big.txt', big);
    expect(attachment.note).toBe('first 100,000 of 100,005 characters');
    expect(attachment.text).toContain('cut="first 100,000 of 100,005 characters"');
    expect(attachment.text).toContain('[… cut here: first 100,000 of 100,005 characters]');
    expect(attachment.text.length).toBeLessThan(big.length + 200);
  });

  it('capAttachmentText leaves short text alone', () => {
    expect(capAttachmentText('short')).toEqual({ text: 'short' });
    expect(capAttachmentText('abcdef', 3)).toEqual({
      text: 'abc\n[… cut here: first 3 of 6 characters]',
      note: 'first 3 of 6 characters',
    });
  });

  it("a folder mention is the folder's tree, with sizes and counts", () => {
    const entries = [
      meta('main.py', 'file', 120),
      meta('src', 'folder'),
      meta('src/util.py', 'file', 2048),
      meta('src/data', 'folder'),
      meta('src/data/a.csv', 'file', 5),
    ];
    const attachment = folderMention('src', entries);
    expect(attachment.name).toBe('src/');
    expect(attachment.note).toBeUndefined();
    expect(attachment.text).toMatch(/^<folder path="src\/" holds="2 files, 1 folder">\n/);
    expect(attachment.text).toContain('util.py (2.0 KB)');
    expect(attachment.text).toContain('data/');
    expect(attachment.text).toContain('a.csv');
    expect(attachment.text).not.toContain('main.py');
    expect(attachment.text.endsWith('</folder>')).toBe(true);
  });

  it('a symbol mention is its source lines with path and line', () => {
    const attachment = symbolMention('main.py', findPythonDefinition(SOURCE, 'area', 9)!);
    expect(attachment.name).toBe('main.py:9 area');
    expect(attachment.text).toBe(
      '<symbol path="main.py" lines="9-10" name="area" kind="function">\nmain.py:9\n    def area(self):\n        return math.pi\n</symbol>',
    );
    const greet = symbolMention('main.py', findPythonDefinition(SOURCE, 'greet', 4)!);
    expect(greet.text).toContain('lines="4-5"');
  });

  it('paths with quotes cannot break out of the tag', () => {
    expect(fileMention('a"b.py', '').text.split('\n')[0]).toBe('<file path="a&quot;b.py">');
  });
});

describe('a mention in the conversation', () => {
  const question: NodeRecord = {
    id: 'u1',
    sessionId: 's',
    parentId: null,
    role: 'user',
    content: 'What does greet do?',
    attachments: [fileMention('main.py', SOURCE)],
    status: 'complete',
    startedAt: 1,
  };

  it('goes to the model in front of the text', () => {
    const message = nodeToMessage(question)!;
    expect(message.content).toBe(
      `<file path="main.py">\n${SOURCE}\n</file>\n\nWhat does greet do?`,
    );
    expect(userMessageText('q', [])).toBe('q');
  });

  it('is counted by the context budget and the compaction estimate', () => {
    const bare = { ...question, attachments: undefined };
    const withMention = messageTokens(nodeToMessage(question)!);
    const without = messageTokens(nodeToMessage(bare)!);
    expect(withMention).toBeGreaterThan(without + 20);
    expect(contextTokens([question])).toBeGreaterThan(contextTokens([bare]) + 20);
  });

  it('is in the Markdown export with its name', () => {
    const session: SessionRecord = {
      id: 's',
      workspaceId: 'w',
      title: 'Greet',
      mode: 'chat',
      leafId: 'u1',
      createdAt: 0,
      updatedAt: 0,
      starred: false,
    };
    const markdown = sessionMarkdown(session, [question], 0);
    expect(markdown).toContain('<details><summary>Attached: main.py</summary>');
    expect(markdown).toContain('return f"hi {name}"');

    // The JSON export carries it, and importing it back keeps it on the message.
    const json = JSON.stringify(exportSession(session, [question], 0));
    let next = 0;
    const imported = parseSessionImport(json, { workspaceId: 'w2', newId: () => `n${next++}` });
    expect(imported.nodes[0]!.attachments).toEqual(question.attachments);
    const damaged = json.replace('"name":"main.py"', '"name":7');
    expect(() => parseSessionImport(damaged, { workspaceId: 'w2', newId: () => 'x' })).toThrow();
  });
});
