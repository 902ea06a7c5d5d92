import type { EngineContext } from '../context';
import { isoDay } from '../../../src-shared/time';
import type { Kysely } from 'kysely';
import type { Database, NeuralRow } from '../db/schema';
import { writeDemoAnswer, type DemoTilt } from '../providers/demo';
import { AnswerWriter, type StoredAnswerInput } from './answer-store';
import { loadAnalysisSubject } from './analysis-subject';
import { loadAnalyzer } from './analyzer';
import { writeAggregatesFor } from './aggregates-port';

const WEEKS = 12;
const DAY_MS = 86_400_000;

interface SampleContent {
  language: 'en' | 'ru' | 'de' | 'es';
  region: number;
  brand: string;
  alternative: string;
  domain: string;
  activities: string;
  groups: Record<string, string[]>;
}

const EN: SampleContent = {
  language: 'en',
  region: 84,
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
  region: 225,
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

const DE: SampleContent = {
  language: 'de',
  region: 96,
  brand: 'Nordwind CRM',
  alternative: 'Nordwind',
  domain: 'nordwind-crm.example',
  activities: 'CRM-Software für kleine Unternehmen',
  groups: {
    'Beste Angebote': [
      'Welches CRM ist das beste für kleine Unternehmen?',
      'Die besten CRM-Systeme 2026',
      'Welches CRM empfehlen Vertriebsteams?',
      'Bestes CRM mit kostenlosem Tarif',
      'Beliebtestes CRM für Start-ups',
    ],
    'Probleme lösen': [
      'Wie behalte ich den Überblick über Kundenabschlüsse?',
      'Wie automatisiere ich Follow-up-E-Mails an Leads?',
      'Wie organisiere ich eine Vertriebspipeline?',
      'Wie verliere ich keine Anfragen von der Website mehr?',
      'Wie sehe ich, welcher Verkäufer die meisten Abschlüsse macht?',
    ],
    Vergleich: [
      'Nordwind CRM oder HubSpot?',
      'Alternativen zu Salesforce für ein kleines Team',
      'Pipedrive oder Zoho CRM: was ist besser?',
      'CRM-Systeme mit Telefonie im Vergleich',
      'Welches CRM ist am einfachsten einzurichten?',
    ],
    'Preis und Kauf': [
      'Was kostet ein CRM pro Nutzer?',
      'Günstigstes CRM mit E-Mail-Integration',
      'CRM mit monatlicher Zahlung ohne Vertrag',
      'Wo kaufe ich eine CRM-Lizenz für 10 Nutzer?',
      'CRM mit kostenloser Testphase',
    ],
    Bewertungen: [
      'Nordwind CRM Erfahrungen',
      'Ist Nordwind CRM zuverlässig?',
      'Wie bewerten Nutzer den Support von CRM-Anbietern?',
      'Das zuverlässigste CRM laut Bewertungen',
      'CRM mit dem besten Kundensupport',
    ],
  },
};

const ES: SampleContent = {
  language: 'es',
  region: 204,
  brand: 'Viento Norte CRM',
  alternative: 'Viento Norte',
  domain: 'vientonorte-crm.example',
  activities: 'software CRM para pequeñas empresas',
  groups: {
    'Mejores ofertas': [
      '¿Cuál es el mejor CRM para una pequeña empresa?',
      'Los mejores sistemas CRM en 2026',
      '¿Qué CRM recomiendan los equipos de ventas?',
      'Mejor CRM con plan gratuito',
      'CRM más popular para startups',
    ],
    'Resolver problemas': [
      '¿Cómo llevar el control de las ventas con clientes?',
      '¿Cómo automatizar los correos de seguimiento a los leads?',
      '¿Cómo organizar un embudo de ventas?',
      '¿Cómo dejar de perder contactos de la web?',
      '¿Cómo saber qué vendedor cierra más ventas?',
    ],
    Comparación: [
      'Viento Norte CRM o HubSpot',
      'Alternativas a Salesforce para un equipo pequeño',
      'Pipedrive o Zoho CRM: ¿cuál es mejor?',
      'Comparativa de CRM con telefonía',
      '¿Qué CRM es el más fácil de configurar?',
    ],
    'Precio y compra': [
      '¿Cuánto cuesta un CRM por usuario?',
      'El CRM más barato con integración de correo',
      'CRM con pago mensual y sin contrato',
      '¿Dónde comprar una licencia de CRM para 10 usuarios?',
      'CRM con prueba gratuita',
    ],
    Opiniones: [
      'Opiniones sobre Viento Norte CRM',
      '¿Es fiable Viento Norte CRM?',
      '¿Qué dicen los usuarios del soporte de los CRM?',
      'El CRM más fiable según las opiniones',
      'CRM con la mejor atención al cliente',
    ],
  },
};

const CONTENT: Record<string, SampleContent> = { en: EN, ru: RU, de: DE, es: ES };

/** The offline networks of the sample, with web search on where the network has it. */
const SAMPLE_NETWORKS = ['demo', 'demo-search', 'demo-chat'];

/** A competitor that enters the market half-way through the sample's quarter. */
const NEWCOMER = 'Attio';
const NEWCOMER_FROM_WEEK = 6;

/**
 * The story the 12 weeks tell (week 0 is the oldest): the brand gains visibility in the
 * recommendation and comparison prompts (groups 1 and 3), loses it in the price prompts (group
 * 4), its tone improves slowly, and a new competitor appears half-way and is named often.
 */
function tiltFor(groupIndex: number, week: number): DemoTilt {
  const brandChance =
    groupIndex === 0 || groupIndex === 2 ? -0.35 + 0.06 * week : groupIndex === 3 ? 0.25 - 0.05 * week : 0;
  return {
    brandChance,
    positivity: -0.1 + 0.02 * week,
    newcomers: week >= NEWCOMER_FROM_WEEK ? [NEWCOMER] : [],
  };
}

/**
 * A sample project (issue 3 "Sample data") so a newcomer sees every analytics screen filled:
 * 25 prompts in 5 groups in the project's language (ru, en, de, es; others get English), the
 * three offline demo networks (so views comparing networks have something to compare), and 12
 * weekly completed updates written by them, the last one finishing now, with trends worth
 * looking at (see tiltFor). Marked `is_sample`, its schedule is `paused`, and it costs no limits.
 */
export async function createSampleProject(
  ctx: EngineContext,
  userId: number,
  options: { language?: string } = {},
): Promise<number> {
  const content = CONTENT[options.language ?? 'en'] ?? EN;
  const now = ctx.clock.now();
  const created = new Date(now.getTime() - (WEEKS * 7 + 1) * DAY_MS).toISOString();
  const found = await ctx.db
    .selectFrom('neurals')
    .selectAll()
    .where('system_name', 'in', SAMPLE_NETWORKS)
    .where('deleted_at', 'is', null)
    .execute();
  const networks = SAMPLE_NETWORKS.flatMap((name) => found.filter((n) => n.system_name === name));
  if (!networks.length) throw new Error('The offline demo networks are missing from the catalogue.');

  const { projectId, prompts } = await insertProject(ctx, userId, content, networks, created);
  const project = await ctx.db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const subject = await loadAnalysisSubject(ctx, project);
  const analyze = await loadAnalyzer();
  const writer = new AnswerWriter(ctx, projectId);
  for (let week = 0; week < WEEKS; week++) {
    const finished = new Date(now.getTime() - (WEEKS - 1 - week) * 7 * DAY_MS);
    const started = new Date(finished.getTime() - 4 * 60_000);
    const run = await insertSampleRun(ctx, projectId, userId, prompts, networks, started);
    const answers: StoredAnswerInput[] = [];
    for (const prompt of prompts)
      for (const neural of networks) {
        const answer = writeDemoAnswer(
          prompt.value,
          {
            brand: project.brand,
            domain: project.domain,
            activities: project.activities,
            language: project.language,
            day: isoDay(finished),
            network: neural.system_name,
          },
          tiltFor(prompt.groupIndex, week),
        );
        answers.push({
          runId: run.id,
          projectId,
          promptId: prompt.id,
          neuralId: neural.id,
          hasData: true,
          text: answer.text,
          analysis: analyze ? analyze({ ...subject, text: answer.text, citations: answer.citations }) : null,
          webSearch: neural.web_search_supported === 1,
          raw: { citations: answer.citations, response: answer.raw },
          createdAt: started.toISOString(),
        });
      }
    // One transaction per update: its answers and its completion.
    await writer.write(answers, async (trx) => {
      await trx
        .updateTable('parse_runs')
        .set({
          status: 'completed',
          phase: null,
          progress: 100,
          tasks_done: answers.length,
          update_date: isoDay(finished),
          finished_at: finished.toISOString(),
        })
        .where('id', '=', run.id)
        .execute();
    });
    await writeAggregatesFor(ctx, run.id);
  }
  return projectId;
}

/** One weekly update of the sample, started and still in progress (its answers complete it). */
function insertSampleRun(
  ctx: EngineContext,
  projectId: number,
  userId: number,
  prompts: Array<{ id: number }>,
  networks: NeuralRow[],
  started: Date,
) {
  return ctx.db
    .insertInto('parse_runs')
    .values({
      project_id: projectId,
      user_id: userId,
      status: 'in_progress',
      phase: 'receive',
      progress: 50,
      source: 'sample',
      options: JSON.stringify({
        prompt_ids: prompts.map((p) => p.id),
        neural_ids: networks.map((n) => n.id),
      }),
      charged: 0,
      refunded: 0,
      tasks_total: prompts.length * networks.length,
      tasks_done: 0,
      update_date: null,
      created_at: started.toISOString(),
      started_at: started.toISOString(),
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function insertProject(
  ctx: EngineContext,
  userId: number,
  content: SampleContent,
  networks: NeuralRow[],
  created: string,
) {
  return ctx.db.transaction().execute(async (trx) => {
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
        region: content.region,
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
      .values(
        networks.map((n, position) => ({
          project_id: project.id,
          neural_id: n.id,
          web_search_enabled: n.web_search_supported,
          position,
        })),
      )
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
    const prompts = await insertSampleGroups(trx, project.id, content.groups, created);
    return { projectId: project.id, prompts };
  });
}

/** The sample's groups and their prompts, in order; each prompt with the index of its group (tiltFor). */
async function insertSampleGroups(
  trx: Kysely<Database>,
  projectId: number,
  groups: SampleContent['groups'],
  created: string,
): Promise<Array<{ id: number; value: string; groupIndex: number }>> {
  const prompts: Array<{ id: number; value: string; groupIndex: number }> = [];
  for (const [groupIndex, [name, values]] of Object.entries(groups).entries()) {
    const group = await trx
      .insertInto('prompt_groups')
      .values({ project_id: projectId, name, is_favourite: 0, created_at: created })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const value of values) {
      const prompt = await trx
        .insertInto('prompts')
        .values({
          project_id: projectId,
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
      prompts.push({ id: prompt.id, value, groupIndex });
    }
  }
  return prompts;
}
