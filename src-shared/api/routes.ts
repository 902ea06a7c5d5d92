import type { CoreRoutes } from './core';
import type { AnalyticsRoutes } from './analytics';
import type { ReportsRoutes } from './reports';

/**
 * The route table: every API route as `'METHOD /path/{param}'` → its params, query, body and
 * response types. The renderer's one typed client is generic over it, so a route is typed once.
 * Each area declares its own map in its own file.
 */
export interface ApiRoutes extends CoreRoutes, AnalyticsRoutes, ReportsRoutes {}
