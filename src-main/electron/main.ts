import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  type Session,
} from 'electron';
import { createEngine, type Engine } from '../engine/engine';
import { createBridge, registerBridgeHandler } from './bridge-core';
import { createAppProtocolHandler } from './app-protocol';
import { createElectronPrinter } from './electron-printer';
import { installMenu } from './menu';
import { resolveNativeBinding } from './native-binding';
import { notificationFor } from './notifications';
import { RemoteSettingsStore, mountRemoteSettingsRoute } from './remote-settings';
import { createSafeStorageSecretBox } from './safe-storage-secrets';
import { createLinkOpener, permissionAllowed } from './shell-policy';
import { mountSavePdfRoute } from './save-pdf';
import { mountMcpConfigRoute } from './mcp-config';
import { mcpClientConfig } from '../mcp/client-config';
import {
  APP_ENTRY,
  APP_ORIGIN,
  APP_SCHEME,
  contentSecurityPolicy,
  isOwnPage,
  mainWindowOptions,
  PRINT_PARTITION,
} from './window-options';
import { clampToDisplays, readWindowState, writeWindowState } from './window-state';

/**
 * The desktop host. Deliberately thin: everything that can be decided without Electron lives in
 * the electron-free modules beside it (bridge-core, window-options, window-state, …), which are
 * tested under Node. What only a manual run checks is listed in docs/desktop.md.
 */

const DOCS_URL = 'https://github.com/answerscope/answerscope#readme';

// Before `ready`: app:// is a standard, secure origin, so fetch, localStorage and CSP work there.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
]);

let mainWindow: BrowserWindow | null = null;

if (!app.requestSingleInstanceLock()) {
  // Two engines on one SQLite file would fight over the job queue: the first instance wins.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  start().catch((error) => {
    console.error('[desktop] start failed', error);
    dialog.showErrorBox(
      'AnswerScope could not start',
      error instanceof Error ? error.message : String(error),
    );
    app.exit(1);
  });
}

async function start(): Promise<void> {
  await app.whenReady();
  const here = dirname(fileURLToPath(import.meta.url)); // out/main
  const userData = app.getPath('userData');
  const preload = join(here, '../preload/index.cjs');
  const rendererRoot = join(here, '../renderer');
  // electron-vite dev only; a packaged app always loads its own files.
  const devServer = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
  const origins = devServer ? [APP_ORIGIN, devServer] : [APP_ORIGIN];
  const csp = contentSecurityPolicy({ devServer });

  const nativeBinding = nativeSqliteBinding();

  const secrets = createSafeStorageSecretBox(safeStorage);
  const dataDir = join(userData, 'data');
  const engine = await createEngine({
    dataDir,
    runJobs: true,
    secrets,
    nativeBinding,
    publicUrl: APP_ORIGIN,
    ports: { printer: createElectronPrinter() },
  });

  const appProtocol = createAppProtocolHandler({ rendererRoot, engine, csp });
  for (const s of [session.defaultSession, session.fromPartition(PRINT_PARTITION)])
    hardenSession(s, csp, appProtocol, origins);

  const remote = new RemoteSettingsStore(join(userData, 'remote-server.json'), secrets);
  const bridge = createBridge({ engine, getRemote: () => remote.target() });
  mountRemoteSettingsRoute(bridge, remote);
  mountSavePdfRoute(
    bridge,
    {
      choosePath: async (defaultName) => {
        const options = {
          defaultPath: join(app.getPath('documents'), defaultName),
          filters: [{ name: 'PDF', extensions: ['pdf'] }],
        };
        const result = mainWindow
          ? await dialog.showSaveDialog(mainWindow, options)
          : await dialog.showSaveDialog(options);
        return result.canceled || !result.filePath ? null : result.filePath;
      },
      writeFile: (path, bytes) => writeFile(path, bytes),
    },
    () => remote.target()?.baseUrl ?? null,
  );
  mountMcpConfigRoute(
    bridge,
    mcpClientConfig({
      packaged: app.isPackaged,
      execPath: process.execPath,
      appRoot: app.getAppPath(),
      dataDir,
      nativeBinding,
    }),
  );
  registerBridgeHandler(ipcMain, bridge, origins);

  keepLinksInBrowser(origins);
  showEventNotifications(engine);

  installMenu({ packaged: app.isPackaged, docsUrl: DOCS_URL });
  installQuit(engine);
  mainWindow = createMainWindow(join(userData, 'window-state.json'), preload, devServer ?? APP_ENTRY);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) {
      mainWindow = createMainWindow(join(userData, 'window-state.json'), preload, devServer ?? APP_ENTRY);
    }
  });
}

/** The Electron build of better-sqlite3 (packaged or built in the checkout); throws when it is missing. */
function nativeSqliteBinding(): string {
  const nativeBinding = resolveNativeBinding({
    packaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    appRoot: app.getAppPath(),
    electronVersion: process.versions.electron,
    platform: process.platform,
    arch: process.arch,
    env: process.env,
    exists: existsSync,
  });
  if (!nativeBinding) {
    throw new Error(
      'The Electron build of better-sqlite3 is missing. Run `npm start` (it builds it), or `node scripts/build-electron-sqlite.mjs`.',
    );
  }
  return nativeBinding;
}

/** Links leaving the app (an AI answer's, a cited source) open in the browser after a yes. */
function keepLinksInBrowser(origins: string[]): void {
  const openLink = createLinkOpener({
    confirm: async (prompt) => {
      const options = {
        type: 'question' as const,
        message: prompt.message,
        detail: prompt.detail,
        buttons: prompt.buttons,
        defaultId: 1,
        cancelId: 1,
        noLink: true,
      };
      const result = mainWindow
        ? await dialog.showMessageBox(mainWindow, options)
        : await dialog.showMessageBox(options);
      return result.response === 0;
    },
    open: (url) => shell.openExternal(url),
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      void openLink(url);
      return { action: 'deny' };
    });
    const refuse = (event: { preventDefault(): void }, url: string) => {
      if (isOwnPage(url, origins)) return;
      event.preventDefault();
      void openLink(url);
    };
    contents.on('will-navigate', (event, url) => refuse(event, url));
    contents.on('will-redirect', (event, url) => refuse(event, url));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

/** A system notification for each engine event that asks for one (notifications.ts); a click shows the window. */
function showEventNotifications(engine: Engine): void {
  engine.events.on((event) => {
    const text = notificationFor(event);
    if (!text || !Notification.isSupported()) return;
    const note = new Notification({ title: text.title, body: text.body });
    note.on('click', () => mainWindow?.show());
    note.show();
  });
}

function hardenSession(
  s: Session,
  csp: string,
  appProtocol: (request: Request) => Promise<Response>,
  origins: string[],
) {
  s.protocol.handle(APP_SCHEME, appProtocol);
  s.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  // Deny by default, asked or merely checked (shell-policy.ts): the UI needs no camera,
  // geolocation or web notifications (OS notifications come from main).
  s.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(permissionAllowed(permission, details.requestingUrl, origins)),
  );
  s.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionAllowed(permission, requestingOrigin, origins),
  );
}

function createMainWindow(stateFile: string, preload: string, entry: string): BrowserWindow {
  const displays = [screen.getPrimaryDisplay(), ...screen.getAllDisplays()].map((d) => d.workArea);
  const state = clampToDisplays(readWindowState(stateFile), displays);
  const win = new BrowserWindow(mainWindowOptions(state, preload));
  if (state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  win.on('close', () => {
    try {
      writeWindowState(stateFile, { ...win.getNormalBounds(), maximized: win.isMaximized() });
    } catch (error) {
      console.warn('[desktop] could not remember the window size', error);
    }
  });
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null;
  });
  void win.loadURL(entry);
  return win;
}

/**
 * Quitting waits for the engine: running jobs stop at a safe point (their state is in SQLite)
 * and resume on the next start. `before-quit` is held once, then the quit goes ahead.
 */
function installQuit(engine: Engine) {
  let state: 'running' | 'closing' | 'closed' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    engine
      .close()
      .catch((error) => console.error('[desktop] engine close failed', error))
      .finally(() => {
        state = 'closed';
        app.quit();
      });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
}
