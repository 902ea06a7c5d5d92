import type { RouteRecordRaw } from 'vue-router';

/** Routes of the print views (the report PDF is printed from these). */
export const printRoutes: RouteRecordRaw[] = [];
