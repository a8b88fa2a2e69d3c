import type { KnowledgeHit } from '../../workspace/knowledge/knowledge-index';
import {
  formatKnowledgePassages,
  type KnowledgePassage,
} from '../../workspace/knowledge/knowledge-citations';
import type { Tool, ToolContext } from '../tool';

/** The workspace's knowledge index as the tool reaches it (the app's knowledge service). */
export interface KnowledgeToolHost {
  search(query: string, limit: number): Promise<KnowledgeHit[]>;
}

export interface KnowledgeToolContext extends ToolContext {
  knowledge?: KnowledgeToolHost;
}

interface Args {
  query: string;
  limit?: number;
}

/** Passages returned when the call does not say. */
const DEFAULT_LIMIT = 6;

/** search_knowledge: the passages of the workspace's knowledge that best match a query. */
export const searchKnowledgeTool: Tool<Args, KnowledgeToolContext> = {
  name: 'search_knowledge',
  description:
    "Search the workspace's knowledge (the documents and code the person added to it) for passages about a question. Returns numbered passages, each with its source: path, line range (or page) and the file's version. Read-only.",
  parameters: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What to look for, in words or identifiers.' },
      limit: { type: 'integer', minimum: 1, maximum: 20, description: 'Passages to return (6).' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  approval: 'read',
  needs: 'knowledge',
  promptHint:
    "Use search_knowledge when the answer may be in the workspace's documentation or knowledge; cite what you use by its number in square brackets, like [1].",
  summarize: (args) => (typeof args['query'] === 'string' ? args['query'] : ''),
  async execute({ query, limit = DEFAULT_LIMIT }, context) {
    if (!context.knowledge) {
      return { content: 'The workspace knowledge is not available here.', isError: true };
    }
    const hits = await context.knowledge.search(query, limit);
    if (!hits.length) {
      return {
        content: `No passage of the workspace knowledge matches "${query}". If nothing was added yet, the person can add files or folders in the Knowledge panel.`,
        details: { count: 0 },
      };
    }
    const passages: KnowledgePassage[] = hits.map(({ chunk }, i) => ({
      n: i + 1,
      path: chunk.path,
      startLine: chunk.startLine,
      endLine: chunk.endLine,
      version: chunk.version,
      ...(chunk.page ? { page: chunk.page } : {}),
      ...(chunk.heading ? { heading: chunk.heading } : {}),
      text: chunk.text,
    }));
    return { content: formatKnowledgePassages(passages), details: { count: hits.length } };
  },
};
