import { sql } from 'kysely';
import { sqlFor } from '../db/dialect';
import type { EngineContext } from '../context';
import type { UserRow } from '../db/schema';
import { priceFor, readPrices, usd } from './prices.service';

/**
 * Spend so far per network (`GET /api/app/spend`, extension): the tokens the providers reported
 * for the answers of the user's projects (answers.input_tokens/output_tokens), priced with the
 * table in force today. Answers whose provider reported no usage are counted apart
 * (`unreported`), never guessed: this figure is what was billed, as far as the providers said.
 */
export async function spendByNetwork(ctx: EngineContext, user: UserRow) {
  const [rows, prices] = await Promise.all([
    ctx.db
      .selectFrom('answers')
      .innerJoin('projects', 'projects.id', 'answers.project_id')
      .innerJoin('neurals', 'neurals.id', 'answers.neural_id')
      .select([
        'neurals.id as neural_id',
        'neurals.display_name',
        'neurals.provider',
        'neurals.model',
        sql<number>`count(answers.input_tokens)`.as('reported'),
        sqlFor(ctx.db)
          .countWhere(sql`answers.input_tokens is null and answers.has_data = 1`)
          .as('unreported'),
        sql<number>`coalesce(sum(answers.input_tokens), 0)`.as('input_tokens'),
        sql<number>`coalesce(sum(answers.output_tokens), 0)`.as('output_tokens'),
      ])
      .where('projects.user_id', '=', user.id)
      .groupBy('neurals.id')
      .orderBy('neurals.id')
      .execute(),
    readPrices(ctx),
  ]);
  const networks = rows.map((r) => {
    const price = priceFor(prices, r.provider, r.model);
    const input = Number(r.input_tokens);
    const output = Number(r.output_tokens);
    return {
      neural_id: r.neural_id,
      display_name: r.display_name,
      answers_reported: Number(r.reported),
      answers_unreported: Number(r.unreported ?? 0),
      tokens: { input, output },
      usd: price ? Math.round(usd(price, input, output) * 1_000_000) / 1_000_000 : null,
    };
  });
  const total = networks.reduce((s, n) => s + (n.usd ?? 0), 0);
  return { networks, total_usd: Math.round(total * 1_000_000) / 1_000_000, prices_as_of: prices.as_of };
}
