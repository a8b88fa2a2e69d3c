import { createSignal, type Accessor } from 'solid-js';
import type { Workbox } from 'workbox-window';
import type { Clock } from '../base/clock';
import { retryingImport } from '../base/retrying-import';

// workbox-window loads when registration starts (after Python's start), not with the page.
const loadWorkbox = retryingImport(() => import('workbox-window'));

export interface UpdateService {
  /** True when a new version is installed and waiting for this tab's consent. */
  readonly updateReady: Accessor<boolean>;
  /** True once a service worker controls this page (Cove then opens offline). */
  readonly offlineReady: Accessor<boolean>;
  /** Activates the waiting version and reloads every Cove tab onto it. */
  applyUpdate(): void;
}

/** What {@link createUpdateService} needs from the page; the composition root passes it. */
export interface UpdateServiceDeps {
  /** URL of the service worker script. */
  swUrl: string;
  /** The scope it controls: the app's base path. */
  scope: string;
  /**
   * Called when registration fails, or workbox-window could not load; Cove then works, but
   * not offline.
   */
  onError: (error: unknown) => void;
  /** The page's service workers (`navigator.serviceWorker`); absent where there are none. */
  serviceWorker: Pick<ServiceWorkerContainer, 'controller'> | undefined;
  /** Reloads the page (`location.reload()`). */
  reload: () => void;
  /** Times the hourly check for a new deployment. */
  clock: Clock;
  /**
   * Registration waits for this (default: at once). A first visit's precache downloads and
   * stores every file of the app; the page passes Python's start so the two do not share
   * the CPU.
   */
  registerAfter?: Promise<void>;
}

/** How often an open tab asks whether a new deployment exists. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker. A new deployment installs in the background and waits;
 * the person is told and chooses when to reload, so old and new code never mix in a tab.
 */
export function createUpdateService(deps: UpdateServiceDeps): UpdateService {
  const [updateReady, setUpdateReady] = createSignal(false);
  const [offlineReady, setOfflineReady] = createSignal(false);
  const { serviceWorker } = deps;
  if (!serviceWorker) {
    return { updateReady, offlineReady, applyUpdate: () => deps.reload() };
  }
  let workbox: Workbox | undefined;
  (deps.registerAfter ?? Promise.resolve())
    .then(() => loadWorkbox())
    .then((module) => {
      workbox = new module.Workbox(deps.swUrl, { scope: deps.scope, type: 'classic' });
      workbox.addEventListener('waiting', () => setUpdateReady(true));
      workbox.addEventListener('activated', () => setOfflineReady(true));
      // Another tab accepted the update: the new worker took over, so this page must reload too.
      workbox.addEventListener('controlling', (event) => {
        if (event.isUpdate) deps.reload();
      });
      return workbox.register();
    })
    .then((registration) => {
      if (serviceWorker.controller) setOfflineReady(true);
      // Check for a new deployment every hour while the tab stays open.
      const check = () => {
        deps.clock.schedule(() => {
          void registration?.update().catch(() => undefined);
          check();
        }, UPDATE_CHECK_MS);
      };
      check();
    }, deps.onError);
  return {
    updateReady,
    offlineReady,
    applyUpdate() {
      // Only offered once a version waits, which workbox (loaded by then) reported.
      workbox?.messageSkipWaiting();
    },
  };
}
