import type { EngineContext } from '../context';
import type { ProjectRow } from '../db/schema';
import type { AnalysisInput, KnownCompetitor, Language } from '../analysis/types';

/** Everything of AnalysisInput that comes from the project rather than from one answer. */
export type AnalysisSubject = Omit<AnalysisInput, 'text' | 'citations'>;

const LANGUAGES: Language[] = ['ru', 'en', 'de', 'es'];

/**
 * The project as analysis sees it: brand and alternative names (comma separated), domain and
 * aliases (newlines or commas), subdomain rule, known competitors with their merged names, and
 * the language. Read once per run (and again by re-analysis, so changed names take effect).
 */
export async function loadAnalysisSubject(ctx: EngineContext, project: ProjectRow): Promise<AnalysisSubject> {
  const competitors = await ctx.db
    .selectFrom('competitors')
    .select(['id', 'name'])
    .where('project_id', '=', project.id)
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
  const knownCompetitors: KnownCompetitor[] = competitors.map((c) => ({
    name: c.name,
    members: members.filter((m) => m.competitor_id === c.id).map((m) => m.name),
  }));
  return {
    brand: project.brand,
    alternativeBrands: splitList(project.alternative_brand, /,/),
    domain: project.domain ?? '',
    domainAliases: splitList(project.domain_aliases ?? '', /[\n,]/),
    includeSubdomains: project.sources_include_subdomains === 1,
    knownCompetitors,
    language: (LANGUAGES as string[]).includes(project.language) ? (project.language as Language) : 'en',
  };
}

const splitList = (value: string, separator: RegExp) =>
  value
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
