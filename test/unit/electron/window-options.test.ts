import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  contentSecurityPolicy,
  isExternalLink,
  isOwnPage,
  mainWindowOptions,
  printWindowOptions,
} from '../../../src-main/electron/window-options';

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('the main window', () => {
  const options = mainWindowOptions({ width: 1200, height: 800 }, '/app/out/preload/index.cjs');

  it('isolates the page: context isolation, sandbox, no Node, web security', () => {
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/app/out/preload/index.cjs',
    });
  });

  it('opens at the remembered size, shown once drawn', () => {
    expect(options).toMatchObject({ width: 1200, height: 800, show: false });
  });

  it('prints in a window as locked down, without the preload and in its own session', () => {
    const print = printWindowOptions();
    expect(print.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    expect(print.webPreferences).not.toHaveProperty('preload');
    expect(print.webPreferences.partition).not.toMatch(/^persist:/);
  });
});

describe('the Content-Security-Policy', () => {
  const csp = directives(contentSecurityPolicy());

  it('allows only our own origin by default and never eval', () => {
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(contentSecurityPolicy()).not.toContain('unsafe-eval');
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
  });

  it('talks to nothing but our origin and embeds nothing', () => {
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'none'"]);
  });

  it('adds only the dev server (and its socket) in development', () => {
    const dev = directives(contentSecurityPolicy({ devServer: 'http://localhost:5173' }));
    expect(dev['script-src']).toEqual(["'self'", 'http://localhost:5173']);
    expect(dev['connect-src']).toEqual(["'self'", 'http://localhost:5173', 'ws://localhost:5173']);
    expect(contentSecurityPolicy({ devServer: 'http://localhost:5173' })).not.toContain('unsafe-eval');
  });
});

describe('links and navigation', () => {
  it('sends only web addresses to the system browser', () => {
    expect(isExternalLink('https://example.com/page')).toBe(true);
    expect(isExternalLink('http://example.com')).toBe(true);
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'app://answerscope/',
      'ms-settings:',
      'https://user:pw@example.com',
      'nonsense',
    ]) {
      expect(isExternalLink(url)).toBe(false);
    }
  });

  it('lets the window stay only on our own page', () => {
    expect(isOwnPage(`${APP_ORIGIN}/index.html#/projects/1`, [APP_ORIGIN])).toBe(true);
    expect(isOwnPage('https://example.com/', [APP_ORIGIN])).toBe(false);
    expect(isOwnPage('app://elsewhere/index.html', [APP_ORIGIN])).toBe(false);
    expect(isOwnPage('file:///tmp/x.html', [APP_ORIGIN])).toBe(false);
  });
});
