import type { EngineContext } from '../context';
import type { Kysely } from 'kysely';
import type { Database, DraftRow, UserRow } from '../db/schema';
import { draftError, invalidField } from '../errors';
import { JOB } from '../job-catalogue';
import { resolveNeurals } from '../neurals/neurals.service';
import { checkedHost, DEFAULT_REGION, joinList } from '../settings/settings.service';
import { findOrCreateGroup } from '../groups/groups.service';
import { saveSchedule } from '../schedules/schedules.service';
import { cleanPrompt, promptKey } from '../prompts/prompts.service';
import { DRAFT_GROUPS, DRAFT_GROUP_LABELS, type ProjectLanguage } from '../../../src-shared/enums';
import type { DraftCreated, DraftPrompt, DraftView } from '../../../src-shared/api/core';

export const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The brand form as a draft keeps it: validated, lists joined, networks resolved to ids. */
export interface DraftInput {
  brand: string;
  activities: string;
  domain: string;
  neurals: number[];
  alternative_brand: string;
  region: number;
  language: ProjectLanguage;
}

export interface DraftBodyInput {
  brand: string;
  activities: string | string[];
  domain?: string | null;
  neurals: Array<number | string>;
  alternative_brand?: string | string[] | null;
  region?: number;
  language?: ProjectLanguage;
}

/**
 * Creates a draft and queues its proposal job (api-spec.md "POST project-drafts"). The job is
 * durable: a crash between the two leaves a queued job that finishes the draft on restart.
 * When the job cannot be queued the draft is removed and the client gets 503
 * ANALYSIS_NOT_STARTED, so no draft is left `processing` forever.
 */
export async function createDraft(ctx: EngineContext, user: UserRow, body: DraftBodyInput) {
  const activities = joinList(body.activities);
  if (!activities) throw invalidField('activities', 'The activities field is required.');
  const input: DraftInput = {
    brand: body.brand,
    activities,
    domain: checkedHost(body.domain ?? '', 'domain'),
    neurals: (await resolveNeurals(ctx, body.neurals, 'neurals')).map((n) => n.id),
    alternative_brand: joinList(body.alternative_brand ?? null),
    region: body.region ?? DEFAULT_REGION,
    language: body.language ?? 'ru',
  };
  const id = ctx.ids.random();
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto('drafts')
    .values({
      id,
      user_id: user.id,
      status: 'processing',
      progress: 0,
      input: JSON.stringify(input),
      prompts: '[]',
      project_id: null,
      error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  try {
    await ctx.jobs.enqueue(JOB.draftPropose, { draft_id: id });
  } catch {
    await ctx.db.deleteFrom('drafts').where('id', '=', id).execute();
    throw draftError('ANALYSIS_NOT_STARTED', 'Prompt selection could not be started. Try again.');
  }
  return { draft_id: id, status: 'processing' as const };
}

/**
 * A draft the user may see: their own and younger than a day; anything else is 404
 * DRAFT_NOT_FOUND. A used draft answers 409 DRAFT_ALREADY_USED with its project to any method.
 */
async function loadDraft(ctx: EngineContext, user: UserRow, draftId: string): Promise<DraftRow> {
  const draft = await ctx.db.selectFrom('drafts').selectAll().where('id', '=', draftId).executeTakeFirst();
  const expired = draft && ctx.clock.now().getTime() - Date.parse(draft.created_at) > DRAFT_LIFETIME_MS;
  if (!draft || draft.user_id !== user.id || expired)
    throw draftError('DRAFT_NOT_FOUND', 'Draft not found or expired.');
  if (draft.status === 'created')
    throw draftError(
      'DRAFT_ALREADY_USED',
      'A project was already created from this draft.',
      draft.project_id!,
    );
  return draft;
}

export async function getDraft(ctx: EngineContext, user: UserRow, draftId: string): Promise<DraftView> {
  return toDraftView(await loadDraft(ctx, user, draftId));
}

/**
 * Replaces the prompt list (api-spec.md "PATCH prompts"): what is sent is what remains, empty
 * strings and duplicates (trimmed, case-insensitive) dropped. A proposed prompt sent unchanged
 * keeps its id, source and group; anything else is a new `custom` prompt.
 */
export async function replaceDraftPrompts(
  ctx: EngineContext,
  user: UserRow,
  draftId: string,
  texts: string[],
): Promise<DraftView> {
  const draft = await loadDraft(ctx, user, draftId);
  if (draft.status === 'processing')
    throw draftError(
      'DRAFT_IN_PROGRESS',
      'The prompts are still being selected; wait until the draft is ready.',
    );
  if (draft.status === 'error')
    throw draftError('DRAFT_NOT_READY', 'Prompt selection failed; create a new draft.');
  const current: DraftPrompt[] = JSON.parse(draft.prompts);
  const byText = new Map(current.map((p) => [cleanPrompt(p.text), p]));
  const seen = new Set<string>();
  const prompts: DraftPrompt[] = [];
  for (const raw of texts) {
    const text = cleanPrompt(raw);
    if (!text || seen.has(promptKey(text))) continue;
    seen.add(promptKey(text));
    prompts.push(byText.get(text) ?? { id: ctx.ids.random(6), text, source: 'custom', group: 'custom' });
  }
  const updated_at = ctx.clock.now().toISOString();
  await ctx.db
    .updateTable('drafts')
    .set({ prompts: JSON.stringify(prompts), updated_at })
    .where('id', '=', draft.id)
    .execute();
  return toDraftView({ ...draft, prompts: JSON.stringify(prompts) });
}

/**
 * Creates the project (api-spec.md "POST project"): name = brand, the form's settings and
 * networks, the prompts, one group per group value used (named in the project language), and a
 * once-a-week parse schedule on the least busy weekday. One transaction; the draft flips to
 * `created` only if it was still `ready`, so two concurrent calls cannot make two projects.
 */
export async function createProjectFromDraft(
  ctx: EngineContext,
  user: UserRow,
  draftId: string,
): Promise<DraftCreated> {
  const draft = await loadDraft(ctx, user, draftId);
  if (draft.status !== 'ready')
    throw draftError(
      'DRAFT_NOT_READY',
      'The draft is not ready: its prompts are still being selected or failed.',
    );
  const input: DraftInput = JSON.parse(draft.input);
  const prompts: DraftPrompt[] = JSON.parse(draft.prompts);
  if (!prompts.length) throw invalidField('prompts', 'Keep at least one prompt before creating the project.');
  const now = ctx.clock.now().toISOString();

  const projectId = await ctx.db.transaction().execute(async (trx) => {
    const project = await insertDraftProject(trx, user, input, now);
    await addDraftNetworks(trx, project.id, input.neurals);
    await addDraftPrompts(trx, project.id, prompts, input.language, now);
    await saveSchedule(trx, project, 'update', { type: 'once_per_week', detail: null });

    const used = await trx
      .updateTable('drafts')
      .set({ status: 'created', project_id: project.id, updated_at: now })
      .where('id', '=', draft.id)
      .where('status', '=', 'ready')
      .executeTakeFirst();
    if (!Number(used.numUpdatedRows)) throw new Error('draft changed while the project was being created');
    return project.id;
  });
  return {
    draft_id: draft.id,
    status: 'created',
    project_id: projectId,
    project_url: `${ctx.publicUrl()}/#/projects/${projectId}`,
  };
}

/** The project row of a draft: the form's brand, domain and settings, everything else off. */
function insertDraftProject(trx: Kysely<Database>, user: UserRow, input: DraftInput, now: string) {
  return trx
    .insertInto('projects')
    .values({
      user_id: user.id,
      name: input.brand,
      brand: input.brand,
      alternative_brand: input.alternative_brand,
      domain: input.domain,
      domain_aliases: null,
      activities: input.activities,
      region: input.region,
      language: input.language,
      is_paused: 0,
      is_sample: 0,
      sources_include_subdomains: 0,
      collect_online: 0,
      collect_google_ai_mode: 0,
      count_empty_answers: 0,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'user_id'])
    .executeTakeFirstOrThrow();
}

/** The chosen networks still in the catalogue, in the chosen order. */
async function addDraftNetworks(trx: Kysely<Database>, projectId: number, wanted: number[]): Promise<void> {
  const live = await trx
    .selectFrom('neurals')
    .select(['id', 'web_search_supported'])
    .where('id', 'in', wanted.length ? wanted : [0])
    .where('deleted_at', 'is', null)
    .execute();
  const neurals = wanted.filter((id) => live.some((n) => n.id === id));
  if (neurals.length)
    await trx
      .insertInto('project_neurals')
      .values(
        neurals.map((neural_id, position) => ({
          project_id: projectId,
          neural_id,
          // Web search on where the network offers it: citations are what the site
          // visibility and sources screens measure.
          web_search_enabled: live.find((n) => n.id === neural_id)?.web_search_supported ?? 0,
          position,
        })),
      )
      .execute();
}

/** The prompts, each in the group of its kind (one group per kind used, named in the project language). */
async function addDraftPrompts(
  trx: Kysely<Database>,
  projectId: number,
  prompts: DraftPrompt[],
  language: ProjectLanguage,
  now: string,
): Promise<void> {
  const groupIds = new Map<string, number>();
  for (const group of DRAFT_GROUPS.filter((g) => prompts.some((p) => p.group === g)))
    groupIds.set(group, await findOrCreateGroup(trx, projectId, DRAFT_GROUP_LABELS[group][language], now));
  for (const prompt of prompts) {
    const row = await trx
      .insertInto('prompts')
      .values({ project_id: projectId, value: prompt.text, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const groupId = groupIds.get(prompt.group);
    if (groupId)
      await trx.insertInto('prompt_group_links').values({ prompt_id: row.id, group_id: groupId }).execute();
  }
}

export function toDraftView(
  draft: Pick<DraftRow, 'id' | 'status' | 'progress' | 'prompts' | 'error'>,
): DraftView {
  switch (draft.status) {
    case 'ready':
      return { draft_id: draft.id, status: 'ready', prompts: JSON.parse(draft.prompts) };
    case 'error':
      return { draft_id: draft.id, status: 'error', message: draft.error ?? 'Prompt selection failed.' };
    default:
      return { draft_id: draft.id, status: 'processing', progress: draft.progress };
  }
}
