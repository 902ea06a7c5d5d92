/** Route types of this area (see routes.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ReportsRoutes {}
