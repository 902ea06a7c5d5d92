import { isIP } from 'node:net';

/**
 * DNS rebinding guard of the headless host (the way Vite and Jupyter do it): a web page on a
 * name the attacker controls can make that name resolve to 127.0.0.1, and the browser then
 * sends our server requests with `Host: attacker.example`. Refusing every Host name we were not
 * told about closes that door. Always allowed: `localhost` and `*.localhost` (browsers resolve
 * those to loopback themselves) and IP literals (rebinding needs a name, and `--host 0.0.0.0`
 * users reach the server by its LAN address). `extra` adds names: `example.com`, `.example.com`
 * for the name and its subdomains, or `*` for any Host (behind a proxy that checks it).
 */
export function hostAllowed(header: string | undefined, extra: readonly string[] = []): boolean {
  if (extra.includes('*')) return true;
  const name = hostName(header);
  if (name === null) return false;
  if (name === 'localhost' || name.endsWith('.localhost') || isIP(name.replace(/^\[|\]$/g, ''))) return true;
  return extra.some((entry) => {
    const allowed = entry.trim().toLowerCase();
    if (!allowed) return false;
    if (allowed.startsWith('.')) return name === allowed.slice(1) || name.endsWith(allowed);
    return name === allowed;
  });
}

/** The host name of a Host header without its port, lower-cased; null when it is malformed. */
export function hostName(header: string | undefined): string | null {
  if (!header) return null;
  let url: URL;
  try {
    url = new URL(`http://${header}`);
  } catch {
    return null;
  }
  // Anything beyond host[:port] (a path, credentials, a query) means it was not a Host value.
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  if (`${url.host}` !== header.toLowerCase().replace(/:80$/, '')) return null;
  return url.hostname;
}

/** `--allowed-hosts a,b` or `$ANSWERSCOPE_ALLOWED_HOSTS`, split on commas. */
export function allowedHostsFrom(args: Record<string, unknown>, env = process.env): string[] {
  const raw =
    typeof args['allowed-hosts'] === 'string' ? args['allowed-hosts'] : env.ANSWERSCOPE_ALLOWED_HOSTS;
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
