import { describe, it, expect, beforeEach, afterEach, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { installFakeEngine } from './fake-engine';
import { useWizardStore, DRAFT_POLL_MS } from '../../../src-renderer/src/stores/wizard';
import { useRunsStore, RUN_POLL_MS } from '../../../src-renderer/src/stores/runs';
import { useSessionStore } from '../../../src-renderer/src/stores/session';
import { splitPromptLines } from '../../../src-renderer/src/stores/prompts';
import { createHttpTransport, memoryStorage } from '../../../src-renderer/src/api/http-transport';
import { setTransport, ApiError } from '../../../src-renderer/src/api/client';

const parse = (over: object = {}) => ({
  status: 'idle',
  in_progress: false,
  progress: 0,
  phase: null,
  started_at: null,
  last_completed_at: null,
  ...over,
});
const project = {
  id: 1,
  user_id: 1,
  name: 'Acme',
  brand: 'Acme',
  domain: 'acme.com',
  activities: 'x',
  is_paused: false,
  created_at: '2026-01-01T00:00:00.000000Z',
};

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the new-project wizard store', () => {
  it('creates a draft, polls it while processing, then shows the proposals', async () => {
    let polls = 0;
    const { sent } = installFakeEngine({
      'POST /api/project-drafts': () => ({ status: 202, body: { draft_id: 'd1', status: 'processing' } }),
      'GET /api/project-drafts/d1': () =>
        ++polls < 3
          ? { body: { draft_id: 'd1', status: 'processing', progress: polls * 40 } }
          : {
              body: {
                draft_id: 'd1',
                status: 'ready',
                prompts: [{ id: 'p1', text: 'Best tools?', source: 'generated', group: 'category' }],
              },
            },
    });
    const wizard = useWizardStore();
    await wizard.propose({ brand: 'Acme', activities: 'tools', neurals: ['demo'] });
    expect(wizard.step).toBe('proposing');
    expect(wizard.progress).toBe(40);
    await vi.advanceTimersByTimeAsync(DRAFT_POLL_MS);
    expect(wizard.progress).toBe(80);
    await vi.advanceTimersByTimeAsync(DRAFT_POLL_MS);
    expect(wizard.step).toBe('prompts');
    expect(wizard.prompts.map((p) => p.text)).toEqual(['Best tools?']);
    expect(JSON.parse(sent[0].body!)).toEqual({ brand: 'Acme', activities: 'tools', neurals: ['demo'] });
  });

  it('sends the whole list when a prompt is added or removed', async () => {
    const patches: string[][] = [];
    installFakeEngine({
      'PATCH /api/project-drafts/d1/prompts': (_req, body) => {
        patches.push(body.prompts);
        return {
          body: {
            draft_id: 'd1',
            status: 'ready',
            prompts: body.prompts.map((text: string, i: number) => ({
              id: `p${i}`,
              text,
              source: 'custom',
              group: 'custom',
            })),
          },
        };
      },
    });
    const wizard = useWizardStore();
    wizard.draftId = 'd1';
    wizard.prompts = [{ id: 'a', text: 'One', source: 'generated', group: 'brand' }];
    await wizard.addPrompt('  Two  ');
    await wizard.removePrompt('p0');
    expect(patches).toEqual([['One', 'Two'], ['Two']]);
    expect(wizard.prompts.map((p) => p.text)).toEqual(['Two']);
  });

  it('goes to the existing project when the draft was already used', async () => {
    installFakeEngine({
      'POST /api/project-drafts/d1/project': () => ({
        status: 409,
        body: { error: { code: 'DRAFT_ALREADY_USED', message: 'Used.', project_id: 7 } },
      }),
    });
    const wizard = useWizardStore();
    wizard.draftId = 'd1';
    expect(await wizard.create()).toBe(7);
    expect(wizard.step).toBe('created');
  });

  it('keeps the error of an expired draft for the screen', async () => {
    installFakeEngine({
      'POST /api/project-drafts/d1/project': () => ({
        status: 404,
        body: { error: { code: 'DRAFT_NOT_FOUND', message: 'Draft not found.' } },
      }),
    });
    const wizard = useWizardStore();
    wizard.draftId = 'd1';
    expect(await wizard.create()).toBeNull();
    expect((wizard.error as ApiError).code).toBe('DRAFT_NOT_FOUND');
  });
});

describe('the runs store', () => {
  it('starts a run, follows its progress and notices when it finishes', async () => {
    let reads = 0;
    installFakeEngine({
      'POST /api/projects/1/parse': () => ({
        status: 202,
        body: {
          message: 'Queued.',
          data: {
            ...project,
            parse: parse({ status: 'queued', in_progress: true, progress: 1, phase: 'queue_wait' }),
          },
        },
      }),
      'GET /api/projects/1': () => ({
        body: {
          data: {
            ...project,
            parse:
              ++reads < 2
                ? parse({ status: 'in_progress', in_progress: true, progress: 50, phase: 'receive' })
                : parse({ status: 'completed', last_completed_at: '2026-01-02 10:00:00' }),
          },
        },
      }),
    });
    const runs = useRunsStore();
    await runs.start(1);
    expect(runs.status[1]).toMatchObject({ progress: 1, phase: 'queue_wait' });
    await vi.advanceTimersByTimeAsync(RUN_POLL_MS);
    expect(runs.status[1]).toMatchObject({ progress: 50, phase: 'receive' });
    await vi.advanceTimersByTimeAsync(RUN_POLL_MS);
    expect(runs.status[1].in_progress).toBe(false);
    expect(runs.takeNotices()).toEqual([{ projectId: 1, name: 'Acme', outcome: 'finished' }]);
    expect(runs.finished[1]).toBe(1);
  });

  it('reports a run that ended without a new update as failed', async () => {
    let reads = 0;
    installFakeEngine({
      'POST /api/projects/1/parse': () => ({
        status: 202,
        body: {
          message: 'Queued.',
          data: { ...project, parse: parse({ status: 'queued', in_progress: true, progress: 1 }) },
        },
      }),
      'GET /api/projects/1': () => ({
        body: { data: { ...project, parse: ++reads < 1 ? parse() : parse() } },
      }),
    });
    const runs = useRunsStore();
    await runs.start(1);
    await vi.advanceTimersByTimeAsync(RUN_POLL_MS);
    expect(runs.takeNotices()).toEqual([{ projectId: 1, name: 'Acme', outcome: 'failed' }]);
  });

  it('passes 403 (too few limits) on to the screen', async () => {
    installFakeEngine({
      'POST /api/projects/1/parse': () => ({ status: 403, body: { message: 'Not enough limits.' } }),
    });
    const runs = useRunsStore();
    await expect(runs.start(1)).rejects.toMatchObject({ status: 403, message: 'Not enough limits.' });
    expect(runs.starting[1]).toBe(false);
  });
});

describe('the session store', () => {
  it('asks for a token when the browser has none', async () => {
    setTransport(
      createHttpTransport({
        storage: memoryStorage(),
        fetch: (() => Promise.reject(new Error('no call'))) as any,
      }),
    );
    expect(await useSessionStore().check()).toBe('needs-token');
  });

  it('signs in with a token the server accepts and marks a rejected one', async () => {
    const storage = memoryStorage();
    const session = useSessionStore();
    const fetch = (async (_url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer good'
        ? new Response(JSON.stringify({ data: { id: 1, name: 'Owner', limits_balance: 10 } }), {
            status: 200,
          })
        : new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 });
    }) as any;
    setTransport(createHttpTransport({ storage, fetch, onUnauthorized: () => session.tokenRejected() }));
    expect(await session.signIn('bad')).toBe('rejected');
    expect(storage.getItem('answerscope.token')).toBeNull();
    expect(await session.signIn('good')).toBe('signed-in');
    expect(session.account?.limits_balance).toBe(10);
  });

  it('tells an unreachable engine apart from a refused token', async () => {
    const storage = memoryStorage();
    storage.setItem('answerscope.token', 't');
    setTransport(
      createHttpTransport({ storage, fetch: (() => Promise.reject(new Error('ECONNREFUSED'))) as any }),
    );
    const session = useSessionStore();
    expect(await session.check()).toBe('unreachable');
    expect(session.lastError).toBe('ECONNREFUSED');
  });
});

describe('pasting prompts', () => {
  it('takes one prompt per line, drops blanks, list markers and repeats', () => {
    expect(splitPromptLines('Best tools?\n\n- Is Acme good?\r\n2) Price of Acme\nbest tools?  ')).toEqual([
      'Best tools?',
      'Is Acme good?',
      'Price of Acme',
    ]);
  });
});

describe('the reports store', () => {
  it('asks for the PDF until it is printed, then fetches the file with the host', async () => {
    const { useReportsStore, REPORT_POLL_MS } = await import('../../../src-renderer/src/stores/reports');
    let asks = 0;
    const { transport } = installFakeEngine(
      {
        'GET /api/projects/1/reports/2/download': () =>
          ++asks < 2
            ? { body: { id: 2, status: 'in_progress', file: null, message: 'Printing.' } }
            : {
                body: {
                  id: 2,
                  status: 'success',
                  file: 'http://x/api/projects/1/reports/2/file',
                  message: 'Ready.',
                },
              },
      },
      'http',
    );
    const fetched: string[] = [];
    transport.download = async (url) => (fetched.push(url), new Blob(['%PDF-']));
    const saved: string[] = [];
    const reports = useReportsStore();
    await reports.download(1, 2, (_blob, file) => saved.push(file));
    expect(reports.pdf[2].state).toBe('preparing');
    await vi.advanceTimersByTimeAsync(REPORT_POLL_MS);
    expect(reports.pdf[2].state).toBe('ready');
    expect(fetched).toEqual(['http://x/api/projects/1/reports/2/file']);
    expect(saved).toEqual(['http://x/api/projects/1/reports/2/file']);
  });

  it('follows a new report until it is done', async () => {
    const { useReportsStore, REPORT_POLL_MS } = await import('../../../src-renderer/src/stores/reports');
    const item = {
      id: 3,
      project_id: 1,
      user_id: 1,
      source_type: 'manual',
      shared_key: 'k',
      created_at: '',
      updated_at: '',
    };
    let statusReads = 0;
    installFakeEngine({
      'POST /api/projects/1/reports': () => ({
        status: 201,
        body: { id: 3, shared_key: 'k', status: 'queued', message: 'Queued.' },
      }),
      'GET /api/projects/1/reports': () => ({
        body: { data: [{ ...item, status: 'queued' }], links: {}, meta: {} },
      }),
      'GET /api/projects/1/reports/3/status': () => ({
        body: { id: 3, status: ++statusReads < 2 ? 'running' : 'done', updated_at: 'later' },
      }),
    });
    const reports = useReportsStore();
    reports.projectId = 1;
    await reports.create(1, {
      comparison_enabled: false,
      period_main: 'last_7_days',
      blocks: [{ slug: 'summary' }],
    });
    expect(reports.reports[0].status).toBe('queued');
    await vi.advanceTimersByTimeAsync(REPORT_POLL_MS);
    expect(reports.reports[0].status).toBe('running');
    await vi.advanceTimersByTimeAsync(REPORT_POLL_MS);
    expect(reports.reports[0].status).toBe('done');
  });
});
