import { isIP } from 'node:net';

/**
 * Where a network's requests (and its API key) go. Only http(s); plain http only to a host on
 * this machine or the local network — anywhere else the key would cross the internet in clear
 * text — unless the administrator says so (`allow_insecure_http: true`). Link-local addresses
 * (169.254.x.x, where cloud metadata services live) are never "local" here.
 */
export type BaseUrlVerdict = { ok: true } | { ok: false; message: string };

export function checkBaseUrl(value: string, allowInsecureHttp = false): BaseUrlVerdict {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: 'The base url must be a valid http(s) URL.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: 'The base url must start with https:// (or http:// for a local server).' };
  if (url.protocol === 'http:' && !allowInsecureHttp && !isLocalHost(url.hostname))
    return {
      ok: false,
      message:
        'Plain http:// is allowed only for a server on this machine or the local network; use https://, or send allow_insecure_http: true to confirm.',
    };
  return { ok: true };
}

/** Loopback, private-network addresses and local names (`localhost`, `*.local`, `*.lan`, one-label names). */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const family = isIP(host);
  if (family === 4) {
    const [a, b] = host.split('.').map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (family === 6) {
    if (host === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped) return isLocalHost(mapped[1]);
    return /^f[cd][0-9a-f]{2}:/.test(host); // unique local fc00::/7
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host.endsWith('.local') || host.endsWith('.lan') || host.endsWith('.home.arpa')) return true;
  return !host.includes('.'); // a one-label name: a container or a machine on the LAN
}
