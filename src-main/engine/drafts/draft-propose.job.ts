import type { EngineContext } from '../context';
import type { JobHandler } from '../jobs/queue';
import type { JobPayload } from '../job-catalogue';
import type { DraftPrompt } from '../../../src-shared/api/core';
import { splitList } from './split';
import { proposeDraftPrompts } from './proposals/index';
import type { DraftInput } from './drafts.service';

/**
 * `draft.propose`: selects the prompts of a draft and marks it `ready` (or `error`), recording
 * a `draft_ready` event. Running twice is harmless: it acts only on a draft still
 * `processing`, and the final write is conditional on that status, so a list the user has
 * already edited is never overwritten. Stopped half-way, it simply runs again.
 */
export function draftProposeJob(ctx: EngineContext): JobHandler<JobPayload<'draft.propose'>> {
  return async ({ draft_id }) => {
    const draft = await ctx.db.selectFrom('drafts').selectAll().where('id', '=', draft_id).executeTakeFirst();
    if (!draft || draft.status !== 'processing') return;
    const setProgress = (progress: number) =>
      ctx.db
        .updateTable('drafts')
        .set({ progress, updated_at: ctx.clock.now().toISOString() })
        .where('id', '=', draft_id)
        .where('status', '=', 'processing')
        .execute();
    await setProgress(10);
    const input: DraftInput = JSON.parse(draft.input);
    let prompts: DraftPrompt[];
    try {
      const proposed = await proposeDraftPrompts(ctx, {
        brand: input.brand,
        activities: input.activities,
        domain: input.domain,
        region: input.region,
        language: input.language,
        alternativeBrands: splitList(input.alternative_brand),
      });
      await setProgress(90);
      prompts = proposed.map((p) => ({
        id: ctx.ids.random(6),
        text: p.text,
        source: 'generated',
        group: p.group,
      }));
    } catch (error) {
      await ctx.db
        .updateTable('drafts')
        .set({
          status: 'error',
          error: 'Prompt selection failed.',
          updated_at: ctx.clock.now().toISOString(),
        })
        .where('id', '=', draft_id)
        .where('status', '=', 'processing')
        .execute();
      console.error('[drafts] proposal failed', error);
      return;
    }
    const done = await ctx.db
      .updateTable('drafts')
      .set({
        status: 'ready',
        progress: 100,
        prompts: JSON.stringify(prompts),
        updated_at: ctx.clock.now().toISOString(),
      })
      .where('id', '=', draft_id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows))
      await ctx.events.record({
        project_id: null,
        user_id: draft.user_id,
        type: 'draft_ready',
        message: `${prompts.length} prompts proposed for ${input.brand}.`,
      });
  };
}
