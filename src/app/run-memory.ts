/**
 * Memory for one agent run: the tools' host, the index the dynamic prompt shows (read again
 * after each memory write of the run, so the next request lists the new note), and what
 * outside text the run has read, so a later write is flagged.
 */
import type { MemoryIndex } from '../agent/memory-prompt';
import type { AgentTool } from '../agent/tool-catalog';
import type { MemoryToolHost } from '../tools/memory/memory-tool-context';
import type { ToolContext } from '../tools/tool';
import type { MemoryService } from './memory-service';

export interface RunMemory {
  readonly host: MemoryToolHost;
  /** The titles per scope that is on, as last read. */
  index(): MemoryIndex;
  /** Reads the titles again. */
  refresh(): Promise<void>;
  /**
   * The run's tools, with the memory tools left out when every scope is off; tools that
   * bring outside text mark the run when they succeed, memory writes refresh the index.
   */
  wrap(tools: readonly AgentTool<ToolContext>[]): AgentTool<ToolContext>[];
}

export function createRunMemory(memory: MemoryService, workspaceId: string | undefined): RunMemory {
  let outside: string | undefined;
  let index: MemoryIndex = {};
  const refresh = async () => {
    index = await memory.index(workspaceId);
  };
  return {
    host: memory.host(workspaceId, () => outside),
    index: () => index,
    refresh,
    wrap(tools) {
      const on = memory.switches();
      const offered = on.user || on.workspace ? tools : tools.filter((t) => t.needs !== 'memory');
      return offered.map((tool) => {
        const writes = tool.needs === 'memory' && tool.approval !== 'read';
        if (!tool.outsideText && !writes) return tool;
        return {
          ...tool,
          async execute(args: never, context: ToolContext) {
            const result = await tool.execute(args, context);
            if (tool.outsideText && !result.isError) outside ??= tool.name;
            if (writes) await refresh().catch(() => undefined);
            return result;
          },
        };
      });
    },
  };
}
