/**
 * The one list of Cove's built-in tools, in the order they are offered to the model:
 * workspace files (read-only first), todo_write, memory, Python, bash, fetch_url, the live preview,
 * git (read-only, then git_commit), read_attachment, search_knowledge. The app's
 * toolboxes, the agent's prompt and the tests all read it; each tool module carries the
 * rest of what Cove knows of its tool (see tool.ts). Adding a tool: write its module, add
 * one line below.
 */
import type { AttachmentToolContext } from './attachments/read-attachment-tool';
import { readAttachmentTool } from './attachments/read-attachment-tool';
import { deletePathTool } from './files/delete-path-tool';
import { editFileTool } from './files/edit-file-tool';
import type { FileToolContext } from './files/file-tool-context';
import { listFilesTool } from './files/list-files-tool';
import { makeDirTool } from './files/make-dir-tool';
import { movePathTool } from './files/move-path-tool';
import { readFileTool } from './files/read-file-tool';
import { searchFilesTool } from './files/search-files-tool';
import { writeFileTool } from './files/write-file-tool';
import { gitCommitTool } from './git/git-commit-tool';
import { gitDiffTool } from './git/git-diff-tool';
import { gitLogTool } from './git/git-log-tool';
import { gitStatusTool } from './git/git-status-tool';
import { memoryDeleteTool } from './memory/memory-delete-tool';
import { memoryListTool, memoryReadTool } from './memory/memory-read-tools';
import type { MemoryToolContext } from './memory/memory-tool-context';
import { memoryWriteTool } from './memory/memory-write-tool';
import type { GitToolContext } from './git/git-tool-context';
import type { KnowledgeToolContext } from './knowledge/search-knowledge-tool';
import { searchKnowledgeTool } from './knowledge/search-knowledge-tool';
import { openPreviewTool } from './preview/open-preview-tool';
import type { PreviewToolContext } from './preview/preview-tool-context';
import { readPreviewConsoleTool } from './preview/read-preview-console-tool';
import { lintPythonTool } from './python/lint-python-tool';
import { pythonStructureTool } from './python/python-structure-tool';
import type { PythonToolContext } from './python/python-tool-context';
import { runPythonTool } from './python/run-python-tool';
import type { BashToolContext } from './shell/bash-tool-context';
import { bashTool } from './shell/bash-tool';
import type { Tool, ToolContext, ToolNeed } from './tool';
import type { TodoToolContext } from './todo/todo-write-tool';
import { todoWriteTool } from './todo/todo-write-tool';
import type { WebToolContext } from './web/web-tool-context';
import { fetchUrlTool } from './web/fetch-url-tool';

/** The context every built-in tool can run in: each family's capabilities together. */
export type BuiltinToolContext = FileToolContext &
  PythonToolContext &
  BashToolContext &
  WebToolContext &
  TodoToolContext &
  PreviewToolContext &
  GitToolContext &
  MemoryToolContext &
  AttachmentToolContext &
  KnowledgeToolContext;

/**
 * A tool as a registry holds it. `never` arguments because only the loop calls `execute`,
 * with arguments its schema validated.
 */
export type RegisteredTool<C extends ToolContext = ToolContext> = Tool<never, C>;

/** A built-in tool. */
export type BuiltinTool = RegisteredTool<BuiltinToolContext>;

/** Which needs the page can serve (see `Tool.needs`); each is served unless set to false. */
export type ToolAvailability = Partial<Record<ToolNeed, boolean>>;

/** A fixed, ordered list of tools with unique names. */
export class ToolRegistry<C extends ToolContext = ToolContext> {
  private readonly byName: ReadonlyMap<string, RegisteredTool<C>>;

  /** Throws on two tools of one name: a programming error, caught by the registry's test. */
  constructor(readonly tools: readonly RegisteredTool<C>[]) {
    const byName = new Map<string, RegisteredTool<C>>();
    for (const tool of tools) {
      if (byName.has(tool.name)) throw new Error(`Two tools are named ${tool.name}.`);
      byName.set(tool.name, tool);
    }
    this.byName = byName;
  }

  /** The tool named `name`, if registered. */
  get(name: string): RegisteredTool<C> | undefined {
    return this.byName.get(name);
  }

  /** The tools whose needs `available` serves, in order; a new array each call. */
  offered(available: ToolAvailability = {}): RegisteredTool<C>[] {
    return this.tools.filter((tool) => !tool.needs || available[tool.needs] !== false);
  }
}

/** Casts a tool with typed arguments and a narrower context to the registry's shape. */
const builtin = <A, C extends ToolContext>(tool: Tool<A, C>) => tool as unknown as BuiltinTool;

/** Cove's built-in tools. */
export const builtinToolRegistry = new ToolRegistry<BuiltinToolContext>([
  builtin(listFilesTool),
  builtin(readFileTool),
  builtin(searchFilesTool),
  builtin(writeFileTool),
  builtin(editFileTool),
  builtin(deletePathTool),
  builtin(movePathTool),
  builtin(makeDirTool),
  builtin(todoWriteTool),
  builtin(memoryListTool),
  builtin(memoryReadTool),
  builtin(memoryWriteTool),
  builtin(memoryDeleteTool),
  builtin(lintPythonTool),
  builtin(pythonStructureTool),
  builtin(runPythonTool),
  builtin(bashTool),
  builtin(fetchUrlTool),
  builtin(openPreviewTool),
  builtin(readPreviewConsoleTool),
  builtin(gitStatusTool),
  builtin(gitDiffTool),
  builtin(gitLogTool),
  builtin(gitCommitTool),
  builtin(readAttachmentTool),
  builtin(searchKnowledgeTool),
]);
