/**
 * Chat mode's use of the knowledge: when the toggle is on or the message says `#knowledge`,
 * the passages that best match the message travel with it as one attachment (numbered, with
 * their sources), so the reply can cite them and the citation can be followed later, after a
 * reload or in a fork, from the message alone.
 */
import type { NodeAttachment } from '../store/records';
import {
  formatKnowledgePassages,
  KNOWLEDGE_ATTACHMENT_PREFIX,
} from '../workspace/knowledge/knowledge-citations';
import type { KnowledgeService } from './knowledge-service';

/** `#knowledge` as a word of its own, anywhere in the message. */
const KNOWLEDGE_TAG = /(^|\s)#knowledge\b/i;

/** Whether `text` asks for the knowledge by tag. */
export const asksForKnowledge = (text: string) => KNOWLEDGE_TAG.test(text);

/**
 * The attachment of passages for `text`, when the toggle or the tag asks for it; undefined
 * otherwise. The search reads the message without the tag.
 */
export async function knowledgeAttachment(
  knowledge: Pick<KnowledgeService, 'retrieve' | 'useInChat'>,
  text: string,
): Promise<NodeAttachment | undefined> {
  if (!knowledge.useInChat() && !asksForKnowledge(text)) return undefined;
  const query = text.replace(/(^|\s)#knowledge\b/gi, ' ').trim();
  const passages = await knowledge.retrieve(query);
  const count = `${passages.length} ${passages.length === 1 ? 'passage' : 'passages'}`;
  return {
    name: `${KNOWLEDGE_ATTACHMENT_PREFIX}: ${count}`,
    text: formatKnowledgePassages(passages),
  };
}
