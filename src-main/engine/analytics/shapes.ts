import type { ProjectRow } from '../db/schema';
import { toProject } from '../projects/projects.service';
import { dottedDay, isoMicro } from '../../../src-shared/time';
import type { SeriesLabel } from '../../../src-shared/api/analytics';
import type { NeuralInfo, Scope, Update } from './filters';

/** Small response pieces shared by the analytics endpoints (mappers only, no rules). */

export const neuralRef = (n: NeuralInfo) => ({
  id: n.id,
  display_name: n.display_name,
  system_name: n.system_name,
  logo: n.logo,
});

export const seriesLabel = (n: NeuralInfo): SeriesLabel => ({
  system_name: n.system_name,
  display_name: n.display_name,
  logo: n.logo,
  order: n.order,
});

/** The `all` series label (order -1, before the networks). */
export const ALL_LABEL: SeriesLabel = {
  system_name: 'all',
  display_name: 'Все нейросети',
  logo: null,
  order: -1,
};

/** Chart points carry `x` as `DD.MM.YYYY` (api-spec.md "Conventions"). */
export const x = (u: Update) => dotted.get(u.date) ?? remember(u.date);

/** A chart has thousands of points over a hundred dates: format each date once. */
const dotted = new Map<string, string>();
function remember(date: string): string {
  if (dotted.size > 10_000) dotted.clear();
  const value = dottedDay(date);
  dotted.set(date, value);
  return value;
}

/**
 * `project` of summary and competitors: the project with region, language, prompts_count (its
 * prompts not deleted, whatever the filters: counted when the scope was resolved).
 */
export function projectWithCounts(project: ProjectRow, scope: Scope) {
  return {
    ...toProject(project),
    region: project.region,
    language: project.language,
    prompts_count: scope.promptsCount,
  };
}

/** `project` of the answers tabs: `id`, `name`, `brand`, `domain`. */
export const projectHead = (p: ProjectRow) => ({ id: p.id, name: p.name, brand: p.brand, domain: p.domain });

/** updateDates / firstUpdateDate / lastUpdateDate: every update of the project. */
export function updateDates(scope: Scope) {
  const all = scope.allUpdates;
  const iso = (u: Update | undefined) =>
    u ? isoMicro(new Date(u.finished_at ?? `${u.date}T00:00:00Z`)) : null;
  return {
    updateDates: all.map((u) => u.date),
    firstUpdateDate: iso(all[0]),
    lastUpdateDate: iso(all[all.length - 1]),
  };
}

/**
 * A site's icon: the engine's cached copy or a letter badge (favicons/favicons.service.ts), never
 * the site's own address, so whoever shows it asks only this engine.
 */
export { faviconUrl as favicon } from '../favicons/favicons.service';
