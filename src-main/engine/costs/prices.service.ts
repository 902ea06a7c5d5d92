import { z } from 'zod';
import type { EngineContext } from '../context';
import type { UserRow } from '../db/schema';
import { parseInput } from '../validation/parse-input';
import { requireAdmin } from '../account/users';
import { FREE_PROVIDERS, PRICES_AS_OF, SHIPPED_PRICES, type PriceRow } from './price-table';

/**
 * The prices a cost is computed with: the shipped table with the user's own rows over it
 * (`app_settings` key `prices`, the rows the user saved). `GET/PATCH /api/app/prices`.
 */

const KEY = 'prices';
const money = z.number().min(0).max(100_000);
const rowSchema = z.object({
  provider: z.string().trim().min(1).max(64),
  model: z.string().trim().min(1).max(200),
  input_usd_per_mtok: money,
  output_usd_per_mtok: money,
});
const patchSchema = z.object({ prices: z.array(rowSchema).max(500).nullable() });

export interface PriceTable {
  as_of: string;
  /** Every row in force: `source` `table` (shipped) or `custom` (the user's). */
  prices: Array<PriceRow & { source: 'table' | 'custom' }>;
}

const keyOf = (r: { provider: string; model: string }) => `${r.provider}|${r.model}`;

async function customRows(ctx: EngineContext): Promise<PriceRow[]> {
  const row = await ctx.db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', KEY)
    .executeTakeFirst();
  if (!row) return [];
  const parsed = z.array(rowSchema).safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : [];
}

export async function readPrices(ctx: EngineContext): Promise<PriceTable> {
  const custom = await customRows(ctx);
  const mine = new Set(custom.map(keyOf));
  return {
    as_of: PRICES_AS_OF,
    prices: [
      ...SHIPPED_PRICES.filter((r) => !mine.has(keyOf(r))).map((r) => ({ ...r, source: 'table' as const })),
      ...custom.map((r) => ({ ...r, source: 'custom' as const })),
    ],
  };
}

/** Replaces the user's rows (`null` or `[]`: back to the shipped table). Owner only, as app settings. */
export async function savePrices(ctx: EngineContext, user: UserRow, body: unknown): Promise<PriceTable> {
  requireAdmin(user);
  const { prices } = parseInput(patchSchema, body);
  const rows = [...new Map((prices ?? []).map((r) => [keyOf(r), r])).values()];
  await ctx.db
    .insertInto('app_settings')
    .values({ key: KEY, value: JSON.stringify(rows) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(rows) }))
    .execute();
  return readPrices(ctx);
}

/** Price of one network's model: 0 for local and demo networks, null when no row matches. */
export function priceFor(table: PriceTable, provider: string, model: string): PriceRow | null {
  if (FREE_PROVIDERS.has(provider)) return { provider, model, input_usd_per_mtok: 0, output_usd_per_mtok: 0 };
  const custom = table.prices.find(
    (r) => r.source === 'custom' && r.provider === provider && r.model === model,
  );
  return custom ?? table.prices.find((r) => r.provider === provider && r.model === model) ?? null;
}

/** Dollars for some tokens at a price (unrounded). */
export const usd = (price: PriceRow, input: number, output: number) =>
  (input * price.input_usd_per_mtok + output * price.output_usd_per_mtok) / 1_000_000;
