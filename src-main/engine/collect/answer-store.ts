import { isForeignKeyViolation } from '../db/dialect';
import { sql, type Transaction } from 'kysely';
import type { EngineContext } from '../context';
import type { Database } from '../db/schema';
import type { AnalysisResult } from '../answer-reading/types';
import { packEvidence } from './evidence-codec';

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
  /** Tokens the provider reported (spend per network); absent when it reports none. */
  usage?: { input: number; output: number };
  error?: string | null;
  attempts?: number;
  /** When the answer was received; defaults to now (sample data back-dates its updates). */
  createdAt?: string;
}

type Trx = Transaction<Database>;

/** Rows per multi-row INSERT: well under SQLite's bound-parameter limit for every table here. */
const ROWS_PER_INSERT = 400;

/**
 * The one write path of an answer: `storeAnswer` for one, `AnswerWriter` for many of one
 * project (a run, the sample project, a re-analysis).
 */
export async function storeAnswer(ctx: EngineContext, input: StoredAnswerInput): Promise<number> {
  const [id] = await new AnswerWriter(ctx, input.projectId).write([input]);
  return id;
}

/**
 * Re-analysis (POST reanalyze) of one answer: see `AnswerWriter.replaceAnalysis`.
 */
export async function replaceAnalysis(
  ctx: EngineContext,
  answerId: number,
  projectId: number,
  a: AnalysisResult,
): Promise<void> {
  await new AnswerWriter(ctx, projectId).replaceAnalysis([{ answerId, analysis: a }]);
}

/**
 * Writes answers of one project: each answer row, its URLs, and its competitors (canonical rows
 * created on first sight; a name merged into another competitor maps to that one).
 *
 * A batch is one transaction of a handful of statements whatever its size (delete earlier rows
 * of the same tasks, insert new competitors, answers, URLs, competitor links), and it replaces an
 * earlier answer of the same (run, prompt, network), so saving twice is harmless: a resumed run or
 * a re-analysis lands on the same rows.
 *
 * The project's competitor names are read once and kept for the writer's life (updated as it
 * creates competitors): a run looks up thousands of names. The cache can go stale only through
 * the competitors API while a run is going: a name it does not know is looked up again before a
 * competitor is created, and a competitor deleted or merged away meanwhile fails the batch on its
 * foreign key, which reloads the names and writes the batch again.
 */
export class AnswerWriter {
  /** Lower-cased name → competitor id: canonical names and merged member names. */
  private names: Map<string, number> | null = null;

  constructor(
    private readonly ctx: EngineContext,
    private readonly projectId: number,
  ) {}

  /**
   * Saves answers in one transaction; `alongside` runs in the same transaction (the run job
   * writes its progress there). Returns the answer ids in the order given.
   */
  async write(inputs: StoredAnswerInput[], alongside?: (trx: Trx) => Promise<void>): Promise<number[]> {
    if (!inputs.length) return [];
    return this.withFreshNamesOnForeignKeyError(() =>
      this.ctx.db.transaction().execute(async (trx) => {
        const ids = await this.insertAnswers(trx, inputs);
        await this.insertDetails(
          trx,
          inputs.flatMap((input, i) =>
            input.hasData && input.analysis ? [{ answerId: ids[i], analysis: input.analysis }] : [],
          ),
        );
        if (alongside) await alongside(trx);
        return ids;
      }),
    );
  }

  /**
   * Replaces the analysis fields (evidence included), URLs and competitor links of stored answers
   * in place, keeping their ids, texts, runs and times. Same rules as `write`. `guard` runs first
   * in the same transaction (re-analysis checks there that it is still the latest and writes its
   * progress); what it throws rolls the batch back.
   */
  async replaceAnalysis(
    items: Array<{ answerId: number; analysis: AnalysisResult }>,
    guard?: (trx: Trx) => Promise<void>,
  ): Promise<void> {
    if (!items.length) return;
    await this.withFreshNamesOnForeignKeyError(() =>
      this.ctx.db.transaction().execute(async (trx) => {
        if (guard) await guard(trx);
        for (const { answerId, analysis: a } of items)
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
              evidence: packEvidence(a.evidence),
            })
            .where('id', '=', answerId)
            .execute();
        const ids = items.map((i) => i.answerId);
        await trx.deleteFrom('answer_urls').where('answer_id', 'in', ids).execute();
        await trx.deleteFrom('answer_competitors').where('answer_id', 'in', ids).execute();
        await this.insertDetails(trx, items);
      }),
    );
  }

  private async withFreshNamesOnForeignKeyError<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      // A failed batch may have cached competitors its rollback removed: start from the database.
      this.names = null;
      if (!isForeignKeyViolation(error)) throw error;
      return write();
    }
  }

  /** Deletes earlier answers of the same tasks, inserts the new rows; ids in input order. */
  private async insertAnswers(trx: Trx, inputs: StoredAnswerInput[]): Promise<number[]> {
    const now = this.ctx.clock.now().toISOString();
    const runs = [...new Set(inputs.map((i) => i.runId))];
    for (const runId of runs) {
      // Literal ids (integers): PostgreSQL types bound parameters of a VALUES list as text.
      const tasks = inputs
        .filter((i) => i.runId === runId)
        .map((i) => sql`(${sql.lit(Number(i.promptId))}, ${sql.lit(Number(i.neuralId))})`);
      await sql`delete from answers where run_id = ${runId}
        and (prompt_id, neural_id) in (values ${sql.join(tasks)})`.execute(trx);
    }
    const ids = new Map<string, number>();
    for (const chunk of chunks(inputs, ROWS_PER_INSERT / 4)) {
      // RETURNING gives rows in no promised order: match them back on the task.
      const rows = await trx
        .insertInto('answers')
        .values(chunk.map((input) => answerRow(input, now)))
        .returning(['id', 'run_id', 'prompt_id', 'neural_id'])
        .execute();
      for (const r of rows) ids.set(`${r.run_id}:${r.prompt_id}:${r.neural_id}`, r.id);
    }
    return inputs.map((i) => ids.get(`${i.runId}:${i.promptId}:${i.neuralId}`)!);
  }

  /** URLs and competitor links of analysed answers (their earlier ones already gone). */
  private async insertDetails(
    trx: Trx,
    items: Array<{ answerId: number; analysis: AnalysisResult }>,
  ): Promise<void> {
    const urls = items.flatMap(({ answerId, analysis }) =>
      analysis.urls.map((u) => ({
        answer_id: answerId,
        position: u.position,
        url: u.url,
        domain: u.domain,
        title: u.title ?? null,
      })),
    );
    for (const chunk of chunks(urls, ROWS_PER_INSERT))
      await trx.insertInto('answer_urls').values(chunk).execute();

    const ids = await this.competitorIds(
      trx,
      items.flatMap((i) => i.analysis.competitors),
    );
    const links = items.flatMap(({ answerId, analysis: a }) => {
      // Rank among all brands in the answer: the own brand takes its mention_position, the
      // competitors fill the other places in order of first appearance.
      const seen: number[] = [];
      for (const name of a.competitors) {
        const id = ids.get(key(name))!;
        if (!seen.includes(id)) seen.push(id);
      }
      let rank = 0;
      return seen.map((competitor_id) => {
        rank++;
        if (a.mention_position !== null && rank === a.mention_position) rank++;
        return { answer_id: answerId, competitor_id, position: rank };
      });
    });
    for (const chunk of chunks(links, ROWS_PER_INSERT))
      await trx.insertInto('answer_competitors').values(chunk).execute();
  }

  /** Competitor id of every name, creating canonical competitors for names never seen. */
  private async competitorIds(trx: Trx, names: string[]): Promise<Map<string, number>> {
    if (!names.length) return this.names ?? new Map();
    const cached = this.names;
    let known = cached ?? (this.names = await loadCompetitorNames(trx, this.projectId));
    // A name the cache lacks may have been added through the competitors API meanwhile.
    if (cached && names.some((n) => !known.has(key(n))))
      known = this.names = await loadCompetitorNames(trx, this.projectId);
    const missing = new Map<string, string>();
    for (const name of names)
      if (!known.has(key(name)) && !missing.has(key(name))) missing.set(key(name), name.trim());
    if (missing.size) {
      const created = await trx
        .insertInto('competitors')
        .values(
          [...missing.values()].map((name) => ({
            project_id: this.projectId,
            name,
            type: 'direct',
            created_at: this.ctx.clock.now().toISOString(),
          })),
        )
        .returning(['id', 'name'])
        .execute();
      for (const c of created) known.set(key(c.name), c.id);
    }
    return known;
  }
}

const key = (name: string) => name.trim().toLowerCase();

/**
 * Lower-cased name → competitor id for a project: canonical names win over merged member names
 * (a name merged into another competitor maps to that one).
 */
async function loadCompetitorNames(trx: Trx, projectId: number): Promise<Map<string, number>> {
  const index = new Map<string, number>();
  const members = await trx
    .selectFrom('competitor_members')
    .innerJoin('competitors', 'competitors.id', 'competitor_members.competitor_id')
    .select(['competitors.id', 'competitor_members.name'])
    .where('competitors.project_id', '=', projectId)
    .execute();
  for (const m of members) index.set(key(m.name), m.id);
  const competitors = await trx
    .selectFrom('competitors')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .execute();
  for (const c of competitors) index.set(key(c.name), c.id);
  return index;
}

function answerRow(input: StoredAnswerInput, now: string) {
  const a = input.hasData ? input.analysis : null;
  return {
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
    evidence: a ? packEvidence(a.evidence) : null,
    web_search: input.webSearch ? 1 : 0,
    raw: input.raw === undefined ? null : JSON.stringify(input.raw),
    input_tokens: input.usage?.input ?? null,
    output_tokens: input.usage?.output ?? null,
    error: input.error ?? null,
    attempts: input.attempts ?? 1,
    created_at: input.createdAt ?? now,
  };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
