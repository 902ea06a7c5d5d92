import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createTestEngine, type TestEngine } from '../helpers/test-engine';
import type { AnswersQuery } from '../../src-shared/api/analytics';
import { startHttpHost, type HttpHost } from '../../src-main/server/http-host';
import { shareProject } from '../../src-main/engine/access/project-access';
import type { PdfPrinter } from '../../src-main/engine/ports';
import { createToken, revokeToken } from '../../src-main/engine/auth/tokens';

/**
 * AnswerScope as an MCP server (issue 15), driven by the SDK's own Client over both transports:
 * stdio (`src-main/server/mcp.ts` as a child process over the same data folder as a "host"
 * engine in this process, the way it runs beside the desktop app) and streamable HTTP (`/mcp` of
 * the headless host). Every figure a tool returns is compared with the API's answer for the
 * same filters; the sample project is the one `npm run cli -- demo` makes.
 */

const TOOLS = [
  'create_report',
  'get_competitors',
  'get_run_status',
  'get_sources',
  'get_summary',
  'list_projects',
  'search_answers',
  'start_run',
];

interface Setup {
  t: TestEngine;
  client: Client;
  projectId: number;
  close(): Promise<void>;
}

const at = (project: number) => ({ params: { project } });
const VISIBILITY = 'GET /api/projects/{project}/answers/visibility';
const SOURCES = 'GET /api/projects/{project}/sources/list';
const PARSE = 'POST /api/projects/{project}/parse';

const mcpEntry = fileURLToPath(new URL('../../src-main/server/mcp.ts', import.meta.url));

/**
 * Stands in for Chromium (printing itself is tested in reports/report-pdf.test.ts): writes a
 * small PDF where the print job asks, so the tools' PDF outcome can be followed to the file.
 */
const standInPrinter: PdfPrinter = {
  printToPdf: async (_url, outFile) => writeFileSync(outFile, '%PDF-1.4 stand-in'),
};

async function sampleEngine(options: { printer?: PdfPrinter } = {}) {
  const t = await createTestEngine({ ports: options.printer ? { printer: options.printer } : {} });
  const created = await t.api.send('POST /api/app/sample-project', { body: { language: 'en' } });
  expect(created.status).toBe(201);
  return { t, projectId: created.body.data.project_id };
}

/** The stdio server opens the test engine's data: its folder, and its database on PostgreSQL. */
const dataArgs = (t: TestEngine) => [
  '--data-dir',
  t.dataDir,
  ...(t.databaseUrl ? ['--database', t.databaseUrl] : []),
];

async function overStdio(): Promise<Setup> {
  const { t, projectId } = await sampleEngine({ printer: standInPrinter });
  const client = new Client({ name: 'answerscope-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', mcpEntry, ...dataArgs(t)],
    stderr: 'pipe',
  });
  await client.connect(transport);
  return {
    t,
    client,
    projectId,
    close: async () => {
      await client.close();
      await t.close();
    },
  };
}

async function httpClient(host: HttpHost, token: string) {
  const client = new Client({ name: 'answerscope-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${host.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

let host: HttpHost;
async function overHttp(): Promise<Setup> {
  const { t, projectId } = await sampleEngine({ printer: standInPrinter });
  host = await startHttpHost(t.engine, { webRoot: undefined });
  const client = await httpClient(host, t.ownerToken);
  return {
    t,
    client,
    projectId,
    close: async () => {
      await client.close();
      await host.close();
      await t.close();
    },
  };
}

type Call = { structuredContent?: any; content: Array<{ type: string; text?: string }>; isError?: boolean };
const text = (r: Call) => r.content.map((c) => c.text ?? '').join('\n');

describe.each([
  ['stdio', overStdio],
  ['streamable HTTP', overHttp],
] as const)('MCP over %s', (transport, connect) => {
  let s: Setup;
  let neurals: number[];
  let dates: string[];
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await s.client.callTool({ name, arguments: args })) as Call;

  beforeAll(async () => {
    s = await connect();
    const filters = await s.t.api.request('GET /api/projects/{project}/filters', at(s.projectId));
    neurals = filters.neurals.map((n) => n.id);
    dates = filters.update_dates;
  }, 60_000);
  afterAll(() => s?.close());

  it('lists exactly the eight tools, each taking project_id but list_projects', async () => {
    const { tools } = await s.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      const required = (tool.inputSchema.required ?? []) as string[];
      expect(required.includes('project_id')).toBe(tool.name !== 'list_projects');
    }
  });

  it('list_projects: the projects of the user, as GET /api/projects', async () => {
    const r = await call('list_projects');
    const api = await s.t.api.send('GET /api/projects');
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.projects).toEqual(api.body.data);
    expect(text(r)).toContain('Northwind CRM');
  });

  it('get_summary: the figures of GET summary for the same filters', async () => {
    const f = { dates: [dates[2], dates[dates.length - 2]], neurals: neurals.slice(0, 2) };
    const r = await call('get_summary', { project_id: s.projectId, ...f });
    const api = await s.t.api.request('GET /api/projects/{project}/summary', {
      ...at(s.projectId),
      query: f,
    });
    const stats = api.data.updateStats;
    expect(r.structuredContent.filters).toEqual(api.filters);
    const projectFilters = await s.t.api.request('GET /api/projects/{project}/filters', at(s.projectId));
    expect(r.structuredContent.networks).toEqual(projectFilters.neurals);
    expect(r.structuredContent.visibility[1].network_id).toBe(neurals[0]);
    const all = stats.visibility_curve[0].data;
    expect(r.structuredContent.visibility[0]).toMatchObject({
      network: 'all',
      value: all[all.length - 1].y,
      previous: all[all.length - 2].y,
      mentions: all[all.length - 1].z,
    });
    expect(r.structuredContent.visibility).toHaveLength(3); // all + the two networks asked for
    expect(r.structuredContent.tone).toEqual(stats.tone_chart);
    expect(r.structuredContent.share_of_voice.map((x: any) => [x.id, x.value])).toEqual(
      stats.share_of_voice.map((x: any) => [x.id, x.data[x.data.length - 1].y]),
    );
    // The API's Russian labels of its synthetic series, in English for the assistant.
    expect(r.structuredContent.visibility[0].display_name).toBe('All networks');
    expect(r.structuredContent.share_of_voice.at(-1).name).toBe('Other competitors');
    expect(r.structuredContent.top_prompts).toEqual(stats.topPrompts);
    expect(text(r)).toContain(`${all[all.length - 1].y}%`);
    // Whether the change is real: the summary's own paired test, said in words too.
    expect(r.structuredContent.visibility_change).toEqual(stats.visibility_change);
    // The sample has twelve updates: the summary's change test is there.
    expect(text(r)).toContain(stats.visibility_change!.significant ? 'a real change' : 'within noise');
  });

  it('get_competitors: the rows of GET competitors for the same filters', async () => {
    const f = { neurals: [neurals[0]], competitors_count: 3 };
    const r = await call('get_competitors', { project_id: s.projectId, ...f });
    const api = await s.t.api.request('GET /api/projects/{project}/competitors', {
      ...at(s.projectId),
      query: f,
    });
    expect(r.structuredContent.competitors.map((c: any) => [c.name, c.visibility.last, c.mentions])).toEqual(
      api.data.tableData.map((c: any) => [c.competitor.name, c.visibility.last, c.mentions]),
    );
    expect(r.structuredContent.competitors.length).toBe(4); // three competitors and the own brand
  });

  it('search_answers: excerpts around the brand and competitor spans, paged by the API cursor', async () => {
    const f: AnswersQuery = { mention: 'has', per_page: 3 };
    const first = await call('search_answers', { project_id: s.projectId, ...f });
    const api = await s.t.api.request(VISIBILITY, { ...at(s.projectId), query: f });
    const page = first.structuredContent;
    expect([page.total_prompts, page.total_mentions, page.has_more]).toEqual([
      api.total_prompts,
      api.total_mentions,
      api.has_more,
    ]);
    expect(page.prompts.map((p: any) => p.id)).toEqual(api.tableData.rows.map((r: any) => r.prompt.id));

    // Each highlight is the very text the analysis found, and the answer text around it.
    const cells = api.tableData.rows.flatMap((row: any) => row.data);
    const named = page.answers.filter((a: any) => a.mention === 1);
    expect(named.length).toBeGreaterThan(0);
    for (const a of named) {
      const cell = cells.find(
        (c: any) =>
          c.neural.id === a.network.id &&
          c.update_id === a.update_id &&
          a.prompt === api.tableData.rows.find((r: any) => r.data.includes(c))!.prompt.value,
      );
      const brand = a.excerpts.flatMap((e: any) =>
        e.highlights.filter((h: any) => h.kind === 'brand').map((h: any) => ({ e, h })),
      );
      expect(brand.length).toBeGreaterThan(0);
      for (const { e, h } of brand) {
        expect(cell.answer.slice(e.start, e.end)).toBe(e.text);
        expect(cell.evidence.brand.map((b: any) => b.text)).toContain(e.text.slice(h.start, h.end));
      }
      expect(
        a.excerpts.every((e: any) => e.text.length < cell.answer.length || cell.answer.length < 700),
      ).toBe(true);
    }
    expect(text(first)).toMatch(/\*\*Northwind( CRM)?\*\*/);

    const second = await call('search_answers', { project_id: s.projectId, ...f, cursor: page.next_cursor });
    const apiSecond = await s.t.api.request(VISIBILITY, {
      ...at(s.projectId),
      query: { ...f, cursor: api.next_cursor ?? undefined },
    });
    expect(second.structuredContent.prompts.map((p: any) => p.id)).toEqual(
      apiSecond.tableData.rows.map((r: any) => r.prompt.id),
    );
    expect(second.structuredContent.prompts[0].id).not.toBe(page.prompts[0].id);
  });

  it('get_sources: the domains of GET sources/list and the site among them', async () => {
    const f = { per_page: 5 };
    const r = await call('get_sources', { project_id: s.projectId, ...f });
    const api = await s.t.api.request(SOURCES, { ...at(s.projectId), query: f });
    expect(r.structuredContent.domains.map((d: any) => [d.domain, d.citations.last])).toEqual(
      api.tableData.map((d: any) => [d.domain, d.frequency.last]),
    );
    expect(r.structuredContent.total).toBe(api.total);
    const all = await s.t.api.request(SOURCES, { ...at(s.projectId), query: { per_page: 100 } });
    const rank = all.tableData.findIndex((d: any) => d.domain === 'northwind-crm.example') + 1;
    const site = r.structuredContent.site[0];
    expect(site.domain).toBe('northwind-crm.example');
    expect(site.rank).toBe(rank <= 5 ? rank : null);
    expect(site.citations).toEqual(all.tableData[rank - 1].frequency);
  });

  it('create_report: the report id, then its state and PDF once the host has built it', async () => {
    const created = await call('create_report', { project_id: s.projectId, wait_seconds: 0 });
    expect(created.isError).toBeFalsy();
    const id = created.structuredContent.report_id;
    const report = (
      await s.t.api.request('GET /api/projects/{project}/reports/{report}', {
        params: { project: s.projectId, report: id },
      })
    ).data;
    expect(report.options.file_type).toBe('pdf');
    expect(report.options.blocks.length).toBe(9);
    expect(created.structuredContent.status).toBe('queued');
    expect(text(created)).toContain(`report_id ${id}`);

    // The host's job runner builds it (this engine drains; the stdio server never claims a job).
    await s.t.engine.jobs.drain({ ignoreDelays: true });
    const done = await call('create_report', { project_id: s.projectId, report_id: id, wait_seconds: 0 });
    expect(done.structuredContent.status).toBe('done');
    // With file_type pdf the host printed it right after building it.
    const pdf = done.structuredContent.pdf;
    expect(pdf.status).toBe('success');
    if (transport === 'stdio') {
      // The stdio server's engine listens nowhere: the file on this computer instead of a link.
      expect(pdf.path).toBe(join(s.t.dataDir, 'reports', `report-${id}.pdf`));
      expect(pdf.file).toBe(pathToFileURL(pdf.path).href);
      expect(readFileSync(pdf.path, 'utf8')).toBe('%PDF-1.4 stand-in');
      expect(text(done)).toContain(pdf.path);
    } else {
      // The API's link on this server, read with the same token.
      expect(pdf.path).toBeNull();
      expect(pdf.file).toBe(`${host.url}/api/projects/${s.projectId}/reports/${id}/file`);
      const file = await fetch(pdf.file, { headers: { authorization: `Bearer ${s.t.ownerToken}` } });
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(await file.text()).toBe('%PDF-1.4 stand-in');
      expect(text(done)).toContain(pdf.file);
    }
  });

  it('start_run queues a run that get_run_status reports, as the API does', async () => {
    const started = await call('start_run', { project_id: s.projectId });
    expect(started.isError).toBeFalsy();
    expect(started.structuredContent.parse).toMatchObject({ status: 'queued', in_progress: true });
    const status = await call('get_run_status', { project_id: s.projectId });
    const api = (await s.t.api.request('GET /api/projects/{project}', at(s.projectId))).data;
    expect(status.structuredContent.parse).toEqual(api.parse);
    expect(text(status)).toContain('queued');
    // The same refusal as POST parse while a run is queued (409).
    const again = await call('start_run', { project_id: s.projectId });
    const apiAgain = await s.t.api.error(PARSE, at(s.projectId));
    expect(apiAgain.status).toBe(409);
    expect(again.isError).toBe(true);
    expect(text(again)).toBe(apiAgain.body.message);
  });

  it('a missing project and bad arguments are tool errors with the API message; the server goes on', async () => {
    const missing = await call('get_summary', { project_id: 99999 });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toBe('Project not found.');
    expect(missing.structuredContent.error.status).toBe(404);

    const wrongType = await call('get_competitors', { project_id: 'one' });
    expect(wrongType.isError).toBe(true);
    expect(text(wrongType)).toMatch(/Input validation error.*project_id/s);

    // Checked by the API itself: its 422 message and field.
    const api = await s.t.api.error(VISIBILITY, { ...at(s.projectId), query: { per_page: 500 } });
    expect(api.status).toBe(422);
    const tooMany = await call('search_answers', { project_id: s.projectId, per_page: 500 });
    expect(tooMany.isError).toBe(true);
    expect(text(tooMany)).toContain(api.body.message);
    expect(tooMany.structuredContent.error.errors).toEqual(api.body.errors);

    const afterwards = await call('list_projects');
    expect(afterwards.isError).toBeFalsy();
  });

  it('serves the project summary as a resource and the weekly brief prompt', async () => {
    const { resources } = await s.client.listResources();
    const uri = `answerscope://projects/${s.projectId}/summary`;
    expect(resources.map((r) => r.uri)).toContain(uri);
    const read = await s.client.readResource({ uri });
    const tool = await call('get_summary', { project_id: s.projectId });
    expect(JSON.parse(String((read.contents[0] as { text: string }).text))).toEqual(tool.structuredContent);

    const { prompts } = await s.client.listPrompts();
    expect(prompts.map((p) => p.name)).toContain('weekly_brand_visibility_brief');
    const brief = await s.client.getPrompt({
      name: 'weekly_brand_visibility_brief',
      arguments: { project_id: String(s.projectId) },
    });
    const body = (brief.messages[0].content as { text: string }).text;
    expect(body).toContain('Northwind CRM');
    expect(body).toContain('top_cited_domains');
    expect(body).toContain('"competitors"');
  });
});

describe('the stdio server beside a running host', () => {
  it("never recovers, claims or runs the host's jobs", async () => {
    const { t, projectId } = await sampleEngine();
    // A job the host (the desktop app, serve) is running now, and one waiting in its queue.
    const running = await t.engine.jobs.enqueue('report.build', { report_id: 1 });
    await t.engine.ctx.db
      .updateTable('jobs')
      .set({ status: 'running', locked_until: '2099-01-01T00:00:00.000Z' })
      .where('id', '=', running)
      .execute();
    const client = new Client({ name: 'answerscope-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', mcpEntry, ...dataArgs(t)],
        stderr: 'pipe',
      }),
    );
    try {
      const started = (await client.callTool({
        name: 'start_run',
        arguments: { project_id: projectId },
      })) as Call;
      expect(started.isError).toBeFalsy();
      expect(text(started)).toContain('runs while the AnswerScope desktop app or `npm run serve` is open');
      const jobs = await t.engine.ctx.db
        .selectFrom('jobs')
        .select(['id', 'name', 'status', 'attempts'])
        .execute();
      // A recovering process would have put the running job back in the queue; one running
      // jobs would have claimed the parse run.
      expect(jobs.find((j) => j.id === running)).toMatchObject({ status: 'running' });
      expect(jobs.filter((j) => j.id !== running).map((j) => [j.status, j.attempts])).toEqual([
        ['queued', 0],
      ]);
    } finally {
      await client.close();
      await t.close();
    }
  }, 60_000);
});

describe('MCP over HTTP: tokens and rights', () => {
  let t: TestEngine;
  let projectId: number;
  let http: HttpHost;

  beforeAll(async () => {
    ({ t, projectId } = await sampleEngine());
    http = await startHttpHost(t.engine, {});
  }, 60_000);
  afterAll(async () => {
    await http?.close();
    await t?.close();
  });

  const initialize = (headers: Record<string, string>) =>
    fetch(`${http.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'curl', version: '1' },
        },
      }),
    });

  it('answers 401 without a token, with an unknown one and with a revoked one', async () => {
    const none = await initialize({});
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await initialize({ authorization: 'Bearer as_nope' })).status).toBe(401);
    const revoked = await createToken(t.engine.ctx, { userId: t.engine.localOwnerId, name: 'gone' });
    expect((await initialize({ authorization: `Bearer ${revoked.token}` })).status).toBe(200);
    await revokeToken(t.engine.ctx, revoked.id);
    expect((await initialize({ authorization: `Bearer ${revoked.token}` })).status).toBe(401);
    const ok = await initialize({ authorization: `Bearer ${t.ownerToken}` });
    expect(ok.status).toBe(200);
    expect((await ok.json()).result.serverInfo.name).toBe('answerscope');

    const client = await httpClient(http, t.ownerToken).catch((e) => e);
    expect(client).toBeInstanceOf(Client);
    await (client as Client).close();
    const refused = await httpClient(http, 'as_wrong').catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Error);
  });

  it("applies the token user's rights: a viewer reads the project but cannot start a run", async () => {
    const viewer = await t.otherUser();
    await shareProject(t.engine.ctx, projectId, viewer.id, 'viewer');
    const client = await httpClient(http, viewer.token);
    try {
      const projects = await client.callTool({ name: 'list_projects', arguments: {} });
      expect((projects.structuredContent as any).projects.map((p: any) => p.id)).toEqual([projectId]);
      const summary = (await client.callTool({
        name: 'get_summary',
        arguments: { project_id: projectId },
      })) as Call;
      expect(summary.isError).toBeFalsy();

      const api = await viewer.api.error(PARSE, at(projectId));
      expect(api.status).toBe(403);
      const run = (await client.callTool({
        name: 'start_run',
        arguments: { project_id: projectId },
      })) as Call;
      expect(run.isError).toBe(true);
      expect(text(run)).toBe(api.body.message);
      expect(run.structuredContent.error.status).toBe(403);
      const project = await t.api.request('GET /api/projects/{project}', at(projectId));
      expect(project.data.parse.in_progress).toBe(false);
    } finally {
      await client.close();
    }
  });

  it("checks the owner's limits exactly like POST parse", async () => {
    const poor = await t.otherUser(0);
    const own = await poor.api.send('POST /api/app/sample-project', { body: { language: 'en' } });
    const id = own.body.data.project_id;
    const client = await httpClient(http, poor.token);
    try {
      const run = (await client.callTool({ name: 'start_run', arguments: { project_id: id } })) as Call;
      const api = await poor.api.error(PARSE, at(id));
      expect(api.status).toBe(403);
      expect(run.isError).toBe(true);
      expect(text(run)).toBe(api.body.message);
    } finally {
      await client.close();
    }
  });

  it("passes a print failure on as the API's reason", async () => {
    const client = await httpClient(http, t.ownerToken);
    try {
      const created = (await client.callTool({
        name: 'create_report',
        arguments: { project_id: projectId, blocks: ['kpi'], wait_seconds: 0 },
      })) as Call;
      await t.engine.jobs.drain({ ignoreDelays: true });
      const report_id = created.structuredContent.report_id;
      const r = (await client.callTool({
        name: 'create_report',
        arguments: { project_id: projectId, report_id, wait_seconds: 0 },
      })) as Call;
      // This host has no printer (a print failure of the API: status stays in_progress).
      expect(r.structuredContent.pdf).toMatchObject({
        status: 'in_progress',
        file: null,
        print_error: 'This host has no PDF printer.',
      });
      expect(text(r)).toContain('This host has no PDF printer.');
    } finally {
      await client.close();
    }
  });

  it('a user without access sees no project: its tools say "Project not found."', async () => {
    const stranger = await t.otherUser();
    const client = await httpClient(http, stranger.token);
    try {
      const r = (await client.callTool({
        name: 'get_run_status',
        arguments: { project_id: projectId },
      })) as Call;
      expect(r.isError).toBe(true);
      expect(text(r)).toBe('Project not found.');
    } finally {
      await client.close();
    }
  });
});
