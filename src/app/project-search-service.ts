import { batch, createSignal, untrack, type Accessor } from 'solid-js';
import type { Clock } from '../base/clock';
import type { CoveError } from '../base/errors';
import { retryingImport } from '../base/retrying-import';
import type { CurrentFile, FileRewrite } from '../workspace/project-replace';
import type { WorkspaceFiles } from '../workspace/workspace-files';
import type { ProjectQuery, ProjectSearchResult } from '../workspace/project-search';
import type { EditorService } from './editor-service';
import type { NoticeService } from './notice-service';
import type { WorkspaceService } from './workspace-service';
import { createYielder } from './yield-to-page';
import { shownFormats } from './messages/shown-formats';

// The matching (RE2 among it) and the replace plans load with the first search, not with
// the page; each chunk is fetched again under a fresh URL after a failed load.
const loadSearch = retryingImport(() => import('../workspace/project-search'));
const loadReplace = retryingImport(() => import('../workspace/project-replace'));
type ReplaceModule = Awaited<ReturnType<typeof loadReplace>>;

/** How long typing must pause before a search starts, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 250;
/**
 * Files read from storage in one transaction: a thousand single reads cost a thousand
 * transactions; a batch is few enough files that a newer query stops this one soon.
 */
const READ_BATCH = 64;

/** Which view the left column shows. */
export type SidebarView = 'files' | 'search' | 'git' | 'knowledge';

/** What the search panel shows below its fields. */
export type SearchState =
  | { status: 'idle' }
  | { status: 'searching'; previous?: ProjectSearchResult }
  | { status: 'invalid'; error: CoveError }
  | { status: 'done'; result: ProjectSearchResult };

/** A text a search read: from the store (with its version) or from an editor tab. */
interface SearchedText {
  text: string;
  version?: number;
}

/** A replace worked out and waiting for the person's yes: what it will change. */
export interface PendingReplace {
  matches: number;
  files: number;
  /** Each file's text before and after, for a preview of what will change. */
  rewrites: readonly FileRewrite[];
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
   * there is nothing to replace. Nothing is written until `apply`. Worked out a slice at a
   * time, so replacing over thousands of files never holds up the page.
   */
  prepareReplace(path?: string): Promise<PendingReplace | undefined>;
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
  `${shownFormats().number(count)} ${count === 1 ? one : many}`;

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
  /**
   * The query and texts the shown result was found in (with the stored version of each
   * text read from the store): a replace plans over these. `paths` are every file the query
   * covers: past the shown limit, Replace all reads the rest.
   */
  let searched:
    { query: ProjectQuery; texts: Map<string, SearchedText>; paths: readonly string[] } | undefined;
  /** Bumped by every search started: an older one sees it and stops. */
  let generation = 0;
  let pending: (() => void) | undefined;
  let focusClaimed = 0;
  /** Files changed while the Files view was shown: the search runs again when it is back. */
  let stale = false;

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
    stale = false;
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
    const texts = new Map<string, SearchedText>();
    try {
      reading: for (let i = 0; i < paths.length; i += READ_BATCH) {
        const batchPaths = paths.slice(i, i + READ_BATCH);
        const read = await textsOf(batchPaths, new Map(), open, files);
        // A newer query started while these were read: its result is the one to show.
        if (mine !== generation) return;
        for (const path of batchPaths) {
          const found = read.get(path);
          if (!found) continue;
          const before = search.result().total;
          const more = search.add(path, found.text);
          if (search.result().total > before) texts.set(path, found);
          if (!more) break reading;
        }
      }
    } catch (error) {
      if (mine !== generation) return;
      notices.error(error, 'The search could not read the files');
    }
    if (mine !== generation) return;
    searched = { query: current, texts, paths };
    setState({ status: 'done', result: search.result() });
  }

  /**
   * The texts of `paths`: those in `known`, an open tab's text (unsaved edits included), else
   * what is stored, with its version; one store read for the batch. Binary files are left out.
   */
  async function textsOf(
    paths: readonly string[],
    known: ReadonlyMap<string, SearchedText>,
    open = editor.openTexts(),
    files = workspaces.files(),
  ): Promise<Map<string, SearchedText>> {
    const texts = new Map<string, SearchedText>();
    const toRead: string[] = [];
    for (const path of paths) {
      const read = known.get(path);
      const tab = open.get(path);
      if (read) texts.set(path, read);
      else if (tab !== undefined) texts.set(path, { text: tab });
      else toRead.push(path);
    }
    if (!files || !toRead.length) return texts;
    const rows = await files.findMany(toRead);
    rows.forEach((row, k) => {
      if (typeof row?.content === 'string') {
        texts.set(toRead[k]!, { text: row.content, version: row.version });
      }
    });
    return texts;
  }

  /**
   * The files of `rewrites` as they are now: every version from the content-free listing,
   * and the text only where a version cannot tell (a rewrite of a tab's text, a file open in
   * a tab, which counts as changed while its edits are not stored).
   */
  async function currentFiles(
    files: WorkspaceFiles,
    rewrites: readonly FileRewrite[],
    needsText: (rewrite: FileRewrite) => boolean,
  ): Promise<Map<string, CurrentFile>> {
    const open = editor.openTexts();
    const wanted = new Set(rewrites.map((rewrite) => rewrite.path));
    const toRead = rewrites
      .filter((rewrite) => needsText(rewrite) || open.has(rewrite.path))
      .map((rewrite) => rewrite.path);
    const [listing, rows] = await Promise.all([files.list(), files.findMany(toRead)]);
    const texts = new Map<string, string>();
    rows.forEach(
      (row, k) => typeof row?.content === 'string' && texts.set(toRead[k]!, row.content),
    );
    const current = new Map<string, CurrentFile>();
    for (const meta of listing) {
      if (!wanted.has(meta.path) || meta.kind !== 'file' || meta.binary) continue;
      const text = texts.get(meta.path);
      const tab = open.get(meta.path);
      current.set(meta.path, {
        version: meta.version,
        ...(text !== undefined ? { text } : {}),
        ...(tab !== undefined && tab !== text ? { unsaved: true } : {}),
      });
    }
    return current;
  }

  /**
   * Writes `rewrites` where the files still hold their `before` text, in one batch, and
   * returns what was written and skipped; throws when the batch was refused whole.
   */
  async function write(rewrites: FileRewrite[]) {
    const files = workspaces.files();
    const versions = new Map<string, number>();
    if (!files) return { written: [], skipped: rewrites.map((r) => r.path), versions };
    // Unsaved edits are stored first, so a file open in a tab compares as what it shows.
    await editor.saveAll();
    const { planRewrites, needsText } = await loadReplace();
    const plan = planRewrites(rewrites, await currentFiles(files, rewrites, needsText));
    if (plan.changes.length) {
      for (const row of await files.apply(plan.changes)) versions.set(row.path, row.version);
    }
    return { ...plan, versions };
  }

  const skippedDetails = (skipped: string[]) =>
    skipped.length ? { details: skipped.map((path) => `${path}: changed since the search`) } : {};

  const keptSince = (count: number) =>
    count === 1
      ? '1 file changed since the replace and was kept as it is.'
      : `${plural(count, 'file')} changed since the replace and were kept as they are.`;

  async function undo(written: FileRewrite[], versions: ReadonlyMap<string, number>) {
    try {
      const { undoRewrites } = await loadReplace();
      const plan = await write(undoRewrites(written, versions));
      notices.show({
        kind: plan.skipped.length ? 'error' : 'info',
        text: plan.skipped.length
          ? `${plan.written.length ? `Replace undone in ${plural(plan.written.length, 'file')}` : 'Nothing was undone'}${plan.written.length ? ';' : ':'} ${keptSince(plan.skipped.length)}`
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
          ? { action: { label: 'Undo', run: () => void undo(plan.written, plan.versions) } }
          : {}),
      });
    } catch (error) {
      notices.error(error, 'Replace failed; no file was changed');
    }
  }

  workspaces.onFilesChanged(() => {
    if (untrack(query).pattern === '') return;
    // Autosave changes files as someone types; a hidden result need not follow each save.
    if (untrack(view) === 'search') schedule();
    else stale = true;
  });
  const showView = (next: SidebarView) => {
    setView(next);
    if (next === 'search' && stale) {
      stale = false;
      if (untrack(query).pattern !== '') schedule();
    }
  };
  workspaces.onWorkspaceChanged(() => {
    searched = undefined;
    setState({ status: 'idle' });
    if (untrack(query).pattern !== '') schedule();
  });

  return {
    view,
    setView: showView,
    show() {
      batch(() => {
        showView('search');
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
    async prepareReplace(path) {
      const shown = untrack(state);
      const from = searched;
      if (shown.status !== 'done' || !from || !replaceModule) return undefined;
      const replacer = replaceModule.startReplace(from.query, untrack(replacement));
      if (!replacer) return undefined;
      // Replace all means every match: past the limit the search stopped at, the files it
      // did not read are read now (one file alone is always read whole).
      const paths =
        path !== undefined
          ? [path]
          : shown.result.capped
            ? from.paths
            : shown.result.files.map((file) => file.path);
      const rewrites: FileRewrite[] = [];
      const maybeYield = createYielder(() => clock.now());
      for (let i = 0; i < paths.length; i += READ_BATCH) {
        const batch = paths.slice(i, i + READ_BATCH);
        const texts = await textsOf(batch, from.texts);
        for (const file of batch) {
          const read = texts.get(file);
          const rewrite = read && replacer.rewrite(file, read.text, read.version);
          if (rewrite) rewrites.push(rewrite);
          const pause = maybeYield();
          if (pause) await pause;
        }
      }
      if (!rewrites.length) return undefined;
      return {
        matches: rewrites.reduce((sum, rewrite) => sum + rewrite.count, 0),
        files: rewrites.length,
        rewrites,
        apply: () => apply(rewrites),
      };
    },
  };
}
