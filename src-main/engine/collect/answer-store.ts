import type { EngineContext } from '../context';
import type { AnalysisResult } from '../analysis/types';

export interface StoredAnswerInput {
  runId: number;
  projectId: number;
  promptId: number;
  neuralId: number;
  /** False when the AI system gave no usable answer (the limit is refunded). */
  hasData: boolean;
  text: string | null;
  analysis: AnalysisResult | null;
  webSearch?: boolean;
  raw?: unknown;
  error?: string | null;
  attempts?: number;
  /** When the answer was received; defaults to now (sample data back-dates its updates). */
  createdAt?: string;
}

/**
 * The one write path of an answer: the answer row, its URLs, and its competitors (canonical rows
 * created on first sight; a name merged into another competitor maps to that one). Runs in one
 * transaction and replaces an earlier answer of the same (run, prompt, network), so saving twice
 * is harmless: a resumed run or a re-analysis lands on the same rows.
 */
export async function storeAnswer(ctx: EngineContext, input: StoredAnswerInput): Promise<number> {
  const a = input.hasData ? input.analysis : null;
  return ctx.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('answers')
      .where('run_id', '=', input.runId)
      .where('prompt_id', '=', input.promptId)
      .where('neural_id', '=', input.neuralId)
      .execute();
    const row = await trx
      .insertInto('answers')
      .values({
        run_id: input.runId,
        project_id: input.projectId,
        prompt_id: input.promptId,
        neural_id: input.neuralId,
        has_data: input.hasData ? 1 : 0,
        answer: input.hasData ? input.text : null,
        mention: a?.mention ?? 0,
        mention_position: a?.mention_position ?? null,
        tone: a?.tone ?? null,
        occurrences: JSON.stringify(a?.occurrences ?? []),
        competitors: JSON.stringify(a?.competitors ?? []),
        site_mentioned: a?.site_mentioned ? 1 : 0,
        site_position: a?.site_position ?? null,
        comment: a?.comment ?? null,
        web_search: input.webSearch ? 1 : 0,
        raw: input.raw === undefined ? null : JSON.stringify(input.raw),
        error: input.error ?? null,
        attempts: input.attempts ?? 1,
        created_at: input.createdAt ?? ctx.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (a) await writeSourcesAndCompetitors(trx as any, ctx, row.id, input.projectId, a);
    return row.id;
  });
}

/**
 * Lower-cased name → competitor id for a project: canonical names first, then merged member
 * names (a name merged into another competitor maps to that one). Two queries per answer
 * instead of two per competitor name: this is on the hot path of every run.
 */
async function competitorIndex(db: EngineContext['db'], projectId: number): Promise<Map<string, number>> {
  const index = new Map<string, number>();
  const members = await db
    .selectFrom('competitor_members')
    .innerJoin('competitors', 'competitors.id', 'competitor_members.competitor_id')
    .select(['competitors.id', 'competitor_members.name'])
    .where('competitors.project_id', '=', projectId)
    .execute();
  for (const m of members) index.set(m.name.trim().toLowerCase(), m.id);
  const competitors = await db
    .selectFrom('competitors')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .execute();
  for (const c of competitors) index.set(c.name.trim().toLowerCase(), c.id);
  return index;
}

async function createCompetitor(
  db: EngineContext['db'],
  ctx: EngineContext,
  projectId: number,
  name: string,
  index: Map<string, number>,
): Promise<number> {
  const key = name.trim();
  const created = await db
    .insertInto('competitors')
    .values({ project_id: projectId, name: key, type: 'direct', created_at: ctx.clock.now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  index.set(key.toLowerCase(), created.id);
  return created.id;
}

/**
 * Re-analysis (POST reanalyze): replaces the analysis fields, URLs and competitor links of a
 * stored answer in place, keeping its id, text, run and time. Same rules as storeAnswer.
 */
export async function replaceAnalysis(
  ctx: EngineContext,
  answerId: number,
  projectId: number,
  a: AnalysisResult,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('answers')
      .set({
        mention: a.mention,
        mention_position: a.mention_position,
        tone: a.tone,
        occurrences: JSON.stringify(a.occurrences),
        competitors: JSON.stringify(a.competitors),
        site_mentioned: a.site_mentioned ? 1 : 0,
        site_position: a.site_position,
        comment: a.comment,
      })
      .where('id', '=', answerId)
      .execute();
    await trx.deleteFrom('answer_urls').where('answer_id', '=', answerId).execute();
    await trx.deleteFrom('answer_competitors').where('answer_id', '=', answerId).execute();
    await writeSourcesAndCompetitors(trx as any, ctx, answerId, projectId, a);
  });
}

async function writeSourcesAndCompetitors(
  trx: EngineContext['db'],
  ctx: EngineContext,
  answerId: number,
  projectId: number,
  a: AnalysisResult,
): Promise<void> {
  if (a.urls.length) {
    await trx
      .insertInto('answer_urls')
      .values(
        a.urls.map((u) => ({
          answer_id: answerId,
          position: u.position,
          url: u.url,
          domain: u.domain,
          title: u.title ?? null,
        })),
      )
      .execute();
  }

  // Rank among all brands in the answer: the own brand takes its mention_position, the
  // competitors fill the other places in order of first appearance.
  const ids: number[] = [];
  const known = a.competitors.length ? await competitorIndex(trx, projectId) : new Map<string, number>();
  for (const name of a.competitors) {
    const id =
      known.get(name.trim().toLowerCase()) ?? (await createCompetitor(trx, ctx, projectId, name, known));
    if (!ids.includes(id)) ids.push(id);
  }
  let rank = 0;
  const links = ids.map((competitor_id) => {
    rank++;
    if (a.mention_position !== null && rank === a.mention_position) rank++;
    return { answer_id: answerId, competitor_id, position: rank };
  });
  if (links.length) await trx.insertInto('answer_competitors').values(links).execute();
}
