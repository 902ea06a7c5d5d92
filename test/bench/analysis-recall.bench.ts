/**
 * Competitor recall and precision on the offline demo networks' answers. The demo provider knows
 * which names it wrote (`raw.named`), so its answers are labelled for free: the true competitors
 * are those names minus the own brand. Per language and network, over a fixed set of subjects
 * (the sample project's CRM brand, plus brands in other markets so every demo name pool is read)
 * and many prompts × days (the demo answer is deterministic for prompt, brand, day and network).
 *
 * `npx tsx test/bench/analysis-recall.bench.ts` prints the table alone; `npm run bench -- recall`
 * runs it with the other benches. It measures, it never fails a build.
 */
import { askDemo } from '../../src-main/engine/providers/demo';
import type { AskSubject } from '../../src-main/engine/providers/types';
import { analyzeAnswer } from '../../src-main/engine/answer-reading/analyze';
import type { Language } from '../../src-main/engine/answer-reading/types';

interface Subject {
  brand: string;
  alternative: string[];
  domain: string;
  activities: string;
}

/** The sample project's brand first (the set the collection engineer measured), then other markets. */
const SUBJECTS: Record<Language, Subject[]> = {
  en: [
    {
      brand: 'Northwind CRM',
      alternative: ['Northwind'],
      domain: 'northwind-crm.example',
      activities: 'CRM software for small businesses',
    },
    {
      brand: 'Starling Bank',
      alternative: ['Starling'],
      domain: 'starlingbank.com',
      activities: 'digital bank',
    },
    { brand: 'Kayak', alternative: [], domain: 'kayak.com', activities: 'travel and hotel search' },
    { brand: 'Fieldly', alternative: [], domain: 'fieldly.example', activities: 'field service software' },
  ],
  ru: [
    {
      brand: 'Северный ветер',
      alternative: ['Severny Veter'],
      domain: 'severny-veter.example',
      activities: 'CRM для малого бизнеса',
    },
    { brand: 'Точка Банк', alternative: ['Точка'], domain: 'tochka.com', activities: 'банк для бизнеса' },
    { brand: 'Шоколадница', alternative: [], domain: 'shoko.ru', activities: 'сеть кофеен' },
    { brand: 'Яндекс Практикум', alternative: [], domain: 'practicum.yandex.ru', activities: 'онлайн-курсы' },
  ],
  de: [
    {
      brand: 'Nordwind CRM',
      alternative: ['Nordwind'],
      domain: 'nordwind-crm.example',
      activities: 'CRM-Software für kleine Unternehmen',
    },
    { brand: 'DKB', alternative: ['Deutsche Kreditbank'], domain: 'dkb.de', activities: 'Online-Bank' },
    { brand: 'Tchibo', alternative: [], domain: 'tchibo.de', activities: 'Kaffee und Kaffeehäuser' },
    { brand: 'Zalando', alternative: [], domain: 'zalando.de', activities: 'Mode und Schuhe online' },
  ],
  es: [
    {
      brand: 'Viento Norte CRM',
      alternative: ['Viento Norte'],
      domain: 'vientonorte-crm.example',
      activities: 'software CRM para pequeñas empresas',
    },
    { brand: 'BBVA', alternative: [], domain: 'bbva.es', activities: 'banco digital' },
    { brand: 'eDreams', alternative: [], domain: 'edreams.es', activities: 'viajes y hoteles' },
    { brand: 'Mango', alternative: [], domain: 'mango.com', activities: 'ropa y moda' },
  ],
};

/** Prompts for the other markets' brands: no brand in them, so the intro quotes no name. */
const MARKET_PROMPTS: Record<Language, string[]> = {
  en: [
    'What are the best options for a small business?',
    'Top providers in 2026',
    'Which one do experts recommend?',
    'Best choice with a free plan',
    'Cheapest option with good reviews',
    'Alternatives for a small team',
    'Which is easiest to start with?',
    'Which one has the best customer support?',
  ],
  ru: [
    'Какой сервис лучше всего подходит малому бизнесу?',
    'Топ сервисов в 2026 году',
    'Что советуют эксперты?',
    'Лучший вариант с бесплатным тарифом',
    'Самый дешёвый вариант с хорошими отзывами',
    'Альтернативы для небольшой команды',
    'С чего проще всего начать?',
    'Где лучшая поддержка клиентов?',
  ],
  de: [
    'Welches Angebot ist das beste für kleine Unternehmen?',
    'Die besten Anbieter 2026',
    'Was empfehlen Experten?',
    'Bestes Angebot mit kostenlosem Tarif',
    'Günstigste Option mit guten Bewertungen',
    'Alternativen für ein kleines Team',
    'Womit fängt man am einfachsten an?',
    'Wer hat den besten Kundenservice?',
  ],
  es: [
    '¿Cuál es la mejor opción para una pequeña empresa?',
    'Los mejores proveedores en 2026',
    '¿Qué recomiendan los expertos?',
    'Mejor opción con plan gratuito',
    'La opción más barata con buenas opiniones',
    'Alternativas para un equipo pequeño',
    '¿Con qué es más fácil empezar?',
    '¿Quién tiene la mejor atención al cliente?',
  ],
};

/** The sample project's 25 prompts (src-main/engine/collect/sample-project.ts), for its brand. */
const PROMPTS: Record<Language, string[]> = {
  en: [
    'What is the best CRM for a small business?',
    'Top CRM systems in 2026',
    'Which CRM do sales teams recommend?',
    'Best CRM with a free plan',
    'Most popular CRM for startups',
    'How do I keep track of customer deals?',
    'How to automate follow-up emails to leads?',
    'How to organise a sales pipeline?',
    'How to stop losing leads from the website?',
    'How to see which salesperson closes most deals?',
    'Northwind CRM vs HubSpot',
    'Alternatives to Salesforce for a small team',
    'Pipedrive or Zoho CRM: which is better?',
    'Compare CRM systems with telephony',
    'Which CRM is easiest to set up?',
    'How much does a CRM cost per user?',
    'Cheapest CRM with email integration',
    'CRM with monthly billing and no contract',
    'Where to buy a CRM licence for 10 users?',
    'CRM with a free trial',
    'Northwind CRM reviews',
    'Is Northwind CRM reliable?',
    'What do users say about CRM support quality?',
    'Most reliable CRM according to reviews',
    'CRM with the best customer support',
  ],
  ru: [
    'Какая CRM лучше всего подходит малому бизнесу?',
    'Топ CRM-систем в 2026 году',
    'Какую CRM советуют отделы продаж?',
    'Лучшая CRM с бесплатным тарифом',
    'Популярные CRM для стартапов',
    'Как вести учёт сделок с клиентами?',
    'Как автоматизировать письма лидам?',
    'Как выстроить воронку продаж?',
    'Как не терять заявки с сайта?',
    'Как понять, какой менеджер закрывает больше сделок?',
    'Северный ветер или Битрикс24',
    'Альтернативы amoCRM для небольшой команды',
    'Что лучше: Pipedrive или Zoho CRM?',
    'Сравнение CRM с телефонией',
    'Какую CRM проще всего настроить?',
    'Сколько стоит CRM на одного пользователя?',
    'Самая дешёвая CRM с интеграцией почты',
    'CRM с помесячной оплатой без договора',
    'Где купить CRM на 10 пользователей?',
    'CRM с бесплатным пробным периодом',
    'Отзывы о CRM Северный ветер',
    'Надёжна ли CRM Северный ветер?',
    'Что пишут пользователи о поддержке CRM?',
    'Самая надёжная CRM по отзывам',
    'CRM с лучшей поддержкой клиентов',
  ],
  de: [
    'Welches CRM ist das beste für kleine Unternehmen?',
    'Die besten CRM-Systeme 2026',
    'Welches CRM empfehlen Vertriebsteams?',
    'Bestes CRM mit kostenlosem Tarif',
    'Beliebtestes CRM für Start-ups',
    'Wie behalte ich den Überblick über Kundenabschlüsse?',
    'Wie automatisiere ich Follow-up-E-Mails an Leads?',
    'Wie organisiere ich eine Vertriebspipeline?',
    'Wie verliere ich keine Anfragen von der Website mehr?',
    'Wie sehe ich, welcher Verkäufer die meisten Abschlüsse macht?',
    'Nordwind CRM oder HubSpot?',
    'Alternativen zu Salesforce für ein kleines Team',
    'Pipedrive oder Zoho CRM: was ist besser?',
    'CRM-Systeme mit Telefonie im Vergleich',
    'Welches CRM ist am einfachsten einzurichten?',
    'Was kostet ein CRM pro Nutzer?',
    'Günstigstes CRM mit E-Mail-Integration',
    'CRM mit monatlicher Zahlung ohne Vertrag',
    'Wo kaufe ich eine CRM-Lizenz für 10 Nutzer?',
    'CRM mit kostenloser Testphase',
    'Nordwind CRM Erfahrungen',
    'Ist Nordwind CRM zuverlässig?',
    'Wie bewerten Nutzer den Support von CRM-Anbietern?',
    'Das zuverlässigste CRM laut Bewertungen',
    'CRM mit dem besten Kundensupport',
  ],
  es: [
    '¿Cuál es el mejor CRM para una pequeña empresa?',
    'Los mejores sistemas CRM en 2026',
    '¿Qué CRM recomiendan los equipos de ventas?',
    'Mejor CRM con plan gratuito',
    'CRM más popular para startups',
    '¿Cómo llevar el control de las ventas con clientes?',
    '¿Cómo automatizar los correos de seguimiento a los leads?',
    '¿Cómo organizar un embudo de ventas?',
    '¿Cómo dejar de perder contactos de la web?',
    '¿Cómo saber qué vendedor cierra más ventas?',
    'Viento Norte CRM o HubSpot',
    'Alternativas a Salesforce para un equipo pequeño',
    'Pipedrive o Zoho CRM: ¿cuál es mejor?',
    'Comparativa de CRM con telefonía',
    '¿Qué CRM es el más fácil de configurar?',
    '¿Cuánto cuesta un CRM por usuario?',
    'El CRM más barato con integración de correo',
    'CRM con pago mensual y sin contrato',
    '¿Dónde comprar una licencia de CRM para 10 usuarios?',
    'CRM con prueba gratuita',
    'Opiniones sobre Viento Norte CRM',
    '¿Es fiable Viento Norte CRM?',
    '¿Qué dicen los usuarios del soporte de los CRM?',
    'El CRM más fiable según las opiniones',
    'CRM con la mejor atención al cliente',
  ],
};

const NETWORKS = ['demo', 'demo-search', 'demo-chat'];
const DAYS = 12;

interface Tally {
  truePositive: number;
  falsePositive: number;
  falseNegative: number;
  answers: number;
  missed: Map<string, number>;
  extra: Map<string, number>;
}

const newTally = (): Tally => ({
  truePositive: 0,
  falsePositive: 0,
  falseNegative: 0,
  answers: 0,
  missed: new Map(),
  extra: new Map(),
});

const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

function dayOf(i: number): string {
  return new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
}

/** Competitors the sample prompts name ("Pipedrive or Zoho CRM: which is better?"). */
const PROMPT_NAMES = ['HubSpot', 'Salesforce', 'Pipedrive', 'Zoho CRM', 'amoCRM', 'Битрикс24'];

/**
 * Scores one answer: found competitors against the names the demo wrote, less the own brand. The
 * demo's intro quotes the prompt, so a competitor the prompt names is really in the answer without
 * being in `raw.named`: it counts neither way.
 */
function score(tally: Tally, found: string[], named: string[], brand: string, prompt: string): void {
  const fold = (n: string) => n.toLowerCase();
  const quoted = (n: string) => PROMPT_NAMES.includes(n) && fold(prompt).includes(fold(n));
  const truth = new Set(named.filter((n) => n !== brand).map(fold));
  const got = new Set(found.map(fold));
  tally.answers++;
  for (const f of found) {
    if (truth.has(fold(f))) tally.truePositive++;
    else if (!quoted(f)) {
      tally.falsePositive++;
      bump(tally.extra, f);
    }
  }
  for (const n of named)
    if (n !== brand && !got.has(fold(n))) {
      tally.falseNegative++;
      bump(tally.missed, n);
    }
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
const precision = (t: Tally) => ratio(t.truePositive, t.truePositive + t.falsePositive);
const recall = (t: Tally) => ratio(t.truePositive, t.truePositive + t.falseNegative);

function add(into: Tally, t: Tally): void {
  into.truePositive += t.truePositive;
  into.falsePositive += t.falsePositive;
  into.falseNegative += t.falseNegative;
  into.answers += t.answers;
  for (const [k, v] of t.missed) into.missed.set(k, (into.missed.get(k) ?? 0) + v);
  for (const [k, v] of t.extra) into.extra.set(k, (into.extra.get(k) ?? 0) + v);
}

export type SubjectSet = 'sample' | 'markets';

/**
 * Tallies per `language network subjectSet`: `sample` is the sample project's CRM brand (what the
 * collection engineer measured), `markets` the three other brands of the language.
 */
export async function measureCompetitorRecall(days = DAYS): Promise<Map<string, Tally>> {
  const tallies = new Map<string, Tally>();
  for (const language of Object.keys(SUBJECTS) as Language[]) {
    for (const network of NETWORKS) {
      for (const [i, subject] of SUBJECTS[language].entries()) {
        const key = `${language} ${network} ${i === 0 ? 'sample' : 'markets'}`;
        const tally = tallies.get(key) ?? newTally();
        tallies.set(key, tally);
        for (const prompt of i === 0 ? PROMPTS[language] : MARKET_PROMPTS[language])
          for (let d = 0; d < days; d++) {
            const ask: AskSubject = {
              brand: subject.brand,
              domain: subject.domain,
              activities: subject.activities,
              language,
              day: dayOf(d),
              network,
            };
            const answer = await askDemo(prompt, { model: 'demo', subject: ask });
            const named = (answer.raw as { named: string[] }).named;
            const result = analyzeAnswer({
              text: answer.text,
              citations: answer.citations,
              brand: subject.brand,
              alternativeBrands: subject.alternative,
              domain: subject.domain,
              domainAliases: [],
              includeSubdomains: false,
              knownCompetitors: [],
              language,
            });
            score(tally, result.competitors, named, subject.brand, prompt);
          }
      }
    }
  }
  return tallies;
}

function top(m: Map<string, number>, n = 3): string {
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ×${v}`)
    .join(', ');
}

const figures = (t: Tally) => `${precision(t).toFixed(3).padStart(9)} ${recall(t).toFixed(3).padStart(7)}`;

export async function benchCompetitorRecall(): Promise<void> {
  const tallies = await measureCompetitorRecall();
  const count = [...tallies.values()].reduce((n, t) => n + t.answers, 0);
  console.log(
    `${count} demo answers, ${count / 4} per language: ${NETWORKS.length} networks × ${DAYS} days × ` +
      `(the sample brand × ${PROMPTS.en.length} prompts + ${SUBJECTS.en.length - 1} brands × ` +
      `${MARKET_PROMPTS.en.length} prompts)`,
  );
  for (const set of ['sample', 'markets'] as const) {
    console.log(
      set === 'sample'
        ? '\nSample project (CRM brand):'
        : '\nOther markets (bank, travel/coffee, fashion/courses, invented names):',
    );
    console.log('lang network      precision  recall   missed most often / taken wrongly');
    const byLanguage = new Map<string, Tally>();
    for (const [key, t] of tallies) {
      const [language, network, s] = key.split(' ');
      if (s !== set) continue;
      const wrong = [top(t.missed), top(t.extra)].filter(Boolean).join(' / ');
      console.log(`${language.padEnd(4)} ${network.padEnd(12)} ${figures(t)}   ${wrong}`);
      const all = byLanguage.get(language) ?? newTally();
      add(all, t);
      byLanguage.set(language, all);
    }
    for (const [language, t] of byLanguage)
      console.log(`${language.padEnd(4)} ${'all'.padEnd(12)} ${figures(t)}`);
  }
}

// Run directly: `npx tsx test/bench/analysis-recall.bench.ts`.
if (process.argv[1]?.endsWith('analysis-recall.bench.ts')) void benchCompetitorRecall();
