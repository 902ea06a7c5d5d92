/**
 * The main window's security settings as plain data, so they are tested under Node (Electron
 * cannot start in CI). main.ts passes these objects to BrowserWindow unchanged.
 */

import { uiContentSecurityPolicy } from '../../src-shared/csp';

/** The UI is served from a privileged custom scheme: a real origin, no file:// quirks. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'answerscope';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

export interface SecureWebPreferences {
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  webviewTag: false;
  navigateOnDragDrop: false;
  safeDialogs: true;
  spellcheck: boolean;
  preload?: string;
  partition?: string;
}

/** Same options for every window we open; only the main window gets the preload. */
export function secureWebPreferences(
  options: { preload?: string; partition?: string } = {},
): SecureWebPreferences {
  return {
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
    ...(options.preload ? { preload: options.preload } : {}),
    ...(options.partition ? { partition: options.partition } : {}),
  };
}

/**
 * The UI's Content-Security-Policy (src-shared/csp.ts, the headless host sends the same one);
 * `devServer` (electron-vite dev only) adds the dev server and its hot-reload socket.
 */
export function contentSecurityPolicy(options: { devServer?: string } = {}): string {
  const dev = options.devServer ? new URL(options.devServer) : null;
  return uiContentSecurityPolicy(dev ? { origin: dev.origin, socket: `ws://${dev.host}` } : undefined);
}

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

export const MIN_WIDTH = 960;
export const MIN_HEIGHT = 600;

/** The main window's constructor options (BrowserWindowConstructorOptions-compatible). */
export function mainWindowOptions(bounds: WindowBounds, preload: string) {
  return {
    ...bounds,
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    show: false,
    title: 'AnswerScope',
    backgroundColor: '#ffffff',
    autoHideMenuBar: false,
    webPreferences: secureWebPreferences({ preload }),
  };
}

/** In-memory session of the print window (no `persist:`): its token never outlives the app. */
export const PRINT_PARTITION = 'answerscope-print';

/** The hidden window that prints reports: no preload, its own in-memory session. */
export function printWindowOptions() {
  return {
    show: false,
    width: 1240,
    height: 1754,
    webPreferences: { ...secureWebPreferences({ partition: PRINT_PARTITION }), spellcheck: false },
  };
}

/** Links the user may open in the system browser: plain web addresses only (no file:, no custom schemes). */
export function isExternalLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password
    );
  } catch {
    return false;
  }
}

/**
 * Whether a navigation of the main window stays on our page. The UI routes by hash, so a real
 * navigation is only ever a reload of our own origin; anything else is refused.
 */
export function isOwnPage(url: string, origins: string[]): boolean {
  try {
    const parsed = new URL(url);
    return origins.some((origin) => {
      const want = new URL(origin);
      return want.protocol === parsed.protocol && want.host === parsed.host;
    });
  } catch {
    return false;
  }
}
