import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * One bounded request for a site's icon, for the favicon cache (favicons.service.ts). It runs on
 * the user's machine with whatever the network can reach, so it must not become a way into that
 * network: only http(s); every address it connects to — the first host and each redirect, checked
 * at connect time by the DNS lookup itself, so a name cannot resolve one way for a check and
 * another way for the connection — must be public; at most 3 redirects; one deadline for the
 * whole exchange; the body capped; only raster images kept (an SVG can carry script).
 */
export type FetchedIcon =
  | { ok: true; type: string; bytes: Buffer }
  /** `permanent`: the site answered, without an icon we keep (remembered for days, not minutes). */
  | { ok: false; reason: string; permanent: boolean };

export interface IconFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Which addresses may be contacted (tests allow loopback); default: public ones only. */
  allowAddress?: (ip: string) => boolean;
}

const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
// Unspecified, loopback, NAT64 (may embed a private IPv4), unique local, link-local,
// documentation, multicast. IPv4-mapped addresses (::ffff:a.b.c.d) BlockList checks against the
// IPv4 rules itself.
for (const [net, bits] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['2001:db8::', 32],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

export const isPublicAddress = (ip: string): boolean => {
  const family = isIP(ip);
  return family !== 0 && !NOT_PUBLIC.check(ip, family === 6 ? 'ipv6' : 'ipv4');
};

/** The file types we keep, by their first bytes (never by what the server says). */
export function rasterType(bytes: Buffer): string | null {
  const starts = (...b: number[]) => b.every((v, i) => bytes[i] === v);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0x00, 0x00, 0x01, 0x00)) return 'image/x-icon';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

class Refused extends Error {}

/** The DNS lookup of every connection: refuses names that resolve to an address not allowed. */
function publicOnlyLookup(allow: (address: string) => boolean) {
  // Node's lookup callback is called with an error alone, or with addresses (and a family).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- its overloads do not fit one signature
  return (host: string, opts: LookupOptions, callback: (...args: any[]) => void) =>
    dnsLookup(host, { ...opts, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      const refused = addresses.find((a) => !allow(a.address));
      if (refused)
        return callback(new Refused(`${host} resolves to ${refused.address}, not a public address`));
      if (opts.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
}

export async function fetchIcon(url: string, options: IconFetchOptions = {}): Promise<FetchedIcon> {
  const allow = options.allowAddress ?? isPublicAddress;
  const maxBytes = options.maxBytes ?? 100 * 1024;
  const timeoutMs = options.timeoutMs ?? 4000;
  const signal = AbortSignal.timeout(timeoutMs);
  const lookup = publicOnlyLookup(allow);

  let current = url;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    let target: URL;
    try {
      target = new URL(current);
    } catch {
      return { ok: false, reason: `not a URL: ${current}`, permanent: true };
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:')
      return { ok: false, reason: `refused ${target.protocol} (http and https only)`, permanent: true };
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !allow(literal))
      return { ok: false, reason: `${literal} is not a public address`, permanent: true };
    let response: IncomingMessage;
    try {
      response = await new Promise<IncomingMessage>((resolve, reject) => {
        const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, {
          lookup,
          signal,
          headers: { accept: 'image/*', 'user-agent': 'AnswerScope favicon cache' },
        });
        request.on('response', resolve).on('error', reject).end();
      });
    } catch (error) {
      if (error instanceof Refused) return { ok: false, reason: error.message, permanent: true };
      return {
        ok: false,
        reason: signal.aborted ? `no answer within ${timeoutMs} ms` : String(error),
        permanent: false,
      };
    }
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      current = new URL(response.headers.location, target).href;
      continue;
    }
    if (status !== 200) {
      response.resume();
      return { ok: false, reason: `HTTP ${status}`, permanent: true };
    }
    if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
      response.destroy();
      return { ok: false, reason: `larger than ${maxBytes} bytes`, permanent: true };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response) {
        size += chunk.length;
        if (size > maxBytes) {
          response.destroy();
          return { ok: false, reason: `larger than ${maxBytes} bytes`, permanent: true };
        }
        chunks.push(chunk);
      }
    } catch (error) {
      return {
        ok: false,
        reason: signal.aborted ? `no answer within ${timeoutMs} ms` : String(error),
        permanent: false,
      };
    }
    const bytes = Buffer.concat(chunks);
    const type = rasterType(bytes);
    return type ? { ok: true, type, bytes } : { ok: false, reason: 'not an image we keep', permanent: true };
  }
  return { ok: false, reason: 'too many redirects', permanent: true };
}
