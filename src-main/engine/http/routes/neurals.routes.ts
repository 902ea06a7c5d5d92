import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { ctxOf, bodyOf, idParam, userOf } from '../params';
import { ANY_SEGMENT, route } from '../route';
import { requireAdmin } from '../../account/users';
import { parseInput } from '../../validation/parse-input';
import { singleLine } from '../../validation/text-fields';
import { invalidField } from '../../errors';
import { checkBaseUrl } from '../../neurals/base-url';
import { PROVIDERS } from '../../neurals/catalogue';
import * as neurals from '../../neurals/neurals.service';

export const neuralsRoutes = new Hono<AppEnv>();

route(neuralsRoutes, 'GET /api/neurals', async (c) => {
  const rows = await neurals.listNeurals(ctxOf(c));
  return { data: rows.map(neurals.toNeural) };
});

// Extension endpoints (decisions.md §3): manage the catalogue and its keys. Reading is open to
// every user (project settings list the networks); changing is for administrators: an entry's
// `base_url` decides where its key is sent.
const neuralBody = z.object({
  system_name: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9_.-]{0,63}$/,
      'The system name may hold lowercase letters, digits, dots, dashes and underscores.',
    ),
  display_name: singleLine(100),
  provider: z.enum(PROVIDERS),
  model: singleLine(200),
  base_url: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  api_key: z.string().max(4000).nullish(),
  web_search_supported: z.boolean().optional(),
  model_url: z
    .url({ protocol: /^https?$/, error: 'The model url must be an http(s) URL.' })
    .max(2000)
    .nullish(),
  /** Confirms a plain-http base_url outside the local network (base-url.ts). Not stored. */
  allow_insecure_http: z.boolean().optional(),
});

/** Any segment reaches the handler: the admin check (403) comes before idParam's 404. */
const adminId = { patterns: { id: ANY_SEGMENT } };

/** The base_url rule (base-url.ts), as a 422 on `base_url`. */
function assertBaseUrl(input: { base_url?: string | null; allow_insecure_http?: boolean }) {
  if (!input.base_url) return;
  const verdict = checkBaseUrl(input.base_url, input.allow_insecure_http);
  if (!verdict.ok) throw invalidField('base_url', verdict.message);
}

route(neuralsRoutes, 'GET /api/app/neurals', async (c) => {
  const rows = await neurals.listNeurals(ctxOf(c));
  return { data: rows.map(neurals.toAppNeural) };
});

route(
  neuralsRoutes,
  'POST /api/app/neurals',
  async (c) => {
    requireAdmin(userOf(c));
    const { allow_insecure_http, ...input } = parseInput(neuralBody, await bodyOf(c));
    assertBaseUrl({ base_url: input.base_url, allow_insecure_http });
    return { data: neurals.toAppNeural(await neurals.createNeural(ctxOf(c), input)) };
  },
  { status: 201 },
);

route(
  neuralsRoutes,
  'PATCH /api/app/neurals/{id}',
  async (c) => {
    requireAdmin(userOf(c));
    const { allow_insecure_http, ...input } = parseInput(neuralBody.partial(), await bodyOf(c));
    assertBaseUrl({ base_url: input.base_url, allow_insecure_http });
    return { data: neurals.toAppNeural(await neurals.updateNeural(ctxOf(c), idParam(c, 'id'), input)) };
  },
  adminId,
);

route(
  neuralsRoutes,
  'DELETE /api/app/neurals/{id}',
  async (c) => {
    requireAdmin(userOf(c));
    await neurals.deleteNeural(ctxOf(c), idParam(c, 'id'));
    return { message: 'Neural network deleted.' };
  },
  adminId,
);
