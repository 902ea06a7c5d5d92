import type { Context } from 'hono';
import type { AppEnv } from './app';
import { parseQuery, type Query } from '../validation/query';
import { readJson } from './json-body';
import { notFound } from '../errors';

/** Small helpers every route file uses, so handlers stay 3–6 lines. */
export const ctxOf = (c: Context<AppEnv>) => c.get('ctx');
export const userOf = (c: Context<AppEnv>) => c.get('user');
export const queryOf = (c: Context<AppEnv>): Query => parseQuery(c.req.url);
export const bodyOf = (c: Context<AppEnv>) => readJson(c.req.raw);

/** An integer path parameter; anything else is a 404 (the resource cannot exist). */
export function idParam(c: Context<AppEnv>, name: string): number {
  const raw = c.req.param(name) ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw notFound('Not found.');
  return Number(raw);
}
