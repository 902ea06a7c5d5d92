import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineContext } from '../context';
import { notFound } from '../errors';
import { getAppSettings } from '../app-settings/app-settings.service';
import { fetchIcon, rasterType, type FetchedIcon } from './favicon-fetch';

/**
 * Site icons for the sources and answers screens, served by the engine so the UI never asks a
 * third party for anything (which would tell it what the analyst is looking at, and leave holes
 * offline). An icon is fetched once, in the background, when first asked for and the app setting
 * `fetch_favicons` is on; it is then kept in the database (`favicons`, migration 0013) for good,
 * where every app server of a team server finds it. Until then — and offline, or with the setting
 * off — the answer is a letter badge drawn here.
 *
 * A site that answered without a usable icon is asked again after a week; a network failure
 * (offline, no DNS) after ten minutes, in memory only, so going online soon brings the icons.
 */
export interface Favicon {
  domain: string;
  /** `site`: the site's own icon from the cache; `badge`: the drawn letter. */
  source: 'site' | 'badge';
  /** True while a fetch for this domain is under way: asking again shortly may give the icon. */
  pending: boolean;
  type: string;
  bytes: Buffer;
}

const MISS_DAYS = 7;
const OFFLINE_RETRY_MS = 10 * 60_000;
/**
 * Two at a time: a DNS lookup holds one of libuv's 4 threads (shared with file and crypto work)
 * until the resolver gives up, which on a bad network outlasts our deadline.
 */
const CONCURRENT_FETCHES = 2;

/** The engine's address of a domain's icon: the `favicon` field of the analytics endpoints. */
export const faviconUrl = (ctx: EngineContext, domain: string) =>
  `${ctx.publicUrl()}/api/app/favicons/${encodeURIComponent(domain)}`;

const DOMAIN =
  /^(?=.{1,253}$)([a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** State shared by one engine's requests: fetches under way, recent network failures, a queue. */
interface FaviconState {
  inFlight: Map<string, Promise<void>>;
  offlineUntil: Map<string, number>;
  running: number;
  waiting: Array<() => void>;
}
const states = new WeakMap<EngineContext, FaviconState>();
const stateOf = (ctx: EngineContext) =>
  states.get(ctx) ??
  states.set(ctx, { inFlight: new Map(), offlineUntil: new Map(), running: 0, waiting: [] }).get(ctx)!;

export async function getFavicon(ctx: EngineContext, rawDomain: string): Promise<Favicon> {
  const domain = rawDomain.toLowerCase().replace(/^www\./, '');
  if (!DOMAIN.test(domain)) throw notFound('Not a domain name.');
  const stored =
    (await ctx.db.selectFrom('favicons').selectAll().where('domain', '=', domain).executeTakeFirst()) ??
    (await importCachedFile(ctx, domain));
  const bytes = stored?.icon ? Buffer.from(stored.icon) : null;
  const type = bytes && rasterType(bytes);
  if (bytes && type) return { domain, source: 'site', pending: false, type, bytes };
  const state = stateOf(ctx);
  let pending = state.inFlight.has(domain);
  if (!pending && (await shouldFetch(ctx, state, domain, stored?.checked_at))) {
    // A store that fails (the database closing) leaves the badge; the next view asks again.
    const fetching = limited(state, () => fetchAndStore(ctx, state, domain))
      .catch(() => undefined)
      .finally(() => state.inFlight.delete(domain));
    state.inFlight.set(domain, fetching);
    pending = true;
  }
  return { domain, source: 'badge', pending, type: 'image/svg+xml', bytes: Buffer.from(letterBadge(domain)) };
}

/**
 * An icon cached as a file by a version before migration 0013 (`<dataDir>/favicons/<domain>.icon`)
 * moves into the database when first asked for, so an offline desktop keeps its icons.
 */
async function importCachedFile(ctx: EngineContext, domain: string) {
  const file = join(ctx.dataDir, 'favicons', `${domain}.icon`);
  if (!existsSync(file)) return undefined;
  const row = { domain, icon: readFileSync(file), miss_reason: null, checked_at: new Date().toISOString() };
  await ctx.db
    .insertInto('favicons')
    .values(row)
    .onConflict((oc) => oc.column('domain').doNothing())
    .execute();
  return row;
}

/** Whether to ask the site: not after a recent miss (`checked_at` of a row without icon). */
async function shouldFetch(ctx: EngineContext, state: FaviconState, domain: string, missedAt?: string) {
  if ((state.offlineUntil.get(domain) ?? 0) > Date.now()) return false;
  if (missedAt && Date.now() - Date.parse(missedAt) < MISS_DAYS * 86_400_000) return false;
  return (await getAppSettings(ctx)).fetch_favicons;
}

async function fetchAndStore(ctx: EngineContext, state: FaviconState, domain: string) {
  const fetcher = ctx.ports.fetchIcon ?? fetchIcon;
  let result: FetchedIcon;
  try {
    result = await fetcher(`https://${domain}/favicon.ico`);
  } catch (error) {
    result = { ok: false, reason: String(error), permanent: false };
  }
  if (!result.ok && !result.permanent) {
    state.offlineUntil.set(domain, Date.now() + OFFLINE_RETRY_MS);
    return;
  }
  const row = {
    icon: result.ok ? result.bytes : null,
    miss_reason: result.ok ? null : result.reason,
    checked_at: new Date().toISOString(),
  };
  // One row per domain, written whole: a reader never sees half an icon.
  await ctx.db
    .insertInto('favicons')
    .values({ domain, ...row })
    .onConflict((oc) => oc.column('domain').doUpdateSet(row))
    .execute();
}

/** Runs `task` when fewer than CONCURRENT_FETCHES others run (a page of 100 domains asks at once). */
async function limited(state: FaviconState, task: () => Promise<void>): Promise<void> {
  if (state.running >= CONCURRENT_FETCHES) await new Promise<void>((go) => state.waiting.push(go));
  state.running++;
  try {
    await task();
  } finally {
    state.running--;
    state.waiting.shift()?.();
  }
}

/** Waits for the fetches under way (tests; a host closing need not wait, the fetches are bounded). */
export async function settleFavicons(ctx: EngineContext): Promise<void> {
  await Promise.all(stateOf(ctx).inFlight.values());
}

const BADGE_COLOURS = [
  '#2563eb',
  '#0891b2',
  '#059669',
  '#65a30d',
  '#d97706',
  '#dc2626',
  '#db2777',
  '#7c3aed',
];

/** A rounded square in a colour of the domain with its first letter: the same for a domain everywhere. */
export function letterBadge(domain: string): string {
  let hash = 0;
  for (const ch of domain) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const colour = BADGE_COLOURS[hash % BADGE_COLOURS.length];
  // DOMAIN allows only [a-z0-9_-.], so the letter needs no escaping.
  const letter = (domain.match(/[a-z0-9]/)?.[0] ?? '?').toUpperCase();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">` +
    `<rect width="32" height="32" rx="7" fill="${colour}"/>` +
    `<text x="16" y="22" text-anchor="middle" font-family="system-ui,sans-serif" font-size="18" font-weight="600" fill="#fff">${letter}</text></svg>`
  );
}
