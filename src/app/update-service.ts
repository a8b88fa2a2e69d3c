import { createSignal, type Accessor } from 'solid-js';
import { Workbox } from 'workbox-window';

export interface UpdateService {
  /** True when a new version is installed and waiting for this tab's consent. */
  readonly updateReady: Accessor<boolean>;
  /** True once a service worker controls this page (Cove then opens offline). */
  readonly offlineReady: Accessor<boolean>;
  /** Activates the waiting version and reloads every Cove tab onto it. */
  applyUpdate(): void;
}

/**
 * Registers the service worker. A new deployment installs in the background and waits;
 * the person is told and chooses when to reload, so old and new code never mix in a tab.
 */
export function createUpdateService(
  swUrl: string,
  scope: string,
  onError: (e: unknown) => void,
): UpdateService {
  const [updateReady, setUpdateReady] = createSignal(false);
  const [offlineReady, setOfflineReady] = createSignal(false);
  if (!('serviceWorker' in navigator)) {
    return { updateReady, offlineReady, applyUpdate: () => location.reload() };
  }
  const workbox = new Workbox(swUrl, { scope, type: 'classic' });
  workbox.addEventListener('waiting', () => setUpdateReady(true));
  workbox.addEventListener('activated', () => setOfflineReady(true));
  // Another tab accepted the update: the new worker took over, so this page must reload too.
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) location.reload();
  });
  workbox.register().then((registration) => {
    if (navigator.serviceWorker.controller) setOfflineReady(true);
    // Check for a new deployment every hour while the tab stays open.
    setInterval(() => void registration?.update().catch(() => undefined), 60 * 60 * 1000);
  }, onError);
  return {
    updateReady,
    offlineReady,
    applyUpdate() {
      workbox.messageSkipWaiting();
    },
  };
}
