/**
 * Sources of an answer (decisions.md §5): the provider's citations in their order, then the URLs
 * written in the text (markdown links and bare URLs) not already listed, deduplicated by a
 * normalized form; positions are 1-based places in that combined list.
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import type { AnalyzedUrl } from './types';

/** An http(s) URL or a `www.` address; bounded so a pathological line cannot stall the scan. */
const URL_IN_TEXT =
  /(?:https?:\/\/|(?<![\p{L}\p{N}@./-])www\.)[^\s<>"`{}|\\^\u00AB\u00BB\u201C\u201D]{1,2048}/giu;
const TRAILING_PUNCT = /[.,;:!?'’*_~\u2026]$/;
/** Query parameters that only track the click (ChatGPT appends utm_source=chatgpt.com). */
const TRACKING_PARAM = /^(?:utm_[a-z]+|ref|ref_src|fbclid|gclid|yclid|srsltid)$/i;
const MAX_URLS = 500;

export interface UrlInText {
  url: string;
  start: number;
  end: number;
  title?: string;
}

function countChar(s: string, ch: string): number {
  let n = 0;
  for (const c of s) if (c === ch) n++;
  return n;
}

/** Strips punctuation that ends the sentence rather than the URL; keeps balanced brackets. */
function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    if (TRAILING_PUNCT.test(url)) {
      url = url.slice(0, -1);
      continue;
    }
    const last = url.slice(-1);
    if (last === ')' && countChar(url, ')') > countChar(url, '(')) {
      url = url.slice(0, -1);
      continue;
    }
    if (last === ']' && countChar(url, ']') > countChar(url, '[')) {
      url = url.slice(0, -1);
      continue;
    }
    return url;
  }
}

/** The title of a markdown link `[title](url)` whose url starts at `start`, if it is one. */
function markdownTitle(text: string, start: number): string | undefined {
  if (text[start - 1] !== '(' || text[start - 2] !== ']') return undefined;
  const close = start - 2;
  const open = text.lastIndexOf('[', close);
  if (open < 0 || close - open > 300 || text.slice(open, close).includes('\n')) return undefined;
  const title = text
    .slice(open + 1, close)
    .replace(/[*_`]/g, '')
    .trim();
  return title || undefined;
}

/** Every URL written in the text, in order, with its span (used also to hide URLs from name search). */
export function findUrlsInText(text: string): UrlInText[] {
  const found: UrlInText[] = [];
  URL_IN_TEXT.lastIndex = 0;
  for (let m = URL_IN_TEXT.exec(text); m && found.length < MAX_URLS; m = URL_IN_TEXT.exec(text)) {
    const url = trimUrl(m[0]);
    if (!/\.[\p{L}\p{N}-]{2,}/u.test(url)) continue;
    const title = markdownTitle(text, m.index);
    found.push({ url, start: m.index, end: m.index + url.length, ...(title ? { title } : {}) });
  }
  return found;
}

function parseUrl(raw: string): URL | null {
  const withScheme = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(withScheme);
    return url.hostname ? url : null;
  } catch {
    return null;
  }
}

/** Host in ASCII (punycode), lowercase, without a leading `www.` and a trailing dot. */
export function normalizeHost(host: string): string {
  const ascii = domainToASCII(host.trim().toLowerCase().replace(/\.$/, '')) || host.toLowerCase();
  return ascii.replace(/^www\./, '');
}

/** The form two URLs are compared by: scheme-less, no www, no fragment, no tracking, no final slash. */
function dedupeKey(url: URL): string {
  const params = [...url.searchParams.entries()].filter(([k]) => !TRACKING_PARAM.test(k));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = params.length ? '?' + new URLSearchParams(params).toString() : '';
  const path = url.pathname.replace(/\/+$/, '');
  return normalizeHost(url.hostname) + (url.port ? ':' + url.port : '') + path + query;
}

/** A project domain as typed by a user ("https://www.Example.com/", "example.com") to a bare host. */
export function normalizeDomainSetting(domain: string): string {
  const trimmed = domain.trim();
  if (!trimmed) return '';
  const url = parseUrl(trimmed);
  return url ? normalizeHost(url.hostname) : normalizeHost(trimmed);
}

export function collectSources(
  citations: Array<{ url: string; title?: string }>,
  textUrls: UrlInText[],
): AnalyzedUrl[] {
  const seen = new Set<string>();
  const out: AnalyzedUrl[] = [];
  const add = (raw: string, title: string | undefined) => {
    const parsed = parseUrl(raw.trim());
    if (!parsed) return;
    const key = dedupeKey(parsed);
    if (seen.has(key)) return;
    seen.add(key);
    const host = normalizeHost(parsed.hostname);
    out.push({
      url: raw.trim(),
      domain: domainToUnicode(host) || host,
      position: out.length + 1,
      ...(title ? { title } : {}),
    });
  };
  for (const c of citations) {
    if (out.length >= MAX_URLS) break;
    if (c && typeof c.url === 'string') add(c.url, c.title?.trim() || undefined);
  }
  for (const u of textUrls) {
    if (out.length >= MAX_URLS) break;
    add(u.url, u.title);
  }
  return out;
}

/**
 * Whether a source belongs to the project site: its host is the domain or an alias (a `www.` host
 * counts as the bare one), or a subdomain of one of them when subdomains are included.
 */
export function siteMatch(
  urls: AnalyzedUrl[],
  domain: string,
  aliases: string[],
  includeSubdomains: boolean,
): { site_mentioned: boolean; site_position: number | null } {
  const sites = [domain, ...aliases].map(normalizeDomainSetting).filter(Boolean);
  if (!sites.length) return { site_mentioned: false, site_position: null };
  for (const u of urls) {
    const host = normalizeHost(u.domain);
    const hit = sites.some((s) => host === s || (includeSubdomains && host.endsWith('.' + s)));
    if (hit) return { site_mentioned: true, site_position: u.position };
  }
  return { site_mentioned: false, site_position: null };
}
