/**
 * The composer's mentions over the open workspace: the candidates the `@` menu offers
 * (files, folders, and the Python symbols the workspace defines) and, once one is picked,
 * the attachment it becomes, read from the workspace at that moment. The Python parser
 * loads when the menu first lists symbols (python-parser.ts).
 */
import { folderMention, fileMention, symbolMention } from '../agent/mention-content';
import type { FileMeta, NodeAttachment } from '../store/records';
import { formatBytes, isBinary } from '../workspace/file-content';
import { errorText } from './messages/describe-error';
import { MAX_FILE_BYTES } from '../workspace/limits';
import type { WorkspaceService } from './workspace-service';
import { mentionCandidates, type FileSymbols, type MentionCandidate } from './mention-candidates';
import type { NoticeService } from './notice-service';
import { loadPythonDefinitions, loadPythonSymbols } from './python-parser';

/**
 * Python files larger than this are not parsed for the symbol list (a generated file
 * would stall the menu); they can still be mentioned as files.
 */
const SYMBOL_SCAN_BYTES = 200_000;
/** Python files parsed for symbols at most, in path order. */
const SYMBOL_SCAN_FILES = 300;

/** A picked mention: the attachment, or why it cannot be attached (in words). */
export type MentionResult = { attachment: NodeAttachment } | { problem: string };

export interface MentionSource {
  /**
   * Everything the menu can offer now; symbols of the Python files included. Never
   * rejects: when the parser cannot load, a notice says so and files and folders are
   * offered without symbols (the next call tries again).
   */
  candidates(): Promise<MentionCandidate[]>;
  /** Reads what `candidate` names and builds its attachment. Never rejects. */
  resolve(candidate: MentionCandidate): Promise<MentionResult>;
}

export function createMentionSource(
  workspaces: WorkspaceService,
  notices: Pick<NoticeService, 'error'>,
): MentionSource {
  /** Symbols per listing: the listing is a new array whenever a file changes. */
  let cached: { entries: readonly FileMeta[]; symbols: Promise<FileSymbols[]> } | undefined;
  /**
   * Each file's symbols by the version they were parsed at: a save changes the listing, and
   * only the file saved is read and parsed again.
   */
  const parsed = new Map<string, { version: number; symbols: FileSymbols }>(); // by workspace/path

  async function scanSymbols(entries: readonly FileMeta[]): Promise<FileSymbols[]> {
    const files = workspaces.files();
    if (!files) return [];
    const python = entries
      .filter((e) => e.kind === 'file' && e.path.endsWith('.py') && e.size <= SYMBOL_SCAN_BYTES)
      .slice(0, SYMBOL_SCAN_FILES);
    const keyOf = (entry: FileMeta) => `${entry.workspaceId}/${entry.path}`;
    // Only files saved since they were parsed are read, all in one store read.
    const stale = python.filter((entry) => parsed.get(keyOf(entry))?.version !== entry.version);
    if (stale.length) {
      const { listPythonSymbols } = await loadPythonSymbols();
      const records = await files.findMany(stale.map((entry) => entry.path)).catch(() => []);
      for (const entry of stale) parsed.delete(keyOf(entry));
      records.forEach((record, k) => {
        if (!record || isBinary(record.content)) return;
        const symbols = { path: record.path, symbols: listPythonSymbols(record.content) };
        parsed.set(keyOf(stale[k]!), { version: record.version, symbols });
      });
    }
    return python.flatMap((entry) => {
      const known = parsed.get(keyOf(entry));
      return known ? [known.symbols] : [];
    });
  }

  return {
    async candidates() {
      const entries = workspaces.entries();
      if (cached?.entries !== entries) cached = { entries, symbols: scanSymbols(entries) };
      const scan = cached;
      const symbols = await scan.symbols.catch((error: unknown) => {
        if (cached === scan) cached = undefined;
        notices.error(
          error,
          'Python symbols could not load; check the connection and type @ again',
        );
        return [];
      });
      return mentionCandidates(entries, symbols);
    },
    async resolve(candidate) {
      const files = workspaces.files();
      if (!files) return { problem: 'Open a workspace first.' };
      if (candidate.kind === 'folder') {
        return { attachment: folderMention(candidate.path, workspaces.entries()) };
      }
      const record = await files.find(candidate.path).catch(() => undefined);
      if (!record) return { problem: `${candidate.path} is no longer in the workspace.` };
      if (isBinary(record.content)) {
        return {
          problem: `${candidate.path} is a binary file (${formatBytes(record.size)}); only text can be attached.`,
        };
      }
      if (record.size > MAX_FILE_BYTES) {
        return {
          problem: `${candidate.path} is ${formatBytes(record.size)}, too large to attach.`,
        };
      }
      if (candidate.kind === 'file') {
        return { attachment: fileMention(candidate.path, record.content) };
      }
      let definitions: Awaited<ReturnType<typeof loadPythonDefinitions>>;
      try {
        definitions = await loadPythonDefinitions();
      } catch (error) {
        return {
          problem: `the Python parser could not load (${errorText(error)}); check the connection and pick it again.`,
        };
      }
      // The file may have changed since the menu listed it: the same name elsewhere in
      // it is the same symbol moved (line 0 asks for its first definition).
      const found =
        definitions.findPythonDefinition(record.content, candidate.name, candidate.line) ??
        definitions.findPythonDefinition(record.content, candidate.name, 0);
      const attachment = found && symbolMention(candidate.path, found);
      return attachment
        ? { attachment }
        : {
            problem: `${candidate.qualified} is no longer defined at ${candidate.path}:${candidate.line}.`,
          };
    },
  };
}
