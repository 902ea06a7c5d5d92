import type { EngineContext } from '../context';
import { isoDay } from '../../../src-shared/time';
import { writeDemoAnswer } from '../providers/demo';
import { storeAnswer } from './answer-store';
import { loadAnalysisSubject } from './analysis-subject';
import { loadAnalyzer } from './analyzer';
import { writeAggregatesFor } from './aggregates-port';

const WEEKS = 12;
const DAY_MS = 86_400_000;

interface SampleContent {
  language: 'en' | 'ru';
  brand: string;
  alternative: string;
  domain: string;
  activities: string;
  groups: Record<string, string[]>;
}

const EN: SampleContent = {
  language: 'en',
  brand: 'Northwind CRM',
  alternative: 'Northwind',
  domain: 'northwind-crm.example',
  activities: 'CRM software for small businesses',
  groups: {
    'Best offers': [
      'What is the best CRM for a small business?',
      'Top CRM systems in 2026',
      'Which CRM do sales teams recommend?',
      'Best CRM with a free plan',
      'Most popular CRM for startups',
    ],
    'Problems to solve': [
      'How do I keep track of customer deals?',
      'How to automate follow-up emails to leads?',
      'How to organise a sales pipeline?',
      'How to stop losing leads from the website?',
      'How to see which salesperson closes most deals?',
    ],
    Comparison: [
      'Northwind CRM vs HubSpot',
      'Alternatives to Salesforce for a small team',
      'Pipedrive or Zoho CRM: which is better?',
      'Compare CRM systems with telephony',
      'Which CRM is easiest to set up?',
    ],
    'Price and purchase': [
      'How much does a CRM cost per user?',
      'Cheapest CRM with email integration',
      'CRM with monthly billing and no contract',
      'Where to buy a CRM licence for 10 users?',
      'CRM with a free trial',
    ],
    Reviews: [
      'Northwind CRM reviews',
      'Is Northwind CRM reliable?',
      'What do users say about CRM support quality?',
      'Most reliable CRM according to reviews',
      'CRM with the best customer support',
    ],
  },
};

const RU: SampleContent = {
  language: 'ru',
  brand: 'Северный ветер',
  alternative: 'Severny Veter',
  domain: 'severny-veter.example',
  activities: 'CRM для малого бизнеса',
  groups: {
    'Лучшие предложения': [
      'Какая CRM лучше всего подходит малому бизнесу?',
      'Топ CRM-систем в 2026 году',
      'Какую CRM советуют отделы продаж?',
      'Лучшая CRM с бесплатным тарифом',
      'Популярные CRM для стартапов',
    ],
    'Решение задач': [
      'Как вести учёт сделок с клиентами?',
      'Как автоматизировать письма лидам?',
      'Как выстроить воронку продаж?',
      'Как не терять заявки с сайта?',
      'Как понять, какой менеджер закрывает больше сделок?',
    ],
    Сравнение: [
      'Северный ветер или Битрикс24',
      'Альтернативы amoCRM для небольшой команды',
      'Что лучше: Pipedrive или Zoho CRM?',
      'Сравнение CRM с телефонией',
      'Какую CRM проще всего настроить?',
    ],
    'Цена и покупка': [
      'Сколько стоит CRM на одного пользователя?',
      'Самая дешёвая CRM с интеграцией почты',
      'CRM с помесячной оплатой без договора',
      'Где купить CRM на 10 пользователей?',
      'CRM с бесплатным пробным периодом',
    ],
    Отзывы: [
      'Отзывы о CRM Северный ветер',
      'Надёжна ли CRM Северный ветер?',
      'Что пишут пользователи о поддержке CRM?',
      'Самая надёжная CRM по отзывам',
      'CRM с лучшей поддержкой клиентов',
    ],
  },
};

/**
 * A sample project (issue 3 "Sample data") so a newcomer sees every analytics screen filled:
 * 25 prompts in 5 groups, the built-in `demo` network (the only offline network of the catalogue),
 * and 12 weekly completed updates written by the demo provider, the last one finishing now.
 * Marked `is_sample`, its schedule is `paused`, and it costs no limits. Languages other than
 * `ru` get the English sample.
 */
export async function createSampleProject(
  ctx: EngineContext,
  userId: number,
  options: { language?: string } = {},
): Promise<number> {
  const content = options.language === 'ru' ? RU : EN;
  const now = ctx.clock.now();
  const created = new Date(now.getTime() - (WEEKS * 7 + 1) * DAY_MS).toISOString();
  const demo = await ctx.db
    .selectFrom('neurals')
    .selectAll()
    .where('system_name', '=', 'demo')
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();

  const { projectId, prompts } = await ctx.db.transaction().execute(async (trx) => {
    const project = await trx
      .insertInto('projects')
      .values({
        user_id: userId,
        name: `Sample: ${content.brand}`,
        brand: content.brand,
        alternative_brand: content.alternative,
        domain: content.domain,
        domain_aliases: null,
        activities: content.activities,
        region: content.language === 'ru' ? 225 : 84,
        language: content.language,
        is_paused: 0,
        is_sample: 1,
        sources_include_subdomains: 0,
        collect_online: 0,
        collect_google_ai_mode: 0,
        count_empty_answers: 0,
        analytics_token: null,
        analytics_id: null,
        analytics_counter_name: null,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('project_neurals')
      .values({ project_id: project.id, neural_id: demo.id, web_search_enabled: 1, position: 0 })
      .execute();
    await trx
      .insertInto('project_schedules')
      .values(
        ['update', 'recommendations', 'frequency', 'url_indexation'].map((source) => ({
          project_id: project.id,
          source,
          type: 'paused',
          detail: null,
          last_run_at: null,
        })),
      )
      .execute();
    const prompts: Array<{ id: number; value: string }> = [];
    for (const [name, values] of Object.entries(content.groups)) {
      const group = await trx
        .insertInto('prompt_groups')
        .values({ project_id: project.id, name, is_favourite: 0, created_at: created })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const value of values) {
        const prompt = await trx
          .insertInto('prompts')
          .values({
            project_id: project.id,
            value,
            frequency: null,
            relevant_query: null,
            created_at: created,
            deleted_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('prompt_group_links')
          .values({ prompt_id: prompt.id, group_id: group.id })
          .execute();
        prompts.push({ id: prompt.id, value });
      }
    }
    return { projectId: project.id, prompts };
  });

  const project = await ctx.db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const subject = await loadAnalysisSubject(ctx, project);
  const analyze = await loadAnalyzer();
  for (let week = WEEKS - 1; week >= 0; week--) {
    const finished = new Date(now.getTime() - week * 7 * DAY_MS);
    const started = new Date(finished.getTime() - 4 * 60_000);
    const run = await ctx.db
      .insertInto('parse_runs')
      .values({
        project_id: projectId,
        user_id: userId,
        status: 'in_progress',
        phase: 'receive',
        progress: 50,
        source: 'sample',
        options: JSON.stringify({ prompt_ids: prompts.map((p) => p.id), neural_ids: [demo.id] }),
        charged: 0,
        refunded: 0,
        tasks_total: prompts.length,
        tasks_done: 0,
        update_date: null,
        created_at: started.toISOString(),
        started_at: started.toISOString(),
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const prompt of prompts) {
      const answer = writeDemoAnswer(prompt.value, {
        brand: project.brand,
        domain: project.domain,
        activities: project.activities,
        language: project.language,
        day: isoDay(finished),
        network: demo.system_name,
      });
      await storeAnswer(ctx, {
        runId: run.id,
        projectId,
        promptId: prompt.id,
        neuralId: demo.id,
        hasData: true,
        text: answer.text,
        analysis: analyze ? analyze({ ...subject, text: answer.text, citations: answer.citations }) : null,
        webSearch: true,
        raw: { citations: answer.citations, response: answer.raw },
        createdAt: started.toISOString(),
      });
    }
    await ctx.db
      .updateTable('parse_runs')
      .set({
        status: 'completed',
        phase: null,
        progress: 100,
        tasks_done: prompts.length,
        update_date: isoDay(finished),
        finished_at: finished.toISOString(),
      })
      .where('id', '=', run.id)
      .execute();
    await writeAggregatesFor(ctx, run.id);
  }
  return projectId;
}
