/**
 * The knowledge passages a reply may cite by number: those its question carried (#knowledge
 * in chat) and those search_knowledge returned earlier in the same run (agent mode). Each
 * search numbers its passages from 1, so when two used a number, the later search's passage
 * has it: the model cites what it read last.
 */
import {
  parseKnowledgePassages,
  type KnowledgePassage,
} from '../workspace/knowledge/knowledge-citations';
import type { ChatMessageView } from './chat-message-view';

const SEARCH_TOOL = 'search_knowledge';

export function replyPassages(
  messages: readonly ChatMessageView[],
  replyId: string,
): KnowledgePassage[] {
  const end = messages.findIndex((message) => message.id === replyId);
  if (end < 0 || messages[end]!.role !== 'assistant') return [];
  let start = end;
  while (start > 0 && messages[start]!.role !== 'user') start--;
  const byNumber = new Map<number, KnowledgePassage>();
  for (const message of messages.slice(start, end + 1)) {
    const texts =
      message.role === 'user'
        ? message.attachments.map((attachment) => attachment.text)
        : message
            .toolCalls()
            .filter((call) => call.name === SEARCH_TOOL)
            .map((call) => call.result() ?? '');
    for (const text of texts) {
      for (const passage of parseKnowledgePassages(text)) byNumber.set(passage.n, passage);
    }
  }
  return [...byNumber.values()].sort((a, b) => a.n - b.n);
}
