import { describe, expect, it } from 'vitest';
import { viewOf, type MutableView } from '../../../src/app/chat-message-view';
import type { ToolCallView } from '../../../src/app/agent-views';
import { replyPassages } from '../../../src/app/reply-passages';
import {
  formatKnowledgePassages,
  type KnowledgePassage,
} from '../../../src/workspace/knowledge/knowledge-citations';
import type { NodeRecord } from '../../../src/store/records';

const passage = (n: number, path: string, startLine: number): KnowledgePassage => ({
  n,
  path,
  startLine,
  endLine: startLine + 2,
  version: 1,
  text: `Text of ${path} at ${startLine}.`,
});

function node(id: string, role: NodeRecord['role'], extra: Partial<NodeRecord> = {}): MutableView {
  return viewOf({
    id,
    sessionId: 's',
    parentId: null,
    role,
    content: '',
    status: 'complete',
    startedAt: 1,
    ...extra,
  });
}

/** A finished call of `name` whose result the model read was `result`. */
function call(name: string, result: string): ToolCallView {
  return { name, result: () => result } as unknown as ToolCallView;
}

describe('reply passages', () => {
  it('a chat reply cites what its question carried', () => {
    const question = node('q', 'user', {
      attachments: [
        { name: 'Knowledge', text: formatKnowledgePassages([passage(1, 'docs/a.md', 3)]) },
      ],
    });
    const reply = node('r', 'assistant');
    expect(replyPassages([question, reply], 'r').map((p) => `${p.n}:${p.path}`)).toEqual([
      '1:docs/a.md',
    ]);
  });

  it('an agent reply cites what search_knowledge returned in its run, the later search winning a number', () => {
    const earlierRun = node('a0', 'assistant');
    earlierRun.setToolCalls([
      call('search_knowledge', formatKnowledgePassages([passage(1, 'old.md', 1)])),
    ]);
    const question = node('q', 'user');
    const first = node('a1', 'assistant');
    first.setToolCalls([
      call(
        'search_knowledge',
        formatKnowledgePassages([passage(1, 'a.md', 1), passage(2, 'b.md', 5)]),
      ),
      call('read_file', formatKnowledgePassages([passage(3, 'not-a-search.md', 1)])),
    ]);
    const second = node('a2', 'assistant');
    second.setToolCalls([
      call('search_knowledge', formatKnowledgePassages([passage(1, 'c.md', 9)])),
    ]);
    const reply = node('a3', 'assistant');
    const messages = [node('q0', 'user'), earlierRun, question, first, second, reply];
    expect(replyPassages(messages, 'a3').map((p) => `${p.n}:${p.path}:${p.startLine}`)).toEqual([
      '1:c.md:9',
      '2:b.md:5',
    ]);
    // A question's own message has nothing to cite; an unknown id neither.
    expect(replyPassages(messages, 'q')).toEqual([]);
    expect(replyPassages(messages, 'gone')).toEqual([]);
  });
});
