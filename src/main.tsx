// The composition root: the one place that builds Cove's services and hands them down.
import { render } from 'solid-js/web';
import { systemClock } from './base/clock';
import { installErrorWording } from './base/error-wording';
import { englishWording } from './app/messages/en';
import { errorText } from './app/messages/describe-error';
import { createAppServices } from './app/services';
import { mcpOAuthPlaces, OAUTH_ANSWER_KEY } from './app/mcp-oauth-places';
import { createBackupService, type BackupService } from './app/backup-service';
import { createTypingPause } from './app/typing-pause';
import { announceRenamedFiles } from './app/renamed-files-notice';
import type { ConnectivitySource } from './app/connectivity-service';
import { createUpdateService } from './app/update-service';
import { openDexieStore } from './store/dexie-store';
import { planPathRepairs } from './workspace/path-repair';
import { createZipImportClient } from './runtime/zip-import-client';
import { whenStartSettles } from './runtime/runtime-start-settled';
import { App } from './ui/shell/App';
import { I18nProvider } from './ui/common/i18n';
import { createLocaleService } from './app/locale-service';
import { createDatabaseGuard } from './ui/shell/database-guard';
import { createLocalUnloadJournal } from './ui/editor/local-unload-journal';
import { defaultThreads } from './app/local-model-wiring';
import './ui/theme.css';

/** Where the build's OAuth client metadata says Cove is served (vite.config.ts). */
declare const __COVE_PUBLIC_URL__: string;

// Errors are data; the lower layers read their English (for logs and for the model) here.
installErrorWording(englishWording);

/** Set once the database is open: a start that fails after that offers backup and restore. */
let recovery: BackupService | undefined;

async function start(root: HTMLElement) {
  // Python boots while the rest starts: the first run should not wait for it. Its runtime
  // is a chunk of its own (start-python.ts), fetched while the database opens.
  const pythonStart = import('./runtime/start-python').then((m) => m.startPython(systemClock));
  // Awaited below; a start that fails sooner (the database) is not also an unhandled rejection.
  pythonStart.catch(() => undefined);
  // Background work that only competes for the CPU waits for Python's start and first Run,
  // then for a pause in the person's typing.
  const typing = createTypingPause((listener) => {
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, systemClock);
  const backgroundAfter = pythonStart
    .then((python) => whenStartSettles(python, systemClock))
    .then(() => typing.after());
  // The linter's client (and comlink) is a chunk too; its worker waits for backgroundAfter.
  const linterStart = import('./runtime/lint-client').then(
    ({ LintClient, spawnLintWorker }) => new LintClient({}, spawnLintWorker, backgroundAfter),
  );
  linterStart.catch(() => undefined);
  const guard = createDatabaseGuard();
  const store = await openDexieStore({
    onDatabaseEvent: guard.onDatabaseEvent,
    // Schema 6 renames files older versions stored with blank or space-padded names.
    planPathRenames: planPathRepairs,
  });
  recovery = createBackupService(store, systemClock);
  const [python, linter] = await Promise.all([pythonStart, linterStart]);
  const updates = createUpdateService({
    swUrl: `${import.meta.env.BASE_URL}service-worker.js`,
    scope: import.meta.env.BASE_URL,
    onError: (error) =>
      console.warn('Service worker registration failed; Cove works but not offline.', error),
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    reload: () => location.reload(),
    clock: systemClock,
    registerAfter: backgroundAfter,
  });
  // An MCP sign-in coming back through public/oauth-callback.html: taken once.
  const oauthAnswer = sessionStorage.getItem(OAUTH_ANSWER_KEY);
  sessionStorage.removeItem(OAUTH_ANSWER_KEY);
  const services = createAppServices(
    store,
    systemClock,
    updates,
    { runtime: python, linter, startSettled: backgroundAfter },
    {
      connectivity: browserConnectivity(window),
      // Console errors and warnings also go to the app log (the Logs panel).
      console,
      ...('serviceWorker' in navigator ? { serviceWorker: navigator.serviceWorker } : {}),
      // The page's effects: src/app takes them from here, never from globals (lint enforces).
      fetch: (input, init) => fetch(input, init),
      monotonicNow: () => performance.now(),
      pageOrigin: location.origin,
      mcpSignIn: {
        ...mcpOAuthPlaces(location.origin, import.meta.env.BASE_URL, __COVE_PUBLIC_URL__),
        // A full-page redirect: a popup could not report back through window.opener under
        // the service worker's cross-origin isolation, and a redirect needs no popup blocker's leave.
        navigate: (url) => location.assign(url),
      },
      ...(navigator.locks ? { locks: navigator.locks } : {}),
      ...(navigator.storage ? { storage: navigator.storage } : {}),
      ...(navigator.storage
        ? {
            localModels: {
              storage: navigator.storage,
              ...(navigator.locks ? { locks: navigator.locks } : {}),
              threads: defaultThreads(navigator.hardwareConcurrency || 1, crossOriginIsolated),
            },
          }
        : {}),
      unloadJournal: createLocalUnloadJournal(window.localStorage),
      // Zip imports inflate, check and write in a worker: the page stays responsive.
      zipImporter: createZipImportClient(),
      // The knowledge index reads, cuts and searches in a worker (with minisearch, loaded then).
      knowledge: async () =>
        (await import('./runtime/knowledge-client')).createKnowledgeWorkerClient(),
      // fetch_url's pages: parsed inert (DOMParser runs no script), links resolved against the page.
      parseHtml: (html, url) => {
        const document = new DOMParser().parseFromString(html, 'text/html');
        const base = document.createElement('base');
        base.href = url;
        document.head.prepend(base);
        return document;
      },
      // A reply being streamed is written now, not a second later, when the page goes away.
      onPageHide: (listener) => {
        window.addEventListener('pagehide', listener);
        return () => window.removeEventListener('pagehide', listener);
      },
    },
  );
  await services.preferences.load();
  // The UI's language is loaded before the first paint: no flash of English.
  const locale = createLocaleService(services.preferences, () => navigator.languages);
  await locale
    .sync()
    .catch((error: unknown) => services.log.report('warn', 'app', error, 'Loading the language'));
  await services.providers
    .load()
    .catch((error: unknown) =>
      services.notices.error(error, 'Could not load the provider settings'),
    );
  await services.mcp
    .load()
    .catch((error: unknown) => services.notices.error(error, 'Could not load the MCP servers'));
  await services.agentSettings
    .load()
    .catch((error: unknown) => services.notices.error(error, 'Could not read the agent settings'));
  // The palette's recently used commands; the palette works without them.
  void services.commands.load();
  root.textContent = '';
  render(
    () => (
      <I18nProvider service={locale}>
        <App
          services={services}
          databaseBlocked={guard.blocked}
          {...(oauthAnswer ? { openSettingsAt: 'mcp' as const } : {})}
        />
      </I18nProvider>
    ),
    root,
  );
  // The sign-in resumes: the code is exchanged and the server connects, in Settings' view.
  if (oauthAnswer) {
    void services.mcp
      .finishSignIn(new URL(oauthAnswer))
      .catch((error: unknown) => services.notices.error(error, 'Could not sign in'));
  }
  const { firstFile } = await services.workspaces.start();
  await services.editor.restoreTabs();
  // Files the schema-6 upgrade renamed are listed once, in a notice and in the log.
  void announceRenamedFiles({
    settings: store.settings,
    workspaces: store.workspaces,
    log: services.log,
    notices: services.notices,
  }).catch((error: unknown) => services.log.report('warn', 'store', error, 'Renamed files'));
  // A first visit shows the Welcome workspace's main.py rather than an empty editor.
  if (firstFile) await services.editor.openFile(firstFile);
  // What nobody caught goes to the app log too, not only to the console.
  window.addEventListener('error', (event) =>
    services.log.report('error', 'app', event.error ?? event.message, 'Uncaught error'),
  );
  window.addEventListener('unhandledrejection', (event) =>
    services.log.report('error', 'app', event.reason, 'Unhandled rejection'),
  );
  await services.chat.start();
  // What was deleted more than 30 days ago goes for good (with its checkpoints).
  void services.sessions.start();
  // Runs a closed tab left running are marked interrupted (their sessions' locks are free).
  void services.traces.start();
  await services.runs.start();
  void services.storage.requestPersistence().catch(() => undefined);
  // Tests and the benchmark wait for this mark: the shell is interactive from here on.
  performance.mark('cove:ready');
  document.documentElement.dataset.ready = 'true';
}

/** navigator.onLine and the online/offline events, for the header's offline indicator. */
function browserConnectivity(page: Window): ConnectivitySource {
  return {
    isOnline: () => page.navigator.onLine,
    subscribe(listener) {
      const online = () => listener(true);
      const offline = () => listener(false);
      page.addEventListener('online', online);
      page.addEventListener('offline', offline);
      return () => {
        page.removeEventListener('online', online);
        page.removeEventListener('offline', offline);
      };
    },
  };
}

const root = document.getElementById('root')!;
start(root).catch(async (error: unknown) => {
  console.error('Cove could not start', error);
  const message = errorText(error);
  // The fatal screen is a chunk of its own (most starts never need it). Should it not load
  // either (offline before the service worker was installed), the message alone is shown.
  try {
    const { FatalScreen } = await import('./ui/shell/FatalScreen');
    root.textContent = '';
    render(() => <FatalScreen message={message} backups={recovery} />, root);
  } catch {
    root.textContent = `Cove could not start: ${message}`;
  }
});
