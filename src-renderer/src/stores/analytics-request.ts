/**
 * The analytics stores' one door to the typed client. Routes declared in src-shared/api go
 * through `api.request` with full types; the analytics routes whose types are not declared yet
 * use `requestLoose`, which is the same client call with the response type given here. When
 * src-shared/api/analytics.ts declares a route, its store switches to `api.request`.
 */
import { api, type RouteKey } from '../api/client';

export interface LooseOptions {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export function requestLoose<T>(route: string, options: LooseOptions = {}): Promise<T> {
  const request = api.request as unknown as (route: RouteKey, options: LooseOptions) => Promise<T>;
  return request(route as RouteKey, options);
}
