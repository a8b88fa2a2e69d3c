import { batch, createSignal, untrack, type Accessor } from 'solid-js';
import type { Clock } from '../base/clock';
import type { CoveError } from '../base/errors';
import type { FileRecord } from '../store/records';
import { retryingImport } from '../base/retrying-import';
import type { CurrentFile, FileRewrite } from '../workspace/project-replace';
import type { ProjectQuery, ProjectSearchResult } from '../workspace/project-search';
import type { EditorService } from './editor-service';
import type { NoticeService } from './notice-service';
import type { WorkspaceService } from './workspace-service';

// The matching (RE2 among it) and the replace plans load with the first search, not with
// the page; each chunk is fetched again under a fresh URL after a failed load.
const loadSearch = retryingImport(() => import('../workspace/project-search'));
const loadReplace = retryingImport(() => import('../workspace/project-replace'));
type ReplaceModule = Awaited<ReturnType<typeof loadReplace>>;

/** How long typing must pause before a search starts, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Files read from storage at once: enough to overlap its latency, few enough to stop soon. */
const READ_BATCH = 16;

/** Which view the left column shows. */
export type SidebarView = 'files' | 'search';

/** What the search panel shows below its fields. */
export type SearchState =
  | { status: 'idle' }
  | { status: 'searching'; previous?: ProjectSearchResult }
  | { status: 'invalid'; error: CoveError }
  | { status: 'done'; result: ProjectSearchResult };

/** A replace worked out and waiting for the person's yes: what it will change. */
export interface PendingReplace {
  matches: number;
  files: number;
  /** Writes it (files changed since the search are skipped) and offers Undo in a notice. */
  apply(): Promise<void>;
}

/**
 * The project search panel's state: the query, the search run over the workspace's files
 * plus the open tabs' unsaved text (debounced; a newer query drops an older one's result),
 * and replace with its Undo. The matching is src/workspace/project-search.ts.
 */
export interface ProjectSearchService {
  readonly view: Accessor<SidebarView>;
  setView(view: SidebarView): void;
  /** Shows the search view and asks its search box for focus (see `focusRequests`). */
  show(): void;
  /** Counts calls of {@link show}; the panel focuses its search box on each. */
  readonly focusRequests: Accessor<number>;
  /**
   * True once per {@link show}: the panel that takes it focuses its search box. A panel
   * mounted later (the sidebar was hidden) still gets a request it has not seen; one
   * mounted again later does not steal focus for an old request.
   */
  claimFocus(): boolean;
  readonly query: Accessor<ProjectQuery>;
  /** Changes fields of the query; the search runs after a pause. */
  setQuery(patch: Partial<ProjectQuery>): void;
  readonly replacement: Accessor<string>;
  setReplacement(text: string): void;
  readonly state: Accessor<SearchState>;
  /** Runs the search at once (Enter in the search box). */
  searchNow(): void;
  /**
   * What replacing every match shown (or those of one file) would do, or undefined when
   * there is nothing to replace. Nothing is written until `apply`.
   */
  prepareReplace(path?: string): PendingReplace | undefined;
}

const emptyQuery: ProjectQuery = {
  pattern: '',
  caseSensitive: false,
  wholeWord: false,
  regex: false,
  include: '',
  exclude: '',
};

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export function createProjectSearchService(deps: {
  workspaces: WorkspaceService;
  editor: EditorService;
  notices: NoticeService;
  clock: Clock;
}): ProjectSearchService {
  const { workspaces, editor, notices, clock } = deps;
  const [view, setView] = createSignal<SidebarView>('files');
  const [focusRequests, setFocusRequests] = createSignal(0);
  const [query, setQuerySignal] = createSignal<ProjectQuery>(emptyQuery);
  const [replacement, setReplacement] = createSignal('');
  const [state, setState] = createSignal<SearchState>({ status: 'idle' });
  /** The query and texts the shown result was found in: a replace plans over exactly these. */
  let searched: { query: ProjectQuery; texts: Map<string, string> } | undefined;
  /** Bumped by every search started: an older one sees it and stops. */
  let generation = 0;
  let pending: (() => void) | undefined;
  let focusClaimed = 0;

  function schedule() {
    pending?.();
    pending = clock.schedule(() => {
      pending = undefined;
      void run();
    }, SEARCH_DEBOUNCE_MS);
  }

  function lastResult(): ProjectSearchResult | undefined {
    const now = state();
    if (now.status === 'done') return now.result;
    if (now.status === 'searching') return now.previous;
    return undefined;
  }

  /** Loaded with the search whose result a replace works from (see prepareReplace). */
  let replaceModule: ReplaceModule | undefined;

  async function run() {
    const mine = ++generation;
    const current = query();
    const files = workspaces.files();
    if (current.pattern === '' || !files) {
      searched = undefined;
      setState({ status: 'idle' });
      return;
    }
    const previous = lastResult();
    setState(previous ? { status: 'searching', previous } : { status: 'searching' });
    let modules: [Awaited<ReturnType<typeof loadSearch>>, ReplaceModule];
    try {
      modules = await Promise.all([loadSearch(), loadReplace()]);
    } catch (error) {
      if (mine !== generation) return;
      notices.error(error, 'The search could not load; check the connection and search again');
      setState({ status: 'idle' });
      return;
    }
    if (mine !== generation) return;
    const [{ startProjectSearch }, replacing] = modules;
    replaceModule = replacing;
    const started = startProjectSearch(current);
    if (!started.ok) {
      searched = undefined;
      setState({ status: 'invalid', error: started.error });
      return;
    }
    const { search } = started;
    const open = editor.openTexts();
    const paths = workspaces
      .entries()
      .filter((meta) => meta.kind === 'file' && !meta.binary && search.wants(meta.path))
      .map((meta) => meta.path);
    const texts = new Map<string, string>();
    try {
      reading: for (let i = 0; i < paths.length; i += READ_BATCH) {
        const rows = await Promise.all(
          paths.slice(i, i + READ_BATCH).map(async (path) => {
            const text = open.get(path);
            if (text !== undefined) return { path, text };
            const row = await files.find(path);
            return typeof row?.content === 'string' ? { path, text: row.content } : undefined;
          }),
        );
        // A newer query started while these were read: its result is the one to show.
        if (mine !== generation) return;
        for (const row of rows) {
          if (!row) continue;
          const before = search.result().total;
          const more = search.add(row.path, row.text);
          if (search.result().total > before) texts.set(row.path, row.text);
          if (!more) break reading;
        }
      }
    } catch (error) {
      if (mine !== generation) return;
      notices.error(error, 'The search could not read the files');
    }
    if (mine !== generation) return;
    searched = { query: current, texts };
    setState({ status: 'done', result: search.result() });
  }

  /** Each file as it is now; a file open with edits not yet stored counts as changed. */
  async function currentFiles(paths: string[]): Promise<Map<string, CurrentFile>> {
    const files = workspaces.files();
    const open = editor.openTexts();
    const rows = await Promise.all(paths.map((path) => files?.find(path)));
    const current = new Map<string, CurrentFile>();
    rows.forEach((row: FileRecord | undefined, index) => {
      if (!row || row.kind !== 'file') return;
      const stored = typeof row.content === 'string' ? row.content : undefined;
      const tab = open.get(row.path);
      const text = tab === undefined || tab === stored ? stored : undefined;
      current.set(paths[index]!, { text, version: row.version });
    });
    return current;
  }

  /**
   * Writes `rewrites` where the files still hold their `before` text, in one batch, and
   * returns what was written and skipped; throws when the batch was refused whole.
   */
  async function write(rewrites: FileRewrite[]) {
    const files = workspaces.files();
    if (!files) return { written: [], skipped: rewrites.map((r) => r.path) };
    // Unsaved edits are stored first, so a file open in a tab compares as what it shows.
    await editor.saveAll();
    const { planRewrites } = await loadReplace();
    const plan = planRewrites(rewrites, await currentFiles(rewrites.map((r) => r.path)));
    if (plan.changes.length) await files.apply(plan.changes);
    return plan;
  }

  const skippedDetails = (skipped: string[]) =>
    skipped.length ? { details: skipped.map((path) => `${path}: changed since the search`) } : {};

  async function undo(written: FileRewrite[]) {
    try {
      const { undoRewrites } = await loadReplace();
      const plan = await write(undoRewrites(written));
      notices.show({
        kind: plan.skipped.length ? 'error' : 'info',
        text: plan.skipped.length
          ? `Replace undone in ${plural(plan.written.length, 'file')}; ${plural(plan.skipped.length, 'file')} changed since and kept as they are.`
          : 'Replace undone.',
        ...skippedDetails(plan.skipped),
      });
    } catch (error) {
      notices.error(error, 'Could not undo the replace; no file was changed');
    }
  }

  async function apply(rewrites: FileRewrite[]) {
    try {
      const plan = await write(rewrites);
      const count = plan.written.reduce((sum, rewrite) => sum + rewrite.count, 0);
      const done = plan.written.length
        ? `Replaced ${plural(count, 'match', 'matches')} in ${plural(plan.written.length, 'file')}.`
        : 'Nothing was replaced.';
      const skipped = plan.skipped.length
        ? ` Skipped ${plural(plan.skipped.length, 'file')} that changed since the search; search again to include ${plan.skipped.length === 1 ? 'it' : 'them'}.`
        : '';
      notices.show({
        kind: plan.skipped.length ? 'error' : 'success',
        text: done + skipped,
        ...skippedDetails(plan.skipped),
        ...(plan.written.length
          ? { action: { label: 'Undo', run: () => void undo(plan.written) } }
          : {}),
      });
    } catch (error) {
      notices.error(error, 'Replace failed; no file was changed');
    }
  }

  workspaces.onFilesChanged(() => {
    if (untrack(query).pattern !== '') schedule();
  });
  workspaces.onWorkspaceChanged(() => {
    searched = undefined;
    setState({ status: 'idle' });
    if (untrack(query).pattern !== '') schedule();
  });

  return {
    view,
    setView,
    show() {
      batch(() => {
        setView('search');
        setFocusRequests((count) => count + 1);
      });
    },
    focusRequests,
    claimFocus() {
      const requests = untrack(focusRequests);
      if (requests <= focusClaimed) return false;
      focusClaimed = requests;
      return true;
    },
    query,
    setQuery(patch) {
      setQuerySignal({ ...untrack(query), ...patch });
      schedule();
    },
    replacement,
    setReplacement,
    state,
    searchNow() {
      pending?.();
      pending = undefined;
      void run();
    },
    prepareReplace(path) {
      const shown = untrack(state);
      if (shown.status !== 'done' || !searched || !replaceModule) return undefined;
      const { planReplace } = replaceModule;
      const paths = shown.result.files
        .map((file) => file.path)
        .filter((file) => path === undefined || file === path);
      const texts = paths.flatMap((file) => {
        const text = searched!.texts.get(file);
        return text === undefined ? [] : [{ path: file, text }];
      });
      const rewrites = planReplace(searched.query, untrack(replacement), texts);
      if (!rewrites?.length) return undefined;
      return {
        matches: rewrites.reduce((sum, rewrite) => sum + rewrite.count, 0),
        files: rewrites.length,
        apply: () => apply(rewrites),
      };
    },
  };
}
