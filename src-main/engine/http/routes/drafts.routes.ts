import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { ctxOf, userOf, bodyOf } from '../params';
import { ANY_SEGMENT, route } from '../route';
import { parseInput } from '../../validation/parse-input';
import { draftError } from '../../errors';
import { PROJECT_LANGUAGES } from '../../../../src-shared/enums';
import * as drafts from '../../drafts/drafts.service';

export const draftsRoutes = new Hono<AppEnv>();

const list = z.union([z.string().trim().max(2000), z.array(z.string().trim().max(255)).max(50)]);
const draftBody = z.object({
  brand: z.string().trim().min(1).max(255),
  activities: list,
  domain: z.string().trim().max(255).nullish(),
  neurals: z
    .array(z.union([z.int().positive(), z.string().trim().min(1).max(64)]))
    .min(1)
    .max(50),
  alternative_brand: list.nullish(),
  region: z.int().min(0).max(1_000_000_000).optional(),
  language: z.enum(PROJECT_LANGUAGES).optional(),
});
const promptsBody = z.object({ prompts: z.array(z.string().max(2000)).max(500) });

/** A draft id is what `ids.random()` makes; anything else cannot exist. */
function draftParam(c: Context<AppEnv>): string {
  const id = c.req.param('draft') ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw draftError('DRAFT_NOT_FOUND', 'Draft not found or expired.');
  return id;
}

/** Any segment reaches the handler, so a malformed id gets the draft error envelope (draftParam). */
const draftId = { patterns: { draft: ANY_SEGMENT } };

route(
  draftsRoutes,
  'POST /api/project-drafts',
  async (c) => drafts.createDraft(ctxOf(c), userOf(c), parseInput(draftBody, await bodyOf(c))),
  { status: 202 },
);

route(
  draftsRoutes,
  'GET /api/project-drafts/{draft}',
  async (c) => drafts.getDraft(ctxOf(c), userOf(c), draftParam(c)),
  draftId,
);

route(
  draftsRoutes,
  'PATCH /api/project-drafts/{draft}/prompts',
  async (c) => {
    const id = draftParam(c);
    const input = parseInput(promptsBody, await bodyOf(c));
    return drafts.replaceDraftPrompts(ctxOf(c), userOf(c), id, input.prompts);
  },
  draftId,
);

route(
  draftsRoutes,
  'POST /api/project-drafts/{draft}/project',
  async (c) => drafts.createProjectFromDraft(ctxOf(c), userOf(c), draftParam(c)),
  { ...draftId, status: 201 },
);
