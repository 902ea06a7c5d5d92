import type { EngineContext } from '../context';
import type { ProjectRow } from '../db/schema';
import type { AnalysisInput, KnownCompetitor, Language } from '../answer-reading/types';

/** Everything of AnalysisInput that comes from the project rather than from one answer. */
export type AnalysisSubject = Omit<AnalysisInput, 'text' | 'citations'> & {
  excludedNames: string[];
  ownProducts: string[];
};

const LANGUAGES: Language[] = ['ru', 'en', 'de', 'es'];

/**
 * The project as analysis sees it: brand and alternative names (comma separated), domain and
 * aliases (newlines or commas), subdomain rule, known competitors with their merged names, the
 * analyst's exclusions, the activities and the language. Read once per run (and again by re-analysis, so changed
 * names take effect).
 *
 * A competitor the analyst marked `hidden` ("not a competitor") is no known competitor: its name
 * and every merged name go to `excludedNames`, so analysis never lists it and the brand's
 * position is counted without it. `own_products` (project settings) go to `ownProducts`.
 */
export async function loadAnalysisSubject(ctx: EngineContext, project: ProjectRow): Promise<AnalysisSubject> {
  const { known, excluded } = await competitorNames(ctx, project.id);
  return {
    brand: project.brand,
    alternativeBrands: splitList(project.alternative_brand, /,/),
    domain: project.domain ?? '',
    domainAliases: splitList(project.domain_aliases ?? '', /[\n,]/),
    includeSubdomains: project.sources_include_subdomains === 1,
    knownCompetitors: known,
    excludedNames: excluded,
    ownProducts: parseOwnProducts(project.own_products),
    // The kind of business: a marketplace competes with marketplaces, a bank with no payment network.
    activities: project.activities ?? '',
    language: (LANGUAGES as string[]).includes(project.language) ? (project.language as Language) : 'en',
  };
}

/** Known (not hidden) competitors with their members, and the names of the hidden ones. */
async function competitorNames(
  ctx: EngineContext,
  projectId: number,
): Promise<{ known: KnownCompetitor[]; excluded: string[] }> {
  const competitors = await ctx.db
    .selectFrom('competitors')
    .select(['id', 'name', 'type'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  const members = competitors.length
    ? await ctx.db
        .selectFrom('competitor_members')
        .select(['competitor_id', 'name'])
        .where(
          'competitor_id',
          'in',
          competitors.map((c) => c.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const known: KnownCompetitor[] = [];
  const excluded: string[] = [];
  for (const c of competitors) {
    const names = members.filter((m) => m.competitor_id === c.id).map((m) => m.name);
    if (c.type === 'hidden') excluded.push(c.name, ...names);
    else known.push({ name: c.name, members: names });
  }
  return { known, excluded };
}

/**
 * What the analyst has ruled out, as one comparable string: the hidden competitors' names and
 * the own products. When it changes, past answers must be analysed again (re-analysis).
 */
export async function exclusionsKey(ctx: EngineContext, projectId: number): Promise<string> {
  const project = await ctx.db
    .selectFrom('projects')
    .select('own_products')
    .where('id', '=', projectId)
    .executeTakeFirst();
  const { excluded } = await competitorNames(ctx, projectId);
  return subjectExclusionsKey({
    excludedNames: excluded,
    ownProducts: parseOwnProducts(project?.own_products),
  });
}

export function subjectExclusionsKey(
  subject: Pick<AnalysisSubject, 'excludedNames' | 'ownProducts'>,
): string {
  const norm = (names: string[]) => [...new Set(names.map((n) => n.trim().toLowerCase()))].sort();
  return JSON.stringify([norm(subject.excludedNames), norm(subject.ownProducts)]);
}

/** `projects.own_products` (a JSON array of names) as a list; anything else reads as none. */
export function parseOwnProducts(stored: string | null | undefined): string[] {
  if (!stored) return [];
  try {
    const parsed = JSON.parse(stored) as unknown;
    return Array.isArray(parsed) ? parsed.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

const splitList = (value: string, separator: RegExp) =>
  value
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
