import type { EngineContext } from '../../context';
import type { Tone, UrlItem } from '../../../../src-shared/api/analytics';
import type { AnswerRow } from '../../db/schema';
import { favicon } from '../shapes';
import { unpackEvidence } from '../../collect/evidence-codec';

/** Full answers of some prompts (text, comment, sources, evidence): the visibility and comparison tabs. */

/** decisions.md §5 / api-spec.md: `urls` of an answer row carry at most 15 sources. */
export const MAX_URLS = 15;

/** An answer as the answers tabs show it (text, comment, evidence); no raw reply, error or tokens. */
export type FullAnswer = Omit<
  AnswerRow,
  | 'project_id'
  | 'web_search'
  | 'raw'
  | 'error'
  | 'attempts'
  | 'created_at'
  | 'input_tokens'
  | 'output_tokens'
  | 'tone'
> & {
  /** Written only as one of the three tones (analysis/), or null. */
  tone: Tone | null;
};

/** Full answers (text, comment, first 15 sources) of some prompts at some updates. */
export async function fullAnswers(
  ctx: EngineContext,
  promptIds: number[],
  runIds: number[],
  neuralIds: number[],
) {
  if (!promptIds.length || !runIds.length || !neuralIds.length)
    return { answers: [], urls: new Map<number, UrlItem[]>() };
  const answers: FullAnswer[] = await ctx.db
    .selectFrom('answers')
    .select([
      'id',
      'run_id',
      'prompt_id',
      'neural_id',
      'has_data',
      'answer',
      'mention',
      'mention_position',
      'tone',
      'occurrences',
      'competitors',
      'site_mentioned',
      'site_position',
      'comment',
      'evidence',
    ])
    .where('run_id', 'in', runIds)
    .where('prompt_id', 'in', promptIds)
    .where('neural_id', 'in', neuralIds)
    .$narrowType<{ tone: Tone | null }>()
    .execute();
  const urls = new Map<number, UrlItem[]>();
  if (answers.length) {
    const rows = await ctx.db
      .selectFrom('answer_urls')
      .select(['answer_id', 'url', 'domain', 'position'])
      .where(
        'answer_id',
        'in',
        answers.map((a) => a.id),
      )
      .where('position', '<=', MAX_URLS)
      .orderBy('answer_id')
      .orderBy('position')
      .execute();
    for (const r of rows) {
      const list = urls.get(r.answer_id) ?? urls.set(r.answer_id, []).get(r.answer_id)!;
      if (list.length < MAX_URLS)
        list.push({ url: r.url, domain: r.domain, position: r.position, favicon: favicon(ctx, r.domain) });
    }
  }
  return { answers, urls };
}

/** Lower-cased name → competitor id: canonical names first, then merged members. */
export type CompetitorIds = Map<string, number>;

/** The project's competitor ids by name, read only when some answer on the page has evidence. */
export async function competitorIdsFor(ctx: EngineContext, projectId: number, answers: FullAnswer[]) {
  if (!answers.some((a) => a.evidence !== null)) return new Map() as CompetitorIds;
  return competitorIds(ctx, projectId);
}

/** The project's competitor ids by name. */
export async function competitorIds(ctx: EngineContext, projectId: number): Promise<CompetitorIds> {
  const ids: CompetitorIds = new Map();
  const [competitors, members] = await Promise.all([
    ctx.db.selectFrom('competitors').select(['id', 'name']).where('project_id', '=', projectId).execute(),
    ctx.db
      .selectFrom('competitor_members')
      .innerJoin('competitors', 'competitors.id', 'competitor_members.competitor_id')
      .select(['competitors.id', 'competitor_members.name'])
      .where('competitors.project_id', '=', projectId)
      .execute(),
  ]);
  for (const c of competitors) ids.set(c.name.trim().toLowerCase(), c.id);
  for (const m of members)
    if (!ids.has(m.name.trim().toLowerCase())) ids.set(m.name.trim().toLowerCase(), m.id);
  return ids;
}

/**
 * Extension (issue 11): where each finding is in the answer, `answer.slice(start, end) === text`;
 * each competitor span also says which competitor it counts for (`competitor_id`, what the
 * competitor edits take). Null without an answer or for answers analysed before evidence was
 * stored (until they are analysed again).
 */
export function evidenceOf(a: FullAnswer | undefined, ids: CompetitorIds) {
  const e = a ? unpackEvidence(a.evidence, a.answer) : null;
  if (!e) return null;
  return {
    brand: e.brand,
    competitors: e.competitors.map((c) => ({
      ...c,
      competitor_id: ids.get(c.name.trim().toLowerCase()) ?? null,
    })),
  };
}

export const find = (answers: FullAnswer[], runId: number | undefined, promptId: number, neuralId: number) =>
  answers.find((a) => a.run_id === runId && a.prompt_id === promptId && a.neural_id === neuralId);
