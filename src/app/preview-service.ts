/**
 * The live preview: which HTML file is shown, its document (built from the workspace by
 * src/workspace/preview/preview-page.ts, under the policy the network setting gives), and
 * its console. The UI loads the document into a sandbox frame (src/ui/preview/) and hands
 * back what the frame says; this service keeps it, rebuilds the page when a file it used
 * changes (after a pause, so typing does not reload it at every save) and serves the
 * agent's preview tools.
 */
import { batch, createSignal, type Accessor } from 'solid-js';
import type { Clock } from '../base/clock';
import { describeError } from '../base/errors';
import { blockedLoadMessage, previewAllowsWebRtc, previewPolicy } from '../runtime/preview-policy';
import {
  PreviewConsoleLog,
  type PreviewConsoleEntry,
  type PreviewConsoleLevel,
} from '../runtime/preview-console';
import type { PythonNetworkAccess } from '../runtime/python-network';
import type { PreviewFrameMessage } from '../runtime/sandbox/preview-messages';
import type { PreviewHost, PreviewOpenOutcome } from '../tools/preview/preview-tool-context';
import { retryingImport } from '../base/retrying-import';
import type { PreviewPage } from '../workspace/preview/preview-page';
import { resolveReference } from '../workspace/preview/workspace-reference';
import type { WorkspaceService } from './workspace-service';

/** Milliseconds after the last change to a file of the page before it is built again. */
export const PREVIEW_RELOAD_DELAY_MS = 300;
/** How long open_preview waits for the page's load event. */
export const PREVIEW_LOAD_WAIT_MS = 10_000;
/** After the load, how long open_preview still collects what the page logs (timers, fetches). */
export const PREVIEW_SETTLE_MS = 500;

// The builder (an HTML tokenizer, CSS and module scanning) loads with the first preview, not
// with the first page of Cove; a failed load is tried again under a fresh URL.
const loadBuilder = retryingImport(() => import('../workspace/preview/preview-page'));

/** One build of the page, for the frame. A new build is a new object with a new generation. */
export interface PreviewDocument {
  generation: number;
  path: string;
  page: PreviewPage;
  policy: string;
  /** The page may open WebRTC connections (only when the network setting allows any host). */
  webRtc: boolean;
  /** Where the previous document of the same file was scrolled to. */
  scroll?: { x: number; y: number };
}

export interface PreviewService {
  /** The HTML file shown; undefined when the preview is closed. */
  readonly path: Accessor<string | undefined>;
  /** The newest build of the page. */
  readonly document: Accessor<PreviewDocument | undefined>;
  /** True from a build until its frame says it has loaded. */
  readonly loading: Accessor<boolean>;
  /** The console, oldest first (bounded: see PreviewConsoleLog). */
  readonly entries: Accessor<readonly PreviewConsoleEntry[]>;
  /** Entries the console let go since it was last cleared. */
  readonly dropped: Accessor<number>;
  /** Counts the requests to bring the preview into view (opening a file in it). */
  readonly showRequests: Accessor<number>;
  /** Shows `path` and builds it; resolves when the document is ready for the frame. */
  open(path: string): Promise<void>;
  /** Builds the page again (the Reload button). */
  reload(): Promise<void>;
  close(): void;
  clearConsole(): void;
  /** What the frame of build `generation` said; messages of older builds are ignored. */
  receive(generation: number, message: PreviewFrameMessage): void;
  /** The preview as the agent's tools use it. */
  readonly host: PreviewHost;
}

export interface PreviewServiceDeps {
  workspaces: WorkspaceService;
  clock: Clock;
  /** What code Cove runs may connect to (Settings → Python → Network), read at each build. */
  network: () => PythonNetworkAccess;
}

export function createPreviewService(deps: PreviewServiceDeps): PreviewService {
  const { workspaces, clock } = deps;
  const [path, setPath] = createSignal<string>();
  const [document, setDocument] = createSignal<PreviewDocument>();
  const [loading, setLoading] = createSignal(false);
  const [entries, setEntries] = createSignal<readonly PreviewConsoleEntry[]>([]);
  const [dropped, setDropped] = createSignal(0);
  const [showRequests, setShowRequests] = createSignal(0);
  const log = new PreviewConsoleLog();
  let generation = 0;
  let scroll: { x: number; y: number } | undefined;
  let cancelReload: (() => void) | undefined;
  let cancelPublish: (() => void) | undefined;
  /** The newest entry the agent has read. */
  let agentSeq = 0;
  const loadWaiters = new Set<{ generation: number; resolve: () => void }>();

  // A page that logs in a loop would otherwise update the list at every message.
  const publish = () => {
    cancelPublish ??= clock.schedule(() => {
      cancelPublish = undefined;
      batch(() => {
        setEntries(log.entries());
        setDropped(log.dropped);
      });
    }, 50);
  };
  const add = (level: PreviewConsoleLevel, text: string) => {
    log.add(level, text);
    publish();
  };

  async function build(target: string): Promise<void> {
    const mine = ++generation;
    cancelReload?.();
    cancelReload = undefined;
    const files = workspaces.files();
    const access = deps.network();
    const policy = previewPolicy(access);
    let page: PreviewPage;
    try {
      const { buildPreviewPage } = await loadBuilder();
      page = await buildPreviewPage(
        target,
        async (file) => (files ? (await files.find(file))?.content : undefined),
        policy,
      );
    } catch (error) {
      page = {
        parts: [],
        scripts: [],
        served: [],
        files: [target],
        problems: [describeError(error)],
      };
    }
    if (mine !== generation) return;
    if (document()?.path !== target) scroll = undefined;
    log.clear();
    for (const problem of page.problems) log.add('error', problem);
    batch(() => {
      setLoading(true);
      setDocument({
        generation: mine,
        path: target,
        page,
        policy,
        webRtc: previewAllowsWebRtc(access),
        ...(scroll ? { scroll } : {}),
      });
      setEntries(log.entries());
      setDropped(0);
    });
  }

  const open = async (target: string) => {
    batch(() => {
      setPath(target);
      setShowRequests((n) => n + 1);
    });
    await build(target);
  };

  const close = () => {
    generation++;
    cancelReload?.();
    cancelReload = undefined;
    log.clear();
    batch(() => {
      setPath(undefined);
      setDocument(undefined);
      setLoading(false);
      setEntries([]);
      setDropped(0);
    });
    for (const waiter of loadWaiters) waiter.resolve();
  };

  // A change to the page or to anything it pulled in (or looked for and did not find)
  // builds it again once the changes pause.
  workspaces.onFilesChanged((paths) => {
    const shown = document();
    const target = path();
    if (!shown || !target) return;
    const used = new Set(shown.page.files);
    if (paths.length && !paths.some((changed) => used.has(changed))) return;
    cancelReload?.();
    cancelReload = clock.schedule(() => {
      cancelReload = undefined;
      if (path() === target) void build(target);
    }, PREVIEW_RELOAD_DELAY_MS);
  });
  workspaces.onWorkspaceChanged(close);

  const receive = (from: number, message: PreviewFrameMessage) => {
    if (from !== generation) return;
    switch (message.type) {
      case 'console':
        add(message.level, message.text);
        return;
      case 'blocked':
        add('error', blockedLoadMessage(message.url, message.directive, deps.network()));
        return;
      case 'loaded':
        setLoading(false);
        for (const waiter of [...loadWaiters]) {
          if (waiter.generation <= from) waiter.resolve();
        }
        return;
      case 'scroll':
        scroll = { x: message.x, y: message.y };
        return;
      case 'navigate': {
        const current = path();
        if (!current) return;
        const target = resolveReference(current, message.href);
        if (target.kind === 'file' && /\.html?$/i.test(target.path)) {
          void open(target.path);
        } else {
          add(
            'warn',
            `The preview opens only links to HTML files of the workspace (${message.href}).`,
          );
        }
        return;
      }
    }
  };

  const host: PreviewHost = {
    async open(target, signal) {
      await open(target);
      const mine = generation;
      const startSeq = 0;
      let loaded = false;
      await new Promise<void>((resolve) => {
        const waiter = {
          generation: mine,
          resolve: () => {
            loadWaiters.delete(waiter);
            cancelWait();
            signal.removeEventListener('abort', waiter.resolve);
            resolve();
          },
        };
        const cancelWait = clock.schedule(waiter.resolve, PREVIEW_LOAD_WAIT_MS);
        loadWaiters.add(waiter);
        signal.addEventListener('abort', waiter.resolve, { once: true });
        if (!loading() && document()?.generation === mine) waiter.resolve();
      });
      loaded = document()?.generation === mine && !loading();
      if (loaded && !signal.aborted) {
        await clock.sleep(PREVIEW_SETTLE_MS, signal).catch(() => undefined);
      }
      const lines = log.since(startSeq).map(({ level, text }) => ({ level, text }));
      agentSeq = log.lastSeq();
      return { loaded, console: lines } satisfies PreviewOpenOutcome;
    },
    readConsole(all) {
      const from = all ? 0 : agentSeq;
      const kept = log.since(from);
      const firstKept = kept[0]?.seq ?? log.lastSeq() + 1;
      const missed = Math.max(0, firstKept - from - 1);
      agentSeq = log.lastSeq();
      return {
        path: path(),
        lines: kept.map(({ level, text }) => ({ level, text })),
        dropped: all ? log.dropped : Math.min(missed, log.dropped),
      };
    },
  };

  return {
    path,
    document,
    loading,
    entries,
    dropped,
    showRequests,
    open,
    reload: async () => {
      const target = path();
      if (target) await build(target);
    },
    close,
    clearConsole: () => {
      log.clear();
      batch(() => {
        setEntries([]);
        setDropped(0);
      });
    },
    receive,
    host,
  };
}
