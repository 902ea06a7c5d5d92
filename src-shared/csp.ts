/**
 * The Content-Security-Policy of every page of the UI, the same on the desktop (the app://
 * protocol, src-main/electron) and in the browser (the headless host, src-main/server). Scripts
 * only from our own origin, never eval; styles may be inline because PrimeVue's theme injects
 * <style> elements at runtime. The renderer reaches the API over IPC or same-origin fetch, so
 * connect-src stays 'self'; images only from our origin or data:/blob: URLs (site icons come from
 * the engine as data: URLs), so the UI never loads anything from a third party. `dev`
 * (electron-vite dev only) adds the dev server's origin and its hot-reload socket.
 */
export function uiContentSecurityPolicy(dev?: { origin: string; socket: string }): string {
  const devOrigin = dev ? ` ${dev.origin}` : '';
  const devSocket = dev ? ` ${dev.socket}` : '';
  return [
    `default-src 'self'${devOrigin}`,
    `script-src 'self'${devOrigin}`,
    `style-src 'self' 'unsafe-inline'${devOrigin}`,
    `img-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self'${devOrigin}${devSocket}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `frame-src 'none'`,
    `base-uri 'none'`,
    `form-action 'none'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}
