import type { EngineContext } from '../../../src-main/engine/context';
import { ans, seedProject, seedUpdate, type SeededProject } from '../../helpers/seed-analytics';

/**
 * The hand-built data set most analytics tests share. Brand Acme (site acme.com), networks
 * chatgpt and perplexity (both with sources), prompts p1 (frequency 100, group G1), p2 (50, G2),
 * p3 (no frequency).
 *
 * Update 1, 2026-11-01:
 *   p1 chatgpt     brand #1 positive, competitors Globex; urls acme.com/a, en.wikipedia.org
 *   p1 perplexity  no brand; Globex, Initech
 *   p2 chatgpt     brand #2 neutral; Globex
 *   p2 perplexity  no data
 *   p3 chatgpt     no brand; Umbrella
 *   p3 perplexity  brand #1 negative; url ru.wikipedia.org
 * Update 2, 2026-11-08 12:00 (an earlier run at 09:00 the same day, all mentions, is superseded):
 *   p1 chatgpt     brand #2 positive; Globex
 *   p1 perplexity  brand #1 positive; Initech; url www.acme.com/b
 *   p2 chatgpt     no brand; Initech
 *   p2 perplexity  brand #1 neutral; Hooli (a hidden competitor)
 *   p3 chatgpt     brand #1 negative
 *   p3 perplexity  no brand
 */
export interface Fixture {
  project: SeededProject;
  p1: number;
  p2: number;
  p3: number;
  gpt: number;
  ppx: number;
  run1: number;
  run2: number;
  superseded: number;
}

export async function seedFixture(
  ctx: EngineContext,
  options: { countEmptyAnswers?: boolean } = {},
): Promise<Fixture> {
  const project = await seedProject(ctx, {
    countEmptyAnswers: options.countEmptyAnswers,
    neurals: ['chatgpt', 'perplexity'],
    groups: ['G1', 'G2'],
    prompts: [
      { value: 'best crm tools', frequency: 100, groups: ['G1'] },
      { value: 'cheap crm for a small team', frequency: 50, groups: ['G2'] },
      { value: 'crm reviews', frequency: null },
    ],
  });
  const [p1, p2, p3] = project.prompts;
  const gpt = project.neural.chatgpt;
  const ppx = project.neural.perplexity;
  const run1 = await seedUpdate(ctx, project, '2026-11-01', [
    ans(p1, gpt, {
      brandAt: 1,
      tone: 'positive',
      competitors: ['Globex'],
      urls: ['https://acme.com/a', 'https://en.wikipedia.org/wiki/CRM'],
    }),
    ans(p1, ppx, { competitors: ['Globex', 'Initech'] }),
    ans(p2, gpt, { brandAt: 2, tone: 'neutral', competitors: ['Globex'] }),
    ans(p2, ppx, { hasData: false }),
    ans(p3, gpt, { competitors: ['Umbrella'] }),
    ans(p3, ppx, { brandAt: 1, tone: 'negative', urls: ['https://ru.wikipedia.org/wiki/CRM'] }),
  ]);
  const superseded = await seedUpdate(
    ctx,
    project,
    '2026-11-08',
    [p1, p2, p3].flatMap((p) => [ans(p, gpt, { brandAt: 1 }), ans(p, ppx, { brandAt: 1 })]),
    '09:00:00',
  );
  const run2 = await seedUpdate(ctx, project, '2026-11-08', [
    ans(p1, gpt, { brandAt: 2, tone: 'positive', competitors: ['Globex'] }),
    ans(p1, ppx, {
      brandAt: 1,
      tone: 'positive',
      competitors: ['Initech'],
      urls: ['https://www.acme.com/b'],
    }),
    ans(p2, gpt, { competitors: ['Initech'] }),
    ans(p2, ppx, { brandAt: 1, tone: 'neutral', competitors: ['Hooli'] }),
    ans(p3, gpt, { brandAt: 1, tone: 'negative' }),
    ans(p3, ppx, {}),
  ]);
  await ctx.db
    .updateTable('competitors')
    .set({ type: 'hidden' })
    .where('project_id', '=', project.id)
    .where('name', '=', 'Hooli')
    .execute();
  return { project, p1, p2, p3, gpt, ppx, run1, run2, superseded };
}
