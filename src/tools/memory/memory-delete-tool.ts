import type { MemoryScope } from '../../store/assistant-memory-store';
import { stringArgument } from '../call-summary';
import type { Tool } from '../tool';
import {
  placeOf,
  SCOPE_NAMES,
  SCOPE_PARAMETER,
  type MemoryToolContext,
} from './memory-tool-context';

type MemoryDeleteArgs = { scope: MemoryScope; title: string };

/** memory_delete: removes a note that is wrong or no longer holds; asks like a file delete. */
export const memoryDeleteTool: Tool<MemoryDeleteArgs, MemoryToolContext> = {
  name: 'memory_delete',
  description: 'Delete a note from memory when it is wrong or no longer holds.',
  parameters: {
    type: 'object',
    properties: { scope: SCOPE_PARAMETER, title: { type: 'string', minLength: 1 } },
    required: ['scope', 'title'],
    additionalProperties: false,
  },
  approval: 'edit',
  needs: 'memory',
  summarize: (args) => stringArgument(args, 'title') ?? '',
  async describeApproval(args, context) {
    const where = placeOf(context.memory, args.scope);
    const entry =
      'place' in where ? await context.memory.store.find(where.place, args.title) : undefined;
    return {
      title: `Delete from ${SCOPE_NAMES[args.scope]}: ${args.title}`,
      view: { kind: 'code', language: 'markdown', code: entry?.text ?? '' },
      ...('error' in where
        ? { problem: where.error }
        : entry
          ? {}
          : { problem: `There is no note titled ${JSON.stringify(args.title)}.` }),
    };
  },
  async execute(args, context) {
    const where = placeOf(context.memory, args.scope);
    if ('error' in where) return { content: where.error, isError: true };
    const deleted = await context.memory.store.delete(where.place, args.title);
    return deleted
      ? { content: `Deleted from ${SCOPE_NAMES[args.scope]}: ${JSON.stringify(args.title)}` }
      : { content: `There is no note titled ${JSON.stringify(args.title)}.`, isError: true };
  },
};
