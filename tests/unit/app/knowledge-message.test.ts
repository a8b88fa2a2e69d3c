import { describe, expect, it } from 'vitest';
import { asksForKnowledge, knowledgeAttachment } from '../../../src/app/knowledge-message';
import { parseKnowledgePassages } from '../../../src/workspace/knowledge/knowledge-citations';

const passage = { n: 1, path: 'docs/a.md', startLine: 2, endLine: 4, version: 3, text: 'Alpha' };

function fakeKnowledge(on = false) {
  const asked: string[] = [];
  return {
    asked,
    useInChat: () => on,
    retrieve: async (query: string) => (asked.push(query), [passage]),
  };
}

describe('passages with a chat message', () => {
  it('go when the message says #knowledge, searched without the tag', async () => {
    const knowledge = fakeKnowledge();
    const attachment = await knowledgeAttachment(knowledge, 'How is alpha set? #knowledge');
    expect(knowledge.asked).toEqual(['How is alpha set?']);
    expect(attachment!.name).toBe('Knowledge: 1 passage');
    expect(parseKnowledgePassages(attachment!.text)).toEqual([passage]);
  });

  it('go with every message while the toggle is on, and not otherwise', async () => {
    expect(await knowledgeAttachment(fakeKnowledge(true), 'alpha')).toBeDefined();
    const off = fakeKnowledge(false);
    expect(await knowledgeAttachment(off, 'alpha #knowledgebase')).toBeUndefined();
    expect(off.asked).toEqual([]);
  });

  it('the tag is a word of its own', () => {
    expect(asksForKnowledge('#knowledge what')).toBe(true);
    expect(asksForKnowledge('see issue#knowledge')).toBe(false);
  });
});
