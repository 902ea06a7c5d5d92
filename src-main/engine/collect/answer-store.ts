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
        created_at: ctx.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!a) return row.id;

    if (a.urls.length) {
      await trx
        .insertInto('answer_urls')
        .values(
          a.urls.map((u) => ({
            answer_id: row.id,
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
    for (const name of a.competitors) {
      const id = await competitorIdFor(trx as any, ctx, input.projectId, name);
      if (!ids.includes(id)) ids.push(id);
    }
    let rank = 0;
    const links = ids.map((competitor_id) => {
      rank++;
      if (a.mention_position !== null && rank === a.mention_position) rank++;
      return { answer_id: row.id, competitor_id, position: rank };
    });
    if (links.length) await trx.insertInto('answer_competitors').values(links).execute();
    return row.id;
  });
}

/** The competitor a name belongs to: by canonical name, else by a merged member name, else new. */
async function competitorIdFor(
  db: EngineContext['db'],
  ctx: EngineContext,
  projectId: number,
  name: string,
): Promise<number> {
  const key = name.trim();
  const byName = await db
    .selectFrom('competitors')
    .select('id')
    .where('project_id', '=', projectId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', key.toLowerCase()))
    .executeTakeFirst();
  if (byName) return byName.id;
  const byMember = await db
    .selectFrom('competitor_members')
    .innerJoin('competitors', 'competitors.id', 'competitor_members.competitor_id')
    .select('competitors.id')
    .where('competitors.project_id', '=', projectId)
    .where((eb) => eb(eb.fn('lower', ['competitor_members.name']), '=', key.toLowerCase()))
    .executeTakeFirst();
  if (byMember) return byMember.id;
  const created = await db
    .insertInto('competitors')
    .values({ project_id: projectId, name: key, type: 'direct', created_at: ctx.clock.now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}
