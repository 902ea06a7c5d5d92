import { z } from 'zod';
import type { EngineContext } from '../context';
import type { ProjectRow } from '../db/schema';
import { scopeFor } from '../analytics/filters';
import { loadCompetitors } from '../analytics/competitors';
import { brandChangeTests, loadPairedUpdates, pairShare } from '../analytics/paired-changes';
import type { ChangeTest } from '../analytics/change-test';
import { queueMail } from '../mail/mail.job';
import { smtpSettings } from '../mail/smtp-settings';
import type { RecordedEvent } from '../events/event-bus';

/**
 * "Tell me when it matters" (issue 13). When a run completes, its update is compared with the
 * previous one over every network and prompt of the project, with the same McNemar tests the
 * analytics show. A significant drop of the brand, or a significant rise of a competitor, is told
 * through the channels the user chose in the project settings: an event (`significant_change`,
 * listed in the summary), an OS notification on the desktop, an e-mail when SMTP is set.
 * A change within noise never alerts. A run alerts at most once per brand, and once only, a
 * completion resumed after a crash included (`alertAfterRun`).
 */

export const ALERT_EVENT = 'significant_change' as const;

export const alertPreferencesSchema = z.object({
  event: z.boolean(),
  desktop: z.boolean(),
  email: z.boolean(),
  emails: z.array(z.email().max(255)).max(20),
});
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

/** A new project: told in the app and on the desktop; e-mail once the user gives addresses. */
export const DEFAULT_ALERTS: AlertPreferences = { event: true, desktop: true, email: false, emails: [] };

export function alertPreferences(project: Pick<ProjectRow, 'alerts'>): AlertPreferences {
  if (!project.alerts) return { ...DEFAULT_ALERTS };
  const parsed = alertPreferencesSchema.partial().safeParse(JSON.parse(project.alerts));
  return { ...DEFAULT_ALERTS, ...(parsed.success ? parsed.data : {}) };
}

export interface Alert {
  brand: string;
  kind: 'brand_drop' | 'competitor_rise';
  before: number;
  after: number;
  test: ChangeTest;
}

/** The significant changes between the run's update and the one before it. */
export async function significantChanges(ctx: EngineContext, project: ProjectRow, runId: number) {
  const scope = await scopeFor(ctx, project, {}, 'summary');
  const at = scope.allUpdates.findIndex((u) => u.id === runId);
  // Only the update the run made, and only when it has a predecessor to compare with.
  if (at < 1) return { alerts: [] as Alert[], date1: null, date2: null };
  const before = scope.allUpdates[at - 1];
  const after = scope.allUpdates[at];
  const competitors = await loadCompetitors(ctx, project.id);
  const paired = await loadPairedUpdates(
    ctx,
    scope,
    before,
    after,
    scope.neurals.map((n) => n.id),
    true,
  );
  const tests = brandChangeTests(
    paired,
    competitors.map((c) => c.id),
  );
  const share = (brand: number | 'own') => pairShare(paired, brand);
  const alerts: Alert[] = [];
  const own = tests.get('own')!;
  if (own.significant && own.lost > own.gained)
    alerts.push({ brand: project.brand, kind: 'brand_drop', ...share('own'), test: own });
  for (const c of competitors) {
    const t = tests.get(c.id)!;
    if (t.significant && t.gained > t.lost)
      alerts.push({ brand: c.name, kind: 'competitor_rise', ...share(c.id), test: t });
  }
  return { alerts, date1: before.date, date2: after.date };
}

const pValue = (p: number) => (p < 0.0001 ? '< 0.0001' : String(Number(p.toPrecision(2))));

export function alertMessage(a: Alert, ru: boolean): string {
  const figures = ru
    ? `пар: ${a.test.pairs}, появился: ${a.test.gained}, пропал: ${a.test.lost}, p = ${pValue(a.test.p_value)}`
    : `${a.test.pairs} pairs, ${a.test.gained} gained, ${a.test.lost} lost, p = ${pValue(a.test.p_value)}`;
  if (a.kind === 'brand_drop')
    return ru
      ? `Видимость бренда «${a.brand}» значимо снизилась с ${a.before} % до ${a.after} % (${figures}).`
      : `Visibility of ${a.brand} fell significantly from ${a.before} % to ${a.after} % (${figures}).`;
  return ru
    ? `Конкурент «${a.brand}» значимо вырос с ${a.before} % до ${a.after} % (${figures}).`
    : `Competitor ${a.brand} rose significantly from ${a.before} % to ${a.after} % (${figures}).`;
}

/**
 * After a completed run: tell of each significant change through the chosen channels, once.
 * The run's `alerted_at` mark, its events and its e-mail job are written in one transaction
 * guarded by `alerted_at is null`, so a completion resumed after a crash (parse-run.job.ts) tells
 * what was not told yet and nothing twice. OS notifications are emitted after that commit: a
 * crash in between loses a notification (the event stays listed) rather than showing it twice.
 */
export async function alertAfterRun(ctx: EngineContext, projectId: number, runId: number): Promise<number> {
  const project = await ctx.db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) return 0;
  const prefs = alertPreferences(project);
  if (!prefs.event && !prefs.desktop && !prefs.email) return 0;
  const { alerts, date1, date2 } = await significantChanges(ctx, project, runId);
  const ru = project.language === 'ru';
  const mail = prefs.email && prefs.emails.length && alerts.length && (await smtpSettings(ctx));
  const toEmit = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('parse_runs')
      .set({ alerted_at: ctx.clock.now().toISOString() })
      .where('id', '=', runId)
      .where('alerted_at', 'is', null)
      .executeTakeFirst();
    if (!Number(claimed.numUpdatedRows)) return null; // told already
    const emitted: RecordedEvent[] = [];
    for (const a of alerts) {
      const message = alertMessage(a, ru);
      const event = { project_id: project.id, user_id: project.user_id, type: ALERT_EVENT, message };
      // The event list is one channel, the desktop notification another: either may be off.
      if (prefs.event) emitted.push(await ctx.events.store(event, { notify: prefs.desktop }, trx));
      else if (prefs.desktop) emitted.push(ctx.events.unstored(event));
    }
    if (mail) {
      const link = `${ctx.publicUrl()}/#/projects/${project.id}/dashboard`;
      const lines = alerts.map((a) => `- ${alertMessage(a, ru)}`).join('\n');
      await queueMail(
        ctx,
        {
          project_id: project.id,
          user_id: project.user_id,
          to: prefs.emails,
          subject: ru
            ? `Значимое изменение: ${project.name} (${date1} — ${date2})`
            : `Significant change: ${project.name} (${date1} to ${date2})`,
          text: ru
            ? `Обновление ${date2} по сравнению с ${date1}:\n${lines}\n\nИзменения в пределах шума не сообщаются.\nОткрыть: ${link}\n\nAnswerScope`
            : `The update of ${date2} compared with ${date1}:\n${lines}\n\nChanges within noise are never reported.\nOpen: ${link}\n\nAnswerScope`,
        },
        trx,
      );
    }
    return emitted;
  });
  if (!toEmit) return 0;
  for (const e of toEmit) ctx.events.emit(e);
  return alerts.length;
}
