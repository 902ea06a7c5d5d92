import type { EngineContext } from '../context';
import type { NeuralRow } from '../db/schema';
import { bit, bool } from '../db/connection';
import { notFound, invalidField, conflict } from '../errors';
import { NEURAL_PRESETS, type ProviderName } from './catalogue';
import type { AppNeural } from '../../../src-shared/api/core';

/** Adds any preset missing from the catalogue (first start, or a preset added by an upgrade). */
export async function ensureCatalogue(ctx: EngineContext): Promise<void> {
  const existing = new Set(
    (await ctx.db.selectFrom('neurals').select('system_name').execute()).map((r) => r.system_name),
  );
  const now = ctx.clock.now().toISOString();
  const missing = NEURAL_PRESETS.map((p, i) => ({ p, i })).filter(({ p }) => !existing.has(p.system_name));
  if (!missing.length) return;
  await ctx.db
    .insertInto('neurals')
    .values(
      missing.map(({ p, i }) => ({
        system_name: p.system_name,
        display_name: p.display_name,
        provider: p.provider,
        model: p.model,
        base_url: p.base_url ?? null,
        web_search_supported: bit(p.web_search_supported),
        model_url: p.model_url ?? null,
        is_builtin: 1,
        sort_order: i,
        created_at: now,
      })),
    )
    .execute();
}

export function listNeurals(ctx: EngineContext): Promise<NeuralRow[]> {
  return ctx.db
    .selectFrom('neurals')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function getNeural(ctx: EngineContext, id: number): Promise<NeuralRow> {
  const row = await ctx.db
    .selectFrom('neurals')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Neural network not found.');
  return row;
}

/**
 * Resolves ids or `system_name` values (the API accepts both) to catalogue rows, in the order
 * given, without duplicates. Unknown entries give a 422 on `field.<index>`.
 */
export async function resolveNeurals(
  ctx: EngineContext,
  refs: Array<number | string>,
  field: string,
): Promise<NeuralRow[]> {
  const all = await listNeurals(ctx);
  const result: NeuralRow[] = [];
  const errors: Record<string, string[]> = {};
  refs.forEach((ref, index) => {
    const row =
      typeof ref === 'number' || /^\d+$/.test(String(ref))
        ? all.find((n) => n.id === Number(ref))
        : all.find((n) => n.system_name === ref);
    if (!row) errors[`${field}.${index}`] = [`The selected ${field}.${index} is invalid.`];
    else if (!result.some((n) => n.id === row.id)) result.push(row);
  });
  if (Object.keys(errors).length) {
    const [path, [message]] = Object.entries(errors)[0];
    throw invalidField(path, message);
  }
  return result;
}

export interface NeuralInput {
  system_name?: string;
  display_name?: string;
  provider?: ProviderName;
  model?: string;
  base_url?: string | null;
  api_key?: string | null;
  web_search_supported?: boolean;
  model_url?: string | null;
}

export async function createNeural(
  ctx: EngineContext,
  input: Required<Pick<NeuralInput, 'system_name' | 'display_name' | 'provider' | 'model'>> & NeuralInput,
) {
  const taken = await ctx.db
    .selectFrom('neurals')
    .select('id')
    .where('system_name', '=', input.system_name)
    .executeTakeFirst();
  if (taken) throw invalidField('system_name', 'The system name has already been taken.');
  const row = await ctx.db
    .insertInto('neurals')
    .values({
      system_name: input.system_name,
      display_name: input.display_name,
      provider: input.provider,
      model: input.model,
      base_url: input.base_url ?? null,
      api_key: input.api_key ? ctx.secrets.seal(input.api_key) : null,
      web_search_supported: bit(input.web_search_supported),
      model_url: input.model_url ?? null,
      is_builtin: 0,
      sort_order: 1000,
      created_at: ctx.clock.now().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

export async function updateNeural(ctx: EngineContext, id: number, input: NeuralInput) {
  const current = await getNeural(ctx, id);
  if (input.system_name && input.system_name !== current.system_name) {
    if (current.is_builtin)
      throw invalidField('system_name', 'The system name of a built-in network cannot change.');
    const taken = await ctx.db
      .selectFrom('neurals')
      .select('id')
      .where('system_name', '=', input.system_name)
      .executeTakeFirst();
    if (taken) throw invalidField('system_name', 'The system name has already been taken.');
  }
  await ctx.db
    .updateTable('neurals')
    .set({
      ...(input.system_name !== undefined && { system_name: input.system_name }),
      ...(input.display_name !== undefined && { display_name: input.display_name }),
      ...(input.provider !== undefined && { provider: input.provider }),
      ...(input.model !== undefined && { model: input.model }),
      ...(input.base_url !== undefined && { base_url: input.base_url }),
      ...(input.api_key !== undefined && { api_key: input.api_key ? ctx.secrets.seal(input.api_key) : null }),
      ...(input.web_search_supported !== undefined && {
        web_search_supported: bit(input.web_search_supported),
      }),
      ...(input.model_url !== undefined && { model_url: input.model_url }),
    })
    .where('id', '=', id)
    .execute();
  return getNeural(ctx, id);
}

/** Soft delete, so stored answers keep their network; refused while a project still uses it. */
export async function deleteNeural(ctx: EngineContext, id: number) {
  await getNeural(ctx, id);
  const used = await ctx.db
    .selectFrom('project_neurals')
    .select('project_id')
    .where('neural_id', '=', id)
    .executeTakeFirst();
  if (used)
    throw conflict('This network is selected in a project; remove it from the project settings first.');
  await ctx.db
    .updateTable('neurals')
    .set({ deleted_at: ctx.clock.now().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** The decrypted API key of a network, for providers only; never sent to a client. */
export function neuralApiKey(ctx: EngineContext, row: NeuralRow): string | null {
  return row.api_key ? ctx.secrets.open(row.api_key) : null;
}

export const toNeural = (n: NeuralRow) => ({
  id: n.id,
  system_name: n.system_name,
  display_name: n.display_name,
  model_url: n.model_url ?? '',
});

export const toAppNeural = (n: NeuralRow): AppNeural => ({
  id: n.id,
  system_name: n.system_name,
  display_name: n.display_name,
  // The column is text; every write goes through z.enum(PROVIDERS) or a preset.
  provider: n.provider as ProviderName,
  model: n.model,
  base_url: n.base_url,
  api_key_set: n.api_key !== null,
  web_search_supported: bool(n.web_search_supported),
  model_url: n.model_url,
  is_builtin: bool(n.is_builtin),
});
