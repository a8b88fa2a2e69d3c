/**
 * What an approval request shows of a call, as plain data: src/tools may not import Solid,
 * so a tool says what to show (a diff, code, a command, an address, the arguments) and the
 * UI maps each `kind` to one component in one place (src/ui/agent/ApprovalView.tsx).
 */

/** The preview part of an approval request, one kind per way of showing a call. */
export type ApprovalView =
  /** A change to one text file: the unified diff, and the whole texts when known. */
  | { kind: 'diff'; path: string; diff: string; before?: string; after?: string }
  /** Code that will run, in full (`path`: the file it runs as, when it has one). */
  | { kind: 'code'; language: string; code: string; path?: string }
  /** A shell command line, in full. */
  | { kind: 'command'; command: string }
  /** A commit: its message, the files it holds and their diff against HEAD. */
  | { kind: 'commit'; message: string; diff: string; files: string[] }
  /** An address the call will reach. */
  | { kind: 'url'; url: string }
  /** The call's arguments as `name: value` lines (what any tool can fall back to). */
  | { kind: 'arguments' };

/** One approval request's content: a title line, the preview, and what to know first. */
export interface ApprovalCard {
  /** One line: "Edit main.py (+2 −1)", "Run Python", "Fetch https://…". */
  title: string;
  view: ApprovalView;
  /** Why the call would fail as it stands (the text to replace is not in the file…). */
  problem?: string;
  /** Something to know before deciding, e.g. that an MCP tool changed since it was allowed. */
  note?: string;
}

/** The card of a tool that says nothing of its own: "Run <name>" over its arguments. */
export function argumentsCard(toolName: string): ApprovalCard {
  return { title: `Run ${toolName}`, view: { kind: 'arguments' } };
}
