import { z } from 'zod';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Project } from '../../src-shared/api/core';
import type { CompetitorsResponse, SourcesListResponse } from '../../src-shared/api/analytics';
import type { Api } from './api';
import { getSummary } from './tools-analytics';

export const SUMMARY_URI = 'answerscope://projects/{id}/summary';
export const BRIEF_PROMPT = 'weekly_brand_visibility_brief';

/**
 * Each project's latest summary as a resource (the same digest get_summary returns, default
 * filters), and the "weekly brand visibility brief" prompt that puts summary, competitors and
 * sources in front of the assistant with the brief to write.
 */
export function registerResourcesAndPrompts(server: McpServer, api: Api): void {
  registerProjectSummaryResource(server, api);
  registerBriefPrompt(server, api);
}

function registerProjectSummaryResource(server: McpServer, api: Api): void {
  server.registerResource(
    'project-summary',
    new ResourceTemplate(SUMMARY_URI, {
      list: async () => {
        const { data } = await api<{ data: Project[] }>({ method: 'GET', path: '/api/projects' });
        return {
          resources: data.map((p) => ({
            uri: `answerscope://projects/${p.id}/summary`,
            name: `${p.name}: summary`,
            mimeType: 'application/json',
          })),
        };
      },
    }),
    {
      title: 'Project summary',
      description:
        "A project's visibility summary at its latest update (what get_summary returns without filters).",
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const id = Number(variables.id);
      if (!Number.isSafeInteger(id) || id <= 0) throw new Error('Project not found.');
      const { digest } = await getSummary(api, { project_id: id });
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(digest) }] };
    },
  );
}

function registerBriefPrompt(server: McpServer, api: Api): void {
  server.registerPrompt(
    BRIEF_PROMPT,
    {
      title: 'Weekly brand visibility brief',
      description:
        "A short brief on the brand's visibility in AI answers at the latest update against the one before: summary, competitors and cited sources.",
      argsSchema: { project_id: z.string().regex(/^\d+$/, 'A project id (see list_projects).') },
    },
    async ({ project_id }) => {
      const id = Number(project_id);
      const path = `/api/projects/${id}`;
      const { digest, text } = await getSummary(api, { project_id: id });
      const competitors = await api<CompetitorsResponse>({
        method: 'GET',
        path: `${path}/competitors`,
        query: { competitors_count: 10 },
      });
      const sources = await api<SourcesListResponse>({
        method: 'GET',
        path: `${path}/sources/list`,
        query: { per_page: 10 },
      });
      const data = {
        summary: digest,
        competitors: competitors.data.tableData.map((r) => ({
          name: r.competitor.name,
          type: r.competitor.type,
          visibility: r.visibility,
          share_of_voice: r.share_of_voice,
          mentions: r.mentions,
        })),
        top_cited_domains: sources.tableData.map((d) => ({
          domain: d.domain,
          type: d.dominant_type.value,
          citations: d.frequency,
        })),
      };
      return {
        description: `Weekly brand visibility brief for ${digest.project.brand}`,
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: [
                `Write a weekly brief on how AI assistants present ${digest.project.brand} (${digest.project.domain || 'no site'}), for a marketing team, in ${digest.project.language === 'ru' ? 'Russian' : 'English'}.`,
                'Cover: visibility now and its change since the previous update (overall and per network), tone, share of voice against the main competitors and who is gaining, the prompts moving most, and which sites the answers cite (is the own site among them?). End with three concrete actions. Use only the figures below; say when a change is too small to matter.',
                '',
                text,
                '',
                'Data (JSON):',
                JSON.stringify(data),
              ].join('\n'),
            },
          },
        ],
      };
    },
  );
}
