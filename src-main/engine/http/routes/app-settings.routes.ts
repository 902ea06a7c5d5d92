import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { ctxOf, userOf, bodyOf } from '../params';
import { route } from '../route';
import { parseInput } from '../../validation/parse-input';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../../validation/text-fields';
import { THEMES, UI_LANGUAGES } from '../../../../src-shared/enums';
import * as appSettings from '../../app-settings/app-settings.service';

export const appSettingsRoutes = new Hono<AppEnv>();

// SMTP fields go into protocol lines and headers: one line each (no CR/LF injection).
const text = (max: number) =>
  z.string().trim().max(max).refine(isSingleLine, SINGLE_LINE_MESSAGE).nullable().optional();
const patchBody = z.object({
  analysis_neural_id: z.int().positive().nullable().optional(),
  schedule_hour: z.int().min(0).max(23).nullable().optional(),
  time_zone: z.string().trim().min(1).max(64).nullable().optional(),
  language: z.enum(UI_LANGUAGES).nullable().optional(),
  theme: z.enum(THEMES).nullable().optional(),
  fetch_favicons: z.boolean().nullable().optional(),
  smtp: z
    .object({
      host: text(255),
      port: z.int().min(1).max(65535).nullable().optional(),
      secure: z.boolean().nullable().optional(),
      user: text(255),
      from: text(255),
      password: z.string().max(1000).refine(isSingleLine, SINGLE_LINE_MESSAGE).nullable().optional(),
    })
    .nullable()
    .optional(),
});

// Extension endpoints: the app's own settings (analysis model, schedule hour and zone, UI, site
// icons, SMTP).
route(appSettingsRoutes, 'GET /api/app/settings', async (c) => {
  return { data: await appSettings.readAppSettings(ctxOf(c)) };
});

route(appSettingsRoutes, 'PATCH /api/app/settings', async (c) => {
  const input = parseInput(patchBody, await bodyOf(c));
  return { data: await appSettings.updateAppSettings(ctxOf(c), userOf(c), input) };
});
