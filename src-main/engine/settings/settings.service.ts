import type { EngineContext } from '../context';
import type { ProjectRow, ProjectUpdate, UserRow } from '../db/schema';
import { bit, bool } from '../db/connection';
import { loadProject } from '../access/project-access';
import { resolveNeurals } from '../neurals/neurals.service';
import { invalidField, validationError } from '../errors';
import { parseSchedule, PAUSED, type ScheduleInput } from '../schedules/schedule';
import { readSchedules, saveSchedule } from '../schedules/schedules.service';
import type { ScheduleSource } from '../../../src-shared/enums';
import type { ProjectSettings } from '../../../src-shared/api/core';
import { SCHEDULE_FIELDS, type SettingsPatch } from './settings.input';
import { isHost, normalizeHost, splitHosts } from './domain';
import { parseOwnProducts } from '../collect/analysis-subject';
import { queueReanalysis } from '../collect/reanalysis';
import { alertPreferences } from '../alerts/alerts';

export const DEFAULT_REGION = 225;

export async function getSettings(ctx: EngineContext, user: UserRow, projectId: number) {
  return readSettings(ctx, await loadProject(ctx, user, projectId, 'read'));
}

/**
 * Partial save (api-spec.md "PATCH settings"): only the sent fields change, an explicit null
 * resets a field to its default. Everything is checked before anything is written, and the
 * writes share one transaction, so a 422 leaves the project as it was.
 */
export async function updateSettings(
  ctx: EngineContext,
  user: UserRow,
  projectId: number,
  input: SettingsPatch,
): Promise<ProjectSettings> {
  const project = await loadProject(ctx, user, projectId, 'modify');
  // `language` is read-only: sending the current value back is fine, changing it is a 422.
  if (input.language !== undefined && input.language !== project.language)
    throw invalidField('language', 'The language cannot be changed after the project is created.');

  const changes = withToken(ctx, projectChanges(input), input.analytics_token);
  if (input.alerts !== undefined)
    changes.alerts =
      input.alerts === null ? null : JSON.stringify({ ...alertPreferences(project), ...input.alerts });
  const neurals = await neuralSelection(ctx, project.id, input);
  const schedules: Array<[ScheduleSource, ScheduleInput]> = [];
  for (const [field, source] of Object.entries(SCHEDULE_FIELDS)) {
    const raw = input[field as keyof typeof SCHEDULE_FIELDS];
    if (raw === undefined) continue;
    schedules.push([source, raw === null ? PAUSED : parseSchedule(raw, field, source)]);
  }

  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('projects')
      .set({ ...changes, updated_at: ctx.clock.now().toISOString() })
      .where('id', '=', project.id)
      .execute();
    if (neurals) {
      await trx.deleteFrom('project_neurals').where('project_id', '=', project.id).execute();
      if (neurals.length)
        await trx
          .insertInto('project_neurals')
          .values(neurals.map((n, position) => ({ project_id: project.id, ...n, position })))
          .execute();
    }
    for (const [source, schedule] of schedules) await saveSchedule(trx, project, source, schedule);
  });
  // Own products are never competitors, in past answers too: analyse them again.
  if (changes.own_products !== undefined && changes.own_products !== project.own_products)
    await queueReanalysis(ctx, project.id, 'own_products');
  return readSettings(ctx, await loadProject(ctx, user, projectId, 'read'));
}

/** Column changes of the plain fields; null resets each to the value a new project has. */
function projectChanges(input: SettingsPatch): ProjectUpdate {
  const set: ProjectUpdate = {};
  if (input.name !== undefined) {
    if (input.name === null) throw invalidField('name', 'The name field is required.');
    set.name = input.name;
  }
  if (input.brand !== undefined) {
    if (input.brand === null) throw invalidField('brand', 'The brand field is required.');
    set.brand = input.brand;
  }
  if (input.alternative_brand !== undefined) set.alternative_brand = joinList(input.alternative_brand);
  if (input.activities !== undefined) set.activities = joinList(input.activities);
  if (input.domain !== undefined) set.domain = checkedHost(input.domain ?? '', 'domain');
  if (input.domain_aliases !== undefined) {
    const raw = Array.isArray(input.domain_aliases) ? input.domain_aliases.join('\n') : input.domain_aliases;
    const hosts = splitHosts(raw ?? '');
    hosts.forEach((h, i) => {
      if (!isHost(h)) throw invalidField(`domain_aliases.${i}`, `"${h}" is not a site address.`);
    });
    set.domain_aliases = hosts.length ? hosts.join('\n') : null;
  }
  if (input.region !== undefined) set.region = input.region ?? DEFAULT_REGION;
  if (input.own_products !== undefined) set.own_products = JSON.stringify(ownProducts(input.own_products));
  for (const flag of [
    'sources_include_subdomains',
    'collect_online',
    'collect_google_ai_mode',
    'count_empty_answers',
  ] as const) {
    if (input[flag] !== undefined) set[flag] = bit(input[flag]);
  }
  if (input.analytics_id !== undefined) {
    set.analytics_id =
      input.analytics_id === null || input.analytics_id === '' ? null : String(input.analytics_id);
    // The counter's name comes from the analytics service; a new counter's is not known yet.
    set.analytics_counter_name = null;
  }
  return set;
}

/** Applies the analytics token (write-only, sealed at rest) to the column changes. */
function withToken(ctx: EngineContext, set: ProjectUpdate, token: string | null | undefined): ProjectUpdate {
  if (token !== undefined) set.analytics_token = token ? ctx.secrets.seal(token) : null;
  return set;
}

/** A comma-separated list from a string or an array: trimmed, without empties and repeats. */
export function joinList(value: string | string[] | null): string {
  const items = (Array.isArray(value) ? value : (value ?? '').split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(items)].join(', ');
}

/** Maximum number of own products. */
const MAX_OWN_PRODUCTS = 200;

/**
 * `own_products` from an array or a string (one per line, or comma separated): trimmed, without
 * empties and repeats (case-insensitive, the first spelling kept); null is none.
 */
function ownProducts(value: string | string[] | null): string[] {
  const items = Array.isArray(value) ? value : (value ?? '').split(/[\n,]/);
  const seen = new Set<string>();
  const out: string[] = [];
  items.forEach((raw, i) => {
    const name = raw.trim();
    if (!name) return;
    if (name.length > 255)
      throw invalidField(`own_products.${i}`, 'A product name has at most 255 characters.');
    if (seen.has(name.toLowerCase())) return;
    seen.add(name.toLowerCase());
    out.push(name);
  });
  if (out.length > MAX_OWN_PRODUCTS)
    throw invalidField('own_products', `At most ${MAX_OWN_PRODUCTS} own products.`);
  return out;
}

export function checkedHost(value: string, field: string): string {
  const host = normalizeHost(value);
  if (host && !isHost(host)) throw invalidField(field, `"${value.trim()}" is not a site address.`);
  return host;
}

/**
 * The new `project_neurals` rows when `neurals` or `neurals_web_search` is sent, else null.
 * Web search may be on only for selected networks that support it; when only `neurals` is sent,
 * networks that stay selected keep their web-search flag.
 */
async function neuralSelection(ctx: EngineContext, projectId: number, input: SettingsPatch) {
  if (input.neurals === undefined && input.neurals_web_search === undefined) return null;
  const current = await ctx.db
    .selectFrom('project_neurals')
    .innerJoin('neurals', 'neurals.id', 'project_neurals.neural_id')
    .selectAll('neurals')
    .select('project_neurals.web_search_enabled')
    .where('project_id', '=', projectId)
    .orderBy('position')
    .execute();
  const selected =
    input.neurals === undefined
      ? current
      : input.neurals === null
        ? []
        : await resolveNeurals(ctx, input.neurals, 'neurals');
  let webSearch: Set<number>;
  if (input.neurals_web_search === undefined) {
    webSearch = new Set(current.filter((n) => n.web_search_enabled).map((n) => n.id));
  } else {
    const refs = input.neurals_web_search ?? [];
    const chosen = await resolveNeurals(ctx, refs, 'neurals_web_search');
    const errors: Record<string, string[]> = {};
    chosen.forEach((n, i) => {
      const at = refs.findIndex((r) => String(r) === String(n.id) || r === n.system_name);
      const path = `neurals_web_search.${at < 0 ? i : at}`;
      if (!selected.some((s) => s.id === n.id))
        errors[path] = [`${n.display_name} is not among the selected neural networks.`];
      else if (!bool(n.web_search_supported))
        errors[path] = [`${n.display_name} does not support web search.`];
    });
    if (Object.keys(errors).length) throw validationError(errors);
    webSearch = new Set(chosen.map((n) => n.id));
  }
  return selected.map((n) => ({
    neural_id: n.id,
    web_search_enabled: bit(webSearch.has(n.id) && bool(n.web_search_supported)),
  }));
}

export async function readSettings(ctx: EngineContext, project: ProjectRow): Promise<ProjectSettings> {
  const neurals = await ctx.db
    .selectFrom('project_neurals')
    .innerJoin('neurals', 'neurals.id', 'project_neurals.neural_id')
    .select([
      'neurals.id',
      'neurals.system_name',
      'neurals.display_name',
      'neurals.web_search_supported',
      'project_neurals.web_search_enabled',
    ])
    .where('project_neurals.project_id', '=', project.id)
    .orderBy('project_neurals.position')
    .execute();
  const schedules = await readSchedules(ctx.db, project.id);
  return {
    id: project.id,
    name: project.name,
    brand: project.brand,
    domain: project.domain,
    activities: project.activities,
    alternative_brand: project.alternative_brand,
    domain_aliases: project.domain_aliases,
    sources_include_subdomains: bool(project.sources_include_subdomains),
    collect_online: bool(project.collect_online),
    collect_google_ai_mode: bool(project.collect_google_ai_mode),
    count_empty_answers: bool(project.count_empty_answers),
    language: project.language as ProjectSettings['language'],
    region: project.region,
    own_products: parseOwnProducts(project.own_products),
    alerts: alertPreferences(project),
    neurals: neurals.map((n) => ({
      id: n.id,
      system_name: n.system_name,
      display_name: n.display_name,
      web_search_supported: bool(n.web_search_supported),
      web_search_enabled: bool(n.web_search_enabled),
    })),
    schedules,
    analytics: {
      token_configured: project.analytics_token !== null,
      counter_id: project.analytics_id ?? '',
      counter_name: project.analytics_counter_name ?? '',
    },
  };
}
