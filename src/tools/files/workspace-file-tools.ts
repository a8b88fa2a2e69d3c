import type { Tool } from '../tool';
import { deletePathTool } from './delete-path-tool';
import { editFileTool } from './edit-file-tool';
import type { FileToolContext } from './file-tool-context';
import { listFilesTool } from './list-files-tool';
import { makeDirTool } from './make-dir-tool';
import { movePathTool } from './move-path-tool';
import { readFileTool } from './read-file-tool';
import { searchFilesTool } from './search-files-tool';
import { writeFileTool } from './write-file-tool';

/** A file tool whose arguments the loop has validated against its schema. */
export type FileTool = Tool<Record<string, unknown>, FileToolContext>;

/**
 * The workspace file tools, read-only ones first: list_files, read_file, search_files,
 * write_file, edit_file, delete_path, move_path, make_dir. A new array each call, so a
 * caller may filter it (e.g. read-only tools for a planning mode).
 */
export function workspaceFileTools(): FileTool[] {
  return [
    listFilesTool,
    readFileTool,
    searchFilesTool,
    writeFileTool,
    editFileTool,
    deletePathTool,
    movePathTool,
    makeDirTool,
  ];
}
