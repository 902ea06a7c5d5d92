import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { createEngine, type Engine } from '../../src-main/engine/engine';
import { writeUpdateAggregates } from '../../src-main/engine/analytics/aggregates';
import { packEvidence } from '../../src-main/engine/collect/evidence-codec';
import { addDays } from '../../src-shared/time';

/**
 * A generated analytics data set for benchmarks (analytics and reports): projects of
 * `prompts` × `networks` × `updates` answers with realistic texts, competitors and sources.
 * Rows are written with direct batched inserts in one transaction per project (storeAnswer would
 * take minutes); they are the rows storeAnswer writes: answers, answer_urls, competitors and
 * answer_competitors ranked the same way. Aggregates are then written by the engine's own
 * writeUpdateAggregates, as at the end of a real run.
 *
 * `BENCH_SCALE` (0–1, default 1) shrinks the prompt count for a quick try.
 */

export interface DatasetOptions {
  prompts: number;
  updates: number;
  /** system_name of catalogue networks; the first four return sources. */
  networks: string[];
  seed?: number;
}

export const FULL_DATASET: DatasetOptions = {
  prompts: 500,
  updates: 104,
  networks: ['chatgpt', 'perplexity', 'gemini', 'claude', 'deepseek', 'grok'],
};

export function scaledDataset(): DatasetOptions {
  const scale = Math.min(1, Math.max(0.01, Number(process.env.BENCH_SCALE ?? '1') || 1));
  return { ...FULL_DATASET, prompts: Math.max(10, Math.round(FULL_DATASET.prompts * scale)) };
}

const COMPETITORS = [
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark Industries',
  'Wayne Enterprises',
  'Soylent',
  'Vandelay',
  'Cyberdyne',
  'Tyrell',
  'Wonka',
  'Aperture',
  'Black Mesa',
  'Massive Dynamic',
  'Oscorp',
  'Virtucon',
  'Gringotts',
  'Monarch',
  'Pied Piper',
  'Dunder Mifflin',
  'Prestige',
  'Sterling Cooper',
  'Nakatomi',
  'Weyland',
];
const DOMAINS = [
  'en.wikipedia.org',
  'ru.wikipedia.org',
  'youtube.com',
  'reddit.com',
  'habr.com',
  'vc.ru',
  'ozon.ru',
  'wildberries.ru',
  'amazon.com',
  'forbes.com',
  'rbc.ru',
  'techcrunch.com',
  'g2.com',
  'capterra.com',
  'otzovik.com',
  'trustpilot.com',
  'linkedin.com',
  'vk.com',
  'gosuslugi.ru',
  'github.com',
  ...Array.from({ length: 100 }, (_, i) => `blog${i}.example.com`),
];
const TOPICS = [
  'CRM',
  'helpdesk',
  'analytics',
  'billing',
  'email marketing',
  'project management',
  'HR software',
];
const TONES = ['positive', 'neutral', 'negative'];

/** Where the brand and the competitors are written in a text, packed as the answer store keeps it. */
function benchEvidence(text: string, brand: string, names: string[]): string | null {
  const spansOf = (name: string) => {
    const out: Array<{ start: number; end: number; text: string }> = [];
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length))
      out.push({ start: at, end: at + name.length, text: name });
    return out;
  };
  return packEvidence({
    brand: spansOf(brand),
    competitors: names.flatMap((name) => spansOf(name).map((s) => ({ name, ...s }))),
  });
}

/** A small deterministic PRNG (mulberry32), so every bench run sees the same data. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedProject {
  id: number;
  answers: number;
}

/** Generates one project into the engine's database; returns its id. */
export async function generateProject(
  engine: Engine,
  dbFile: string,
  index: number,
  options: DatasetOptions = scaledDataset(),
): Promise<GeneratedProject> {
  const random = rng((options.seed ?? 42) + index * 7919);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const sqlite = new SQLite(dbFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const now = '2026-11-20T10:00:00.000Z';
  const brand = `Brand${index}`;
  const domain = `brand${index}.example`;
  let projectId = 0;
  let answers = 0;
  const runIds: number[] = [];

  sqlite.transaction(() => {
    projectId = Number(
      sqlite
        .prepare(
          `insert into projects (user_id, name, brand, alternative_brand, domain, activities, region, language,
           count_empty_answers, created_at, updated_at) values (1, ?, ?, '', ?, 'SaaS', 225, 'ru', 0, ?, ?)`,
        )
        .run(`${brand} project`, brand, domain, now, now).lastInsertRowid,
    );
    const neuralIds = options.networks.map((name, position) => {
      const row = sqlite.prepare('select id from neurals where system_name = ?').get(name) as { id: number };
      sqlite
        .prepare(
          'insert into project_neurals (project_id, neural_id, web_search_enabled, position) values (?, ?, ?, ?)',
        )
        .run(projectId, row.id, position < 4 ? 1 : 0, position);
      return { id: row.id, sources: position < 4 };
    });
    const groupIds = Array.from({ length: 10 }, (_, g) =>
      Number(
        sqlite
          .prepare(
            'insert into prompt_groups (project_id, name, is_favourite, created_at) values (?, ?, ?, ?)',
          )
          .run(projectId, `Group ${g + 1}`, g < 3 ? 1 : 0, now).lastInsertRowid,
      ),
    );
    const insertPrompt = sqlite.prepare(
      'insert into prompts (project_id, value, frequency, created_at) values (?, ?, ?, ?)',
    );
    const insertLink = sqlite.prepare('insert into prompt_group_links (prompt_id, group_id) values (?, ?)');
    const prompts = Array.from({ length: options.prompts }, (_, i) => {
      const id = Number(
        insertPrompt.run(
          projectId,
          `best ${pick(TOPICS)} tool for ${pick(['startups', 'banks', 'shops', 'agencies'])} #${i + 1}`,
          Math.floor(random() * 5000),
          now,
        ).lastInsertRowid,
      );
      insertLink.run(id, groupIds[i % groupIds.length]);
      return id;
    });
    const competitorIds = new Map<string, number>();
    for (const name of COMPETITORS) {
      competitorIds.set(
        name,
        Number(
          sqlite
            .prepare(
              "insert into competitors (project_id, name, type, created_at) values (?, ?, 'direct', ?)",
            )
            .run(projectId, name, now).lastInsertRowid,
        ),
      );
    }

    const insertRun = sqlite.prepare(
      `insert into parse_runs (project_id, user_id, status, progress, source, options, update_date, created_at, started_at, finished_at)
       values (?, 1, 'completed', 100, 'schedule', '{}', ?, ?, ?, ?)`,
    );
    const insertAnswer = sqlite.prepare(
      `insert into answers (run_id, project_id, prompt_id, neural_id, has_data, answer, mention, mention_position, tone,
       occurrences, competitors, site_mentioned, site_position, comment, web_search, attempts, created_at, evidence)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
    );
    const insertUrl = sqlite.prepare(
      'insert into answer_urls (answer_id, position, url, domain) values (?, ?, ?, ?)',
    );
    const insertLinkC = sqlite.prepare(
      'insert into answer_competitors (answer_id, competitor_id, position) values (?, ?, ?)',
    );
    const start = '2024-11-25';
    for (let u = 0; u < options.updates; u++) {
      const date = addDays(start, u * 7);
      const finished = `${date}T06:30:00.000Z`;
      const runId = Number(insertRun.run(projectId, date, finished, finished, finished).lastInsertRowid);
      runIds.push(runId);
      for (const promptId of prompts) {
        for (const n of neuralIds) {
          const hasData = random() > 0.02;
          const mention = hasData && random() < 0.45 ? 1 : 0;
          const names = [
            ...new Set(Array.from({ length: Math.floor(random() * 4) }, () => pick(COMPETITORS))),
          ];
          const position = mention ? 1 + Math.floor(random() * (names.length + 1)) : null;
          const urls =
            n.sources && hasData
              ? [...new Set(Array.from({ length: Math.floor(random() * 7) }, () => pick(DOMAINS)))]
              : [];
          if (n.sources && hasData && random() < 0.15)
            urls.splice(Math.floor(random() * (urls.length + 1)), 0, domain);
          const ownAt = urls.indexOf(domain);
          const text = hasData
            ? `For ${pick(TOPICS)} teams the usual choices are ${names.join(', ') || 'several vendors'}. ` +
              (mention ? `${brand} stands out for its onboarding and pricing. ` : '') +
              'Compare integrations, support quality and total cost of ownership before you decide; most vendors offer a trial.'
            : null;
          const answerId = Number(
            insertAnswer.run(
              runId,
              projectId,
              promptId,
              n.id,
              hasData ? 1 : 0,
              text,
              mention,
              position,
              mention ? pick(TONES) : null,
              JSON.stringify(mention ? [brand] : []),
              JSON.stringify(names),
              ownAt >= 0 ? 1 : 0,
              ownAt >= 0 ? ownAt + 1 : null,
              mention ? `${brand} is presented as a solid option.` : null,
              urls.length ? 1 : 0,
              finished,
              text ? benchEvidence(text, brand, names) : null,
            ).lastInsertRowid,
          );
          answers++;
          urls.forEach((d, i) =>
            insertUrl.run(
              answerId,
              i + 1,
              `https://${d}/${pick(['guide', 'review', 'top-10', 'pricing'])}`,
              d,
            ),
          );
          let rank = 0;
          for (const name of names) {
            rank++;
            if (position !== null && rank === position) rank++;
            insertLinkC.run(answerId, competitorIds.get(name)!, rank);
          }
        }
      }
    }
  })();
  sqlite.close();
  for (const runId of runIds) await writeUpdateAggregates(engine.ctx, runId);
  return { id: projectId, answers };
}

// ---------------------------------------------------------------------------------------------
// Generation in a child process (analytics bench): the serving engine's memory is then measured
// apart from the generator's. The parent forks this file with GENERATE_CHILD_ENV set and sends one
// GenerateRequest; the child answers with a GenerateReply and exits.

export const GENERATE_CHILD_ENV = 'ANSWERSCOPE_BENCH_GENERATE_CHILD';

export interface GenerateRequest {
  dataDir: string;
  /** Project indexes `from`..`to - 1` (the index seeds the data: project 0 is always the same). */
  from: number;
  to: number;
}

export interface GenerateReply {
  projectIds: number[];
  answers: number;
  prompts: number;
  networks: number;
  updates: number;
  ms: number;
  peakRssMb: number;
}

async function generateInChild(request: GenerateRequest): Promise<GenerateReply> {
  const options = scaledDataset();
  const started = performance.now();
  const engine = await createEngine({ dataDir: request.dataDir, runJobs: false });
  const dbFile = join(request.dataDir, 'answerscope.sqlite');
  const projectIds: number[] = [];
  let answers = 0;
  try {
    for (let i = request.from; i < request.to; i++) {
      const generated = await generateProject(engine, dbFile, i, options);
      projectIds.push(generated.id);
      answers += generated.answers;
    }
    await sql`analyze`.execute(engine.ctx.db);
  } finally {
    await engine.close();
  }
  return {
    projectIds,
    answers,
    prompts: options.prompts,
    networks: options.networks.length,
    updates: options.updates,
    ms: performance.now() - started,
    peakRssMb: (process.resourceUsage().maxRSS * 1024) / 1024 / 1024,
  };
}

if (process.env[GENERATE_CHILD_ENV] && process.send) {
  process.once('message', (request) => {
    generateInChild(request as GenerateRequest).then(
      (reply) => process.send!(reply, () => process.exit(0)),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
